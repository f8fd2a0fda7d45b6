import { ArnFormat, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Dashboard, GraphWidget, MathExpression, Metric, TextWidget, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { METRIC, METRIC_DIMENSIONS, METRICS_NAMESPACE } from '../../lambdas/observability/metric-names.js';
import type { ApiFunction } from '../constructs/api-function.js';
import type { StageSettings } from '../stage.js';

export interface OpsStackProps extends StackProps {
  readonly stage: StageSettings;
  readonly api: HttpApi;
  readonly functions: ReadonlyMap<string, ApiFunction>;
  readonly table: ITableV2;
  /** Every job's dead-letter queue, by job id (lib/stacks/jobs-stack.ts). */
  readonly deadLetterQueues: ReadonlyMap<string, IQueue>;
  /** Who is told when an alarm fires (context `alarmEmail`); without it the topic has no subscriber. */
  readonly alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Observe: one SNS topic for every alarm (API 5xx rate and p95 latency, Lambda errors and throttles, jobs' dead letters,
 * webhook failures and refused webhook signatures, DynamoDB throttles) and a CloudWatch dashboard of
 * the same signals plus payments.
 */
export class OpsStack extends Stack {
  readonly alarmTopic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: OpsStackProps) {
    super(scope, id, props);
    const { stage, api, functions, table } = props;

    const topicName = `portal-${stage.name}-alarms`;
    this.alarmTopic = this.alarmTopicThatCloudWatchCanPublishTo(topicName, `Portal ${stage.name} alarms`);
    if (props.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    const notify = new SnsAction(this.alarmTopic);

    const alarm = (id: string, metric: IMetric, threshold: number, description: string, evaluationPeriods = 1) => {
      const a = new Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods,
        alarmDescription: description,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(notify);
      this.alarms.push(a);
      return a;
    };

    const apiMetric = (metricName: string, statistic: string) =>
      new Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: api.apiId }, statistic, period: FIVE_MINUTES });
    const errorRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { errors: apiMetric('5xx', 'Sum'), requests: apiMetric('Count', 'Sum') },
      period: FIVE_MINUTES,
      label: 'API 5xx %',
    });
    const testAlarm = alarm('Api5xxRate', errorRate, stage.alarms.api5xxPercent, `More than ${stage.alarms.api5xxPercent}% of API requests failed with 5xx in 5 minutes`);
    const latency = apiMetric('Latency', 'p95');
    alarm('ApiP95Latency', latency, stage.alarms.apiP95LatencyMs, `API p95 latency above ${stage.alarms.apiP95LatencyMs} ms for 15 minutes`, 3);

    for (const [routeId, fn] of functions) {
      alarm(`Errors-${routeId}`, fn.function.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `${routeId}: the function failed`);
      alarm(`Throttles-${routeId}`, fn.function.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `${routeId}: invocations were throttled`);
    }

    // A message or a run given up on (a notice never delivered, an SES event never recorded, a schedule missed) waits there
    // two weeks; a function error alarm fires on each failed try, this one on what nothing will retry.
    const deadLetters = [...props.deadLetterQueues].map(([jobId, queue]) => {
      const visible = queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' });
      alarm(`DeadLetters-${jobId}`, visible, 1, `Job-${jobId}: messages in its dead-letter queue, given up on after every retry`);
      return visible;
    });

    // Our EMF metrics carry Powertools' `service` dimension; a metric named without it is another metric, one nobody emits.
    const custom = (metricName: string) =>
      new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { ...METRIC_DIMENSIONS }, statistic: 'Sum', period: FIVE_MINUTES });
    alarm('WebhookFailures', custom(METRIC.webhookFailure), 1, 'A signed Stripe webhook could not be applied: payments may be missing from the ledger');
    // A handled 400, so no function error shows it. One is a forgery attempt; many mean the webhook secret no longer matches Stripe's.
    alarm(
      'WebhookSignatureFailures',
      custom(METRIC.webhookSignatureFailure),
      1,
      'Stripe webhook requests were refused for a missing or wrong signature: a forgery, or a webhook secret that no longer matches Stripe (then every payment is missing)',
    );

    const tableMetric = (metricName: string) =>
      new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: table.tableName }, statistic: 'Sum', period: FIVE_MINUTES });
    alarm('TableReadThrottles', tableMetric('ReadThrottleEvents'), 1, 'DynamoDB throttled reads on the portal table');
    alarm('TableWriteThrottles', tableMetric('WriteThrottleEvents'), 1, 'DynamoDB throttled writes on the portal table');

    new Dashboard(this, 'Dashboard', {
      dashboardName: `portal-${stage.name}`,
      widgets: [
        [new TextWidget({ markdown: `# Portal ${stage.name}\nAPI, functions, payments and the table. Alarms notify the SNS topic \`${topicName}\`.`, width: 24, height: 2 })],
        [
          new GraphWidget({ title: 'API requests and 5xx', left: [apiMetric('Count', 'Sum'), apiMetric('5xx', 'Sum'), apiMetric('4xx', 'Sum')], width: 8 }),
          new GraphWidget({ title: 'API latency (p50, p95)', left: [apiMetric('Latency', 'p50'), latency], width: 8 }),
          new GraphWidget({ title: 'API 5xx %', left: [errorRate], width: 8 }),
        ],
        [
          new GraphWidget({
            title: 'Payments',
            left: [custom(METRIC.paymentSucceeded), custom(METRIC.paymentFailed)],
            right: [custom(METRIC.webhookFailure), custom(METRIC.webhookSignatureFailure)],
            width: 12,
          }),
          new GraphWidget({ title: 'Login failures', left: [custom(METRIC.loginFailure)], width: 12 }),
        ],
        [
          new GraphWidget({ title: 'Function errors', left: [...functions.values()].map((f) => f.function.metricErrors({ period: FIVE_MINUTES })), width: 12 }),
          new GraphWidget({
            title: 'Function duration (p95)',
            left: [...functions.values()].map((f) => f.function.metricDuration({ period: FIVE_MINUTES, statistic: 'p95' })),
            width: 12,
          }),
        ],
        [new GraphWidget({ title: "Jobs' dead letters", left: deadLetters, width: 24 })],
        [
          new GraphWidget({ title: 'DynamoDB throttles', left: [tableMetric('ReadThrottleEvents'), tableMetric('WriteThrottleEvents')], width: 12 }),
          new GraphWidget({ title: 'DynamoDB consumed capacity', left: [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')], width: 12 }),
        ],
      ],
    });

    // For `npm run doctor`: the topic whose subscription it checks, and an alarm it may put in ALARM
    // (`aws cloudwatch set-alarm-state`) to send a test notification end to end.
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topicArn, description: 'SNS topic every alarm notifies' });
    new CfnOutput(this, 'TestAlarmName', { value: testAlarm.alarmName, description: 'Alarm `npm run doctor` may set to ALARM to test notifications' });
  }

  /**
   * An encrypted topic CloudWatch alarms can actually publish to. A topic policy replaces SNS's default
   * policy, and `enforceSSL` alone writes one holding only a Deny: CloudWatch must then be allowed
   * explicitly (https://repost.aws/knowledge-center/cloudwatch-receive-sns-for-alarm-trigger), limited
   * to this account's alarms against the confused deputy
   * (https://docs.aws.amazon.com/sns/latest/dg/sns-access-policy-use-cases.html). An SNS-managed key
   * cannot be used by alarms, so the topic has its own key whose policy lets CloudWatch use it
   * (kms:Decrypt, kms:GenerateDataKey*: https://repost.aws/knowledge-center/cloudwatch-configure-alarm-sns,
   * https://docs.aws.amazon.com/sns/latest/dg/sns-key-management.html#compatibility-with-aws-services).
   */
  private alarmTopicThatCloudWatchCanPublishTo(topicName: string, displayName: string): Topic {
    const cloudwatch = new ServicePrincipal('cloudwatch.amazonaws.com');
    // A fixed name lets the key policy name the topic (SNS passes its ARN as encryption context)
    // without a Key <-> Topic reference cycle.
    const topicArn = this.formatArn({ service: 'sns', resource: topicName, arnFormat: ArnFormat.NO_RESOURCE_NAME });
    const key = new Key(this, 'AlarmTopicKey', { enableKeyRotation: true, description: 'Encrypts the portal alarm topic' });
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarmsToUseTheKeyForTheAlarmTopic',
        effect: Effect.ALLOW,
        principals: [cloudwatch],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'kms:EncryptionContext:aws:sns:topicArn': topicArn } },
      }),
    );
    // enforceSSL: a Deny for aws:SecureTransport=false, in the same topic policy as the Allow below
    const topic = new Topic(this, 'AlarmTopic', { topicName, displayName, masterKey: key, enforceSSL: true });
    topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowThisAccountsCloudWatchAlarmsToPublish',
        effect: Effect.ALLOW,
        principals: [cloudwatch],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnLike: { 'aws:SourceArn': this.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: '*', arnFormat: ArnFormat.COLON_RESOURCE_NAME }) },
        },
      }),
    );
    return topic;
  }
}
