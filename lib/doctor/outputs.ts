/**
 * The stage's CloudFormation outputs, which the doctor reads instead of knowing resource names. Keys
 * are found by pattern, not by exact name: an output defined inside a construct gets a hash suffix
 * (`StripeSecretArn1A2B3C4D`), and a renamed output should not silently turn a check off.
 */
import { fail, pass, type CheckResult } from './check.js';

/** The stacks of one stage, as lib/app.ts names them (`Portal-<stage>-<part>`). */
export const STACK_PARTS = ['Data', 'Auth', 'Api', 'Jobs', 'Web', 'Ops', 'Waf'] as const;
export type StackPart = (typeof STACK_PARTS)[number];
/**
 * Where a stack lives when not in the portal's region: a web ACL for CloudFront must be in us-east-1
 * (lib/stacks/waf-stack.ts WAF_REGION, not imported here: it would load the CDK into every doctor run).
 */
export const STACK_REGION: Partial<Record<StackPart, string>> = { Waf: 'us-east-1' };
export const stackName = (stage: string, part: StackPart) => `Portal-${stage}-${part}`;

export interface StackOutput {
  readonly stack: string;
  readonly key: string;
  readonly value: string;
}

/** What DescribeStacks answers, reduced to what the doctor reads. */
export interface DescribedStack {
  readonly StackName?: string;
  readonly StackStatus?: string;
  readonly Outputs?: ReadonlyArray<{ OutputKey?: string; OutputValue?: string }>;
}

export function collectOutputs(stacks: readonly DescribedStack[]): StackOutput[] {
  return stacks.flatMap((stack) =>
    (stack.Outputs ?? []).flatMap((o) => (o.OutputKey && o.OutputValue ? [{ stack: stack.StackName ?? '', key: o.OutputKey, value: o.OutputValue }] : [])),
  );
}

/**
 * The first output whose key matches `key` (and whose value matches `value`, when given: several keys
 * may contain "Distribution", only one value is a URL).
 */
export function findOutput(outputs: readonly StackOutput[], key: RegExp, value?: RegExp): StackOutput | undefined {
  return outputs.find((o) => key.test(o.key) && (!value || value.test(o.value)));
}

/** The outputs the checks use, each with the pattern that finds it. */
export const OUTPUTS = {
  stripeSecretArn: { key: /StripeSecret/i, value: /^arn:aws[\w-]*:secretsmanager:/ },
  alarmTopicArn: { key: /AlarmTopic/i, value: /^arn:aws[\w-]*:sns:/ },
  userPoolId: { key: /UserPoolId/i, value: /^[\w-]+_[0-9A-Za-z]+$/ },
  distributionUrl: { key: /Distribution(Url|Domain)|PortalUrl|SiteUrl/i, value: /^(https:\/\/)?[\w.-]+\.[a-z]{2,}\/?$/i },
  distributionId: { key: /DistributionId/i, value: /^E[0-9A-Z]+$/ },
  webAclArn: { key: /WebAcl/i, value: /^arn:aws[\w-]*:wafv2:/ },
  testAlarmName: { key: /TestAlarm/i, value: /\S/ },
} as const;

export type OutputName = keyof typeof OUTPUTS;

export function outputValue(outputs: readonly StackOutput[], name: OutputName): string | undefined {
  const { key, value } = OUTPUTS[name];
  return findOutput(outputs, key, value)?.value;
}

/** The portal's origin from the distribution output, which may or may not carry its scheme. */
export function originOf(distributionUrl: string): string {
  const trimmed = distributionUrl.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Stack states whose resources and outputs are there (an update that rolled back is at its previous state). */
const USABLE = ['CREATE_COMPLETE', 'UPDATE_COMPLETE', 'UPDATE_ROLLBACK_COMPLETE', 'IMPORT_COMPLETE', 'IMPORT_ROLLBACK_COMPLETE'];

/**
 * The first line of a cloud run: every stack of the stage exists and is in a usable state. A stack
 * that is missing or rolled back turns the checks that need its outputs into failures of their own.
 */
export function judgeStacks(stage: string, found: readonly DescribedStack[], missing: readonly string[]): CheckResult {
  const name = 'Stacks';
  const broken = found.filter((s) => !USABLE.includes(s.StackStatus ?? ''));
  const deploy = `npm run build:web && npx cdk deploy --all -c stage=${stage}`;
  if (missing.length > 0) return fail(name, `not deployed: ${missing.join(', ')}`, deploy);
  if (broken.length > 0) {
    return fail(
      name,
      broken.map((s) => `${s.StackName} is ${s.StackStatus}`).join('; '),
      `wait for a stack in progress; otherwise read the stack's Events tab in the CloudFormation console, fix the cause, then ${deploy}`,
    );
  }
  return pass(name, `${found.length} stacks of ${stage}: ${found.map((s) => s.StackName).join(', ')}`);
}
