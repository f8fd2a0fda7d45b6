/**
 * cdk-nag 3 runs as a CDK validation plugin: every unacknowledged finding (warnings included)
 * fails the synth. Acknowledge a finding with `Validations.of(construct).acknowledge({ id, reason })`
 * next to the resource. This file only adds what v3 lacks: acknowledging AwsSolutions-IAM5
 * findings whose id spells out a resolved ARN.
 */
import { CfnResource, DefaultStackSynthesizer, Stack, Validations } from 'aws-cdk-lib';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';
// Not re-exported by cdk-nag's index: the exact flattening its IAM rules use to build finding ids.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';

/** Finding id of a wildcard action: `Action::s3:List*`. */
export function wildcardAction(action: string): string {
  return `Action::${action}`;
}

/**
 * Finding id of a wildcard resource as cdk-nag prints it, e.g. `Resource::<Table.Arn>/index/*`,
 * or, for a table in another stack, `Resource::{"Fn::GetStackOutput":...}/index/*`. Only
 * meaningful once references are resolved, i.e. inside `acknowledgeWildcards`' callback.
 */
export function wildcardResource(scope: IConstruct, arn: string): string {
  return `Resource::${flattenCfnReference(Stack.of(scope).resolve(arn))}`;
}

/**
 * Objects of the CDK bootstrap assets bucket (read by asset-deploying handlers). A pattern, since
 * its ARN is spelled with or without a concrete partition/region depending on the stack's env.
 */
export function cdkAssetsBucketObjects(scope: IConstruct): RegExp {
  const synthesizer = Stack.of(scope).synthesizer;
  const qualifier = (synthesizer instanceof DefaultStackSynthesizer ? synthesizer.bootstrapQualifier : undefined) ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  // `arn:aws:s3:::cdk-q-assets-<AWS::AccountId>-eu-west-1/*` or `arn:<AWS::Partition>:s3:::...-<AWS::Region>/*`
  return new RegExp(`^Resource::arn:(aws[a-z-]*|<AWS::Partition>):s3:::cdk-${qualifier}-assets-[^/]+/\\*$`);
}

/**
 * Acknowledges the AwsSolutions-IAM5 findings on `scope` and its children that match the given
 * ids or patterns (cdk-nag v2's `appliesTo`). Matching happens in a construct validation, which
 * runs after cross-stack references are resolved and before cdk-nag looks at the tree; only
 * findings that really exist are acknowledged.
 */
export function acknowledgeWildcards(scope: IConstruct, reason: string, findings: () => ReadonlyArray<string | RegExp>): void {
  scope.node.addValidation({
    validate: () => {
      const wanted = findings();
      for (const finding of reportedWildcards(scope)) {
        if (wanted.some((w) => (typeof w === 'string' ? w === finding : w.test(finding)))) {
          Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
        }
      }
      return [];
    },
  });
}

/** What AwsSolutions-IAM5 reports for the IAM resources under `scope`. */
function reportedWildcards(scope: IConstruct): Set<string> {
  const found = new Set<string>();
  for (const node of scope.node.findAll()) {
    if (!CfnResource.isCfnResource(node)) continue;
    const result = rules.iam.IAMNoWildcardPermissions(node);
    if (Array.isArray(result)) result.forEach((finding) => found.add(finding));
  }
  return found;
}
