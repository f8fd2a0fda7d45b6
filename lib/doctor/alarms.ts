/**
 * Whether an alarm reaches a person: the alarm topic has a confirmed subscriber, and its policy lets
 * CloudWatch publish (a policy that holds only a Deny replaces SNS's default one and silently drops
 * every alarm). Pure judgements; the SNS and CloudWatch calls are in cloud.ts.
 */
import { fail, pass, type CheckResult } from './check.js';

/** One row of SNS ListSubscriptionsByTopic. */
export interface SubscriptionInfo {
  readonly SubscriptionArn?: string;
  readonly Protocol?: string;
  readonly Endpoint?: string;
}

/**
 * A confirmed subscription has an ARN; one waiting for its confirmation mail reads "PendingConfirmation"
 * (https://docs.aws.amazon.com/sns/latest/api/API_ListSubscriptionsByTopic.html lists Subscription objects;
 * the email protocol stays pending until the link in the mail is followed).
 */
export const isConfirmed = (s: SubscriptionInfo) => (s.SubscriptionArn ?? '').startsWith('arn:');

const SUBSCRIBERS = 'Alarm topic subscribers';

export function judgeSubscriptions(subscriptions: readonly SubscriptionInfo[], topicArn: string, stage: string): CheckResult {
  const describe = (s: SubscriptionInfo) => `${s.Protocol ?? '?'} ${s.Endpoint ?? '?'}`;
  const confirmed = subscriptions.filter(isConfirmed);
  const pending = subscriptions.filter((s) => s.SubscriptionArn === 'PendingConfirmation');
  const subscribe = `deploy with -c alarmEmail=ops@your-school.edu (npx cdk deploy Portal-${stage}-Ops -c stage=${stage}) and follow the link in the "AWS Notification - Subscription Confirmation" mail, or aws sns subscribe --topic-arn ${topicArn} --protocol email --notification-endpoint ops@your-school.edu`;
  if (confirmed.length > 0) {
    const waiting = pending.length > 0 ? `; ${pending.length} still pending (${pending.map(describe).join(', ')})` : '';
    return pass(SUBSCRIBERS, `${confirmed.length} confirmed: ${confirmed.map(describe).join(', ')}${waiting}`);
  }
  if (pending.length > 0) {
    return fail(
      SUBSCRIBERS,
      `none confirmed; pending: ${pending.map(describe).join(', ')}`,
      `open the "AWS Notification - Subscription Confirmation" mail at ${pending.map((s) => s.Endpoint).join(', ')} and follow "Confirm subscription" (it expires after 3 days: subscribe again with aws sns subscribe --topic-arn ${topicArn} --protocol email --notification-endpoint <address>)`,
    );
  }
  return fail(SUBSCRIBERS, 'no subscriber: alarms reach nobody', subscribe);
}

interface PolicyStatement {
  Effect?: string;
  Principal?: string | { Service?: string | string[]; AWS?: string | string[] };
  Action?: string | string[];
  Condition?: Record<string, unknown>;
}

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const CLOUDWATCH = 'cloudwatch.amazonaws.com';
const coversPublish = (actions: string[]) => actions.some((a) => ['sns:Publish', 'sns:*', '*'].includes(a));
const namesCloudWatch = (principal: PolicyStatement['Principal']) =>
  principal === '*' || (typeof principal === 'object' && (asList(principal.Service).includes(CLOUDWATCH) || asList(principal.AWS).includes('*')));

const POLICY = 'Alarm topic policy';

/**
 * The topic's access policy (GetTopicAttributes → Policy) must allow CloudWatch to publish, and no Deny
 * may apply to it except the TLS-only one (`aws:SecureTransport` false), which CloudWatch satisfies.
 */
export function judgeTopicPolicy(policyJson: string | undefined, topicArn: string, stage: string): CheckResult {
  const fix = `redeploy the ops stack, whose topic policy allows ${CLOUDWATCH} to publish (npx cdk deploy Portal-${stage}-Ops -c stage=${stage}); check with aws sns get-topic-attributes --topic-arn ${topicArn}`;
  let statements: PolicyStatement[];
  try {
    const parsed = JSON.parse(policyJson ?? '') as { Statement?: PolicyStatement | PolicyStatement[] };
    statements = parsed.Statement === undefined ? [] : Array.isArray(parsed.Statement) ? parsed.Statement : [parsed.Statement];
  } catch {
    return fail(POLICY, 'the topic has no readable policy', fix);
  }
  const allows = statements.some((s) => s.Effect === 'Allow' && namesCloudWatch(s.Principal) && coversPublish(asList(s.Action)));
  const tlsOnly = (s: PolicyStatement) => JSON.stringify(s.Condition ?? {}).includes('aws:SecureTransport');
  const denies = statements.filter((s) => s.Effect === 'Deny' && namesCloudWatch(s.Principal) && coversPublish(asList(s.Action)) && !tlsOnly(s));
  if (!allows) return fail(POLICY, `no statement allows ${CLOUDWATCH} to sns:Publish: CloudWatch cannot deliver any alarm`, fix);
  if (denies.length > 0) return fail(POLICY, `a Deny statement without a TLS condition also applies to ${CLOUDWATCH}`, fix);
  return pass(POLICY, `${CLOUDWATCH} may publish${statements.some(tlsOnly) ? ', TLS only' : ''}`);
}

/** One alarm of CloudWatch DescribeAlarms. */
export interface AlarmInfo {
  readonly AlarmName?: string;
  readonly StateValue?: string;
  readonly AlarmActions?: readonly string[];
  readonly ActionsEnabled?: boolean;
}

/**
 * The alarm `--send-test-alarm` sets to ALARM: one that notifies the topic and is not in ALARM already
 * (SetAlarmState invokes the actions only "when the updated state differs from the previous value",
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_SetAlarmState.html). The one the
 * ops stack names for this (its TestAlarmName output) first, else the API 5xx alarm: its name says
 * what it is in the mail, and it is not one function's.
 */
export function pickTestAlarm(alarms: readonly AlarmInfo[], topicArn: string, preferred?: string): AlarmInfo | undefined {
  const usable = alarms.filter(
    (a): a is AlarmInfo & { AlarmName: string } => Boolean(a.AlarmName) && a.StateValue !== 'ALARM' && a.ActionsEnabled !== false && (a.AlarmActions ?? []).includes(topicArn),
  );
  return usable.find((a) => a.AlarmName === preferred) ?? usable.find((a) => /Api5xx/i.test(a.AlarmName)) ?? usable[0];
}

export const TEST_ALARM_REASON =
  'Test from `npm run doctor -- --send-test-alarm`: checking that alarms reach a person. CloudWatch returns the alarm to its real state at its next evaluation.';
