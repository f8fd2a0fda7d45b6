/** Issue 12 "Observe": alarms with their thresholds, the alarm topic, the dashboard, per stage. */
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes.js';
import { METRIC, METRICS_NAMESPACE } from '../../lambdas/observability/metric-names.js';
import { stageSettings } from '../../lib/stage.js';
import { removeSynthOutputs, resourcesOf, synthPortal } from './synth.js';

afterAll(removeSynthOutputs);

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

  it('alarms on Stripe webhook failures (our custom metric) and DynamoDB throttles', () => {
    expect(described(/^A Stripe webhook/)[0]!.Properties).toMatchObject({ Namespace: METRICS_NAMESPACE, MetricName: METRIC.webhookFailure, Threshold: 1 });
    expect(described(/throttled (reads|writes) on the portal table/).map((a) => a.Properties.MetricName).sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
  });

  it('has a dashboard', () => {
    synthPortal(stage).ops.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: `portal-${stage}` });
  });
});
