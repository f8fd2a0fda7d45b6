import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { routeById, routeKeyPath, type RouteId } from '../../lambdas/routes.js';
import { SIGN_IN_ROUTES, type StageSettings } from '../stage.js';

/** A web ACL for CloudFront must live in us-east-1, whatever the region of the stack it protects. */
export const WAF_REGION = 'us-east-1';

/** AWS managed rule groups, in evaluation order (https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-list.html). */
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;

/**
 * Routes whose bodies are larger than 8 KB by design, which the core rule set's SizeRestrictions_BODY
 * would block: the CSV import (up to 1 MB), a document sent as a form, and Stripe's events (a payment
 * event with its charges easily passes 8 KB, and losing one delays money until reconciliation).
 */
export const LARGE_BODY_ROUTES = ['students-import', 'documents-upload', 'payments-webhook'] as const satisfies readonly RouteId[];

/** The label SizeRestrictions_BODY adds (https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-baseline.html). */
export const BODY_SIZE_LABEL = 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body';

/** API Gateway's own throttling answer, so the SPA sees one kind of 429 whoever refused. */
const TOO_MANY_REQUESTS = 'TooManyRequests';

export interface WafStackProps extends StackProps {
  readonly stage: StageSettings;
}

/**
 * The distribution's WAF web ACL (scope CLOUDFRONT). This stack is always deployed to us-east-1; the web
 * stack, in the portal's region, reads the ACL's ARN across regions: with cdk.json's weak cross-stack
 * references that is an `Fn::GetStackOutput` with a Region, which needs no custom resources or
 * `crossRegionReferences` (aws-cdk-lib README "Reference strength";
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/intrinsic-function-reference-getstackoutput.html).
 * Logging stays off: cdk-nag's AwsSolutions pack does not ask for it, and CloudWatch metrics and sampled
 * requests of every rule show what was blocked.
 */
export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const metric = (name: string) => ({ cloudWatchMetricsEnabled: true, metricName: `portal-${stage.name}-${name}`, sampledRequestsEnabled: true });

    const managed = MANAGED_RULE_GROUPS.map((name, priority): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          // counted (and labelled) instead of blocked; the next rule blocks it everywhere else
          ruleActionOverrides: name === 'AWSManagedRulesCommonRuleSet' ? [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] : undefined,
        },
      },
      visibilityConfig: metric(name),
    }));

    // SizeRestrictions_BODY, put back on every path but the large-body routes: a label match after the
    // group (https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-label-match-examples.html).
    // No text transformation: an encoded path does not match, so it stays blocked.
    const largeBodies: CfnWebACL.RuleProperty = {
      name: 'BodyOver8KbOutsideUploads',
      priority: MANAGED_RULE_GROUPS.length,
      action: { block: {} },
      statement: {
        andStatement: {
          statements: [
            { labelMatchStatement: { scope: 'LABEL', key: BODY_SIZE_LABEL } },
            {
              notStatement: {
                statement: {
                  regexMatchStatement: {
                    regexString: largeBodyPathPattern(),
                    fieldToMatch: { uriPath: {} },
                    textTransformations: [{ priority: 0, type: 'NONE' }],
                  },
                },
              },
            },
          ],
        },
      },
      visibilityConfig: metric('BodyOver8KbOutsideUploads'),
    };

    // Per client address, each sign-in path on its own (limits in lib/stage.ts). The path is matched
    // decoded and normalised, with or without the trailing slash CloudFront strips later.
    const rateLimits = SIGN_IN_ROUTES.map((routeId, index): CfnWebACL.RuleProperty => ({
      name: `RateLimit-${routeId}`,
      priority: 10 + index,
      action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY_REQUESTS } } },
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit: stage.wafSignInLimits.perIp[routeId],
          evaluationWindowSec: stage.wafSignInLimits.windowSeconds,
          scopeDownStatement: {
            byteMatchStatement: {
              searchString: routeKeyPath(routeById(routeId).path),
              fieldToMatch: { uriPath: {} },
              positionalConstraint: 'STARTS_WITH',
              textTransformations: [
                { priority: 0, type: 'URL_DECODE' },
                { priority: 1, type: 'NORMALIZE_PATH' },
              ],
            },
          },
        },
      },
      visibilityConfig: metric(`RateLimit-${routeId}`),
    }));

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `portal-${stage.name}`,
      description: `Portal ${stage.name}: AWS managed rules and per-address sign-in limits, in front of CloudFront`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules: [...managed, largeBodies, ...rateLimits],
      customResponseBodies: {
        [TOO_MANY_REQUESTS]: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ message: 'Too Many Requests' }) },
      },
      visibilityConfig: metric('WebAcl'),
    });

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn, description: 'WAF web ACL of the distribution' });
  }
}

/** `^(/api/students/import|/api/documents|...)/?$`: exactly the large-body routes' paths. */
export function largeBodyPathPattern(): string {
  const paths = LARGE_BODY_ROUTES.map((id) => routeKeyPath(routeById(id).path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `^(${paths.join('|')})/?$`;
}
