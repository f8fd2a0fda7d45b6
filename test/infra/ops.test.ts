/**
 * "Observe": alarms with their thresholds, the alarm topic, the dashboard, per stage.
 * Alarms that can reach someone (topic and key policies), the alarm count README states.
 * That every alarm watches a metric the code emits is test/handlers/metrics-emitted.test.ts.
 */
import { readFileSync } from 'node:fs';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes.js';
import { METRIC, METRIC_DIMENSIONS, METRICS_NAMESPACE } from '../../lambdas/observability/metric-names.js';
import { stageSettings } from '../../lib/stage.js';
import { flat, removeSynthOutputs, resourcesOf, synthPortal } from './synth.js';

afterAll(removeSynthOutputs);

/** This account (a Ref while the account is unknown offline, else its id), and one ARN part. */
const ACCOUNT = String.raw`(\$\{AWS::AccountId\}|\d{12})`;
const PART = '[^:]+';

describe.each(['dev', 'prod'] as const)('ops stack (%s)', (stage) => {
  const alarms = () => Object.values(resourcesOf(synthPortal(stage).ops, 'AWS::CloudWatch::Alarm'));
  const described = (text: RegExp) => alarms().filter((a) => text.test(String(a.Properties.AlarmDescription)));

  it('sends every alarm to one encrypted SNS topic', () => {
    const ops = synthPortal(stage).ops;
    ops.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    const topicId = Object.keys(resourcesOf(ops, 'AWS::SNS::Topic'))[0];
    for (const alarm of alarms()) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it('alarms on the API 5xx rate and p95 latency at the stage thresholds', () => {
    const settings = stageSettings(stage).alarms;
    expect(described(/5xx/)[0]!.Properties.Threshold).toBe(settings.api5xxPercent);
    const latency = described(/p95 latency/)[0]!;
    expect(latency.Properties).toMatchObject({ Threshold: settings.apiP95LatencyMs, ExtendedStatistic: 'p95', MetricName: 'Latency', Namespace: 'AWS/ApiGateway' });
  });

  it('alarms on errors and throttles of every route function', () => {
    for (const route of routes) {
      expect(described(new RegExp(`^${route.id}: the function failed$`)), route.id).toHaveLength(1);
      expect(described(new RegExp(`^${route.id}: invocations were throttled$`)), route.id).toHaveLength(1);
    }
  });

  it('lets CloudWatch alarms of this account, and only them, publish to the topic, over TLS only', () => {
    const ops = synthPortal(stage).ops;
    const topicId = Object.keys(resourcesOf(ops, 'AWS::SNS::Topic'))[0]!;
    const policies = Object.values(resourcesOf(ops, 'AWS::SNS::TopicPolicy'));
    expect(policies).toHaveLength(1); // one policy replaces SNS's default one: it must hold everything
    expect(policies[0]!.Properties.Topics).toEqual([{ Ref: topicId }]);
    const statements = policies[0]!.Properties.PolicyDocument.Statement as Array<Record<string, any>>;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: 'sns:Publish',
        Resource: { Ref: topicId },
      }),
    );
    const allow = statements.find((s) => s.Effect === 'Allow')!;
    expect(Object.keys(allow.Condition).sort()).toEqual(['ArnLike', 'StringEquals']);
    expect(flat(allow.Condition.StringEquals['aws:SourceAccount'])).toMatch(new RegExp(`^${ACCOUNT}$`));
    expect(flat(allow.Condition.ArnLike['aws:SourceArn'])).toMatch(new RegExp(`^arn:${PART}:cloudwatch:${PART}:${ACCOUNT}:alarm:\\*$`));
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    // nothing else is allowed through the topic policy (same-account callers use their IAM policies)
    expect(statements.filter((s) => s.Effect === 'Allow')).toHaveLength(1);
  });

  it("lets CloudWatch use the topic's key for this topic only (an SNS-managed key cannot be used by alarms)", () => {
    const ops = synthPortal(stage).ops;
    const [keyId, key] = Object.entries(resourcesOf(ops, 'AWS::KMS::Key'))[0]!;
    expect(Object.values(resourcesOf(ops, 'AWS::SNS::Topic'))[0]!.Properties).toMatchObject({
      TopicName: `portal-${stage}-alarms`,
      KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] },
    });
    const forCloudWatch = (key.Properties.KeyPolicy.Statement as Array<Record<string, any>>).filter((s) => s.Principal?.Service === 'cloudwatch.amazonaws.com');
    expect(forCloudWatch).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    ]);
    expect(Object.keys(forCloudWatch[0]!.Condition)).toEqual(['StringEquals']);
    expect(Object.keys(forCloudWatch[0]!.Condition.StringEquals)).toEqual(['kms:EncryptionContext:aws:sns:topicArn']);
    expect(flat(forCloudWatch[0]!.Condition.StringEquals['kms:EncryptionContext:aws:sns:topicArn'])).toMatch(
      new RegExp(`^arn:${PART}:sns:${PART}:${ACCOUNT}:portal-${stage}-alarms$`),
    );
  });

  it('names the alarm topic and a test alarm in outputs, for `npm run doctor`', () => {
    const ops = synthPortal(stage).ops;
    const topicId = Object.keys(resourcesOf(ops, 'AWS::SNS::Topic'))[0]!;
    ops.hasOutput('AlarmTopicArn', { Value: { Ref: topicId } });
    const testAlarm = ops.findOutputs('TestAlarmName').TestAlarmName!.Value as { Ref: string };
    expect(Object.keys(resourcesOf(ops, 'AWS::CloudWatch::Alarm'))).toContain(testAlarm.Ref);
  });

  it('alarms on Stripe webhook failures and refused signatures (our custom metrics, with their service dimension) and DynamoDB throttles', () => {
    const dimensions = Object.entries(METRIC_DIMENSIONS).map(([Name, Value]) => ({ Name, Value }));
    expect(described(/^A signed Stripe webhook could not be applied/)[0]!.Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: METRIC.webhookFailure,
      Dimensions: dimensions,
      Threshold: 1,
    });
    expect(described(/^Stripe webhook requests were refused for a missing or wrong signature/)[0]!.Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: METRIC.webhookSignatureFailure,
      Dimensions: dimensions,
      Statistic: 'Sum',
      Threshold: 1,
    });
    expect(
      described(/throttled (reads|writes) on the portal table/)
        .map((a) => a.Properties.MetricName)
        .sort(),
    ).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
  });

  it('has a dashboard', () => {
    synthPortal(stage).ops.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: `portal-${stage}` });
  });
});

/** README states the alarm count in words ("N alarms"); every such mention must be the prod template's count. */
describe('README alarm count', () => {
  it('matches the AWS::CloudWatch::Alarm resources of every prod stack', () => {
    const count = synthPortal('prod')
      .assembly.stacks.flatMap((stack) => Object.values((stack.template as { Resources?: Record<string, { Type: string }> }).Resources ?? {}))
      .filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm').length;
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const stated = [...readme.matchAll(/(~|about |around )?\b(\d[\d,]*) alarms\b/g)].map((m) => `${m[1] ?? ''}${m[2]}`);
    expect(stated, 'README.md should say "N alarms" with the prod count').not.toEqual([]);
    expect(stated, `README.md states alarm counts ${stated.join(', ')}; prod synthesizes ${count} alarms`).toEqual(stated.map(() => String(count)));
  });
});
