import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE } from '../../lambdas/observability/metric-names.js';
import type { ApiFunction } from '../constructs/api-function.js';
import type { StageSettings } from '../stage.js';

export interface OpsStackProps extends StackProps {
  readonly stage: StageSettings;
  readonly api: HttpApi;
  readonly functions: ReadonlyMap<string, ApiFunction>;
  readonly table: ITableV2;
  /** Who is told when an alarm fires (context `alarmEmail`); without it the topic has no subscriber. */
  readonly alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Observe: one SNS topic for every alarm (API 5xx rate and p95 latency, Lambda errors and throttles,
 * webhook failures, DynamoDB throttles) and a CloudWatch dashboard of the same signals plus payments.
 */
export class OpsStack extends Stack {
  readonly alarmTopic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: OpsStackProps) {
    super(scope, id, props);
    const { stage, api, functions, table } = props;

    // SNS-managed keys cannot be used by CloudWatch alarms to publish, so the topic has its own key.
    const key = new Key(this, 'AlarmTopicKey', { enableKeyRotation: true, description: 'Encrypts the portal alarm topic' });
    key.grantEncryptDecrypt(new ServicePrincipal('cloudwatch.amazonaws.com'));
    this.alarmTopic = new Topic(this, 'AlarmTopic', { displayName: `Portal ${stage.name} alarms`, masterKey: key, enforceSSL: true });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    const notify = new SnsAction(this.alarmTopic);

    const alarm = (id: string, metric: IMetric, threshold: number, description: string, evaluationPeriods = 1) => {
      const a = new Alarm(this, id, {
        metric, threshold, evaluationPeriods, alarmDescription: description,
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
    alarm('Api5xxRate', errorRate, stage.alarms.api5xxPercent, `More than ${stage.alarms.api5xxPercent}% of API requests failed with 5xx in 5 minutes`);
    const latency = apiMetric('Latency', 'p95');
    alarm('ApiP95Latency', latency, stage.alarms.apiP95LatencyMs, `API p95 latency above ${stage.alarms.apiP95LatencyMs} ms for 15 minutes`, 3);

    for (const [routeId, fn] of functions) {
      alarm(`Errors-${routeId}`, fn.function.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `${routeId}: the function failed`);
      alarm(`Throttles-${routeId}`, fn.function.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `${routeId}: invocations were throttled`);
    }

    const custom = (metricName: string) => new Metric({ namespace: METRICS_NAMESPACE, metricName, statistic: 'Sum', period: FIVE_MINUTES });
    alarm('WebhookFailures', custom(METRIC.webhookFailure), 1, 'A Stripe webhook was refused or could not be applied: payments may be missing from the ledger');

    const tableMetric = (metricName: string) =>
      new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: table.tableName }, statistic: 'Sum', period: FIVE_MINUTES });
    alarm('TableReadThrottles', tableMetric('ReadThrottleEvents'), 1, 'DynamoDB throttled reads on the portal table');
    alarm('TableWriteThrottles', tableMetric('WriteThrottleEvents'), 1, 'DynamoDB throttled writes on the portal table');

    new Dashboard(this, 'Dashboard', {
      dashboardName: `portal-${stage.name}`,
      widgets: [
        [new TextWidget({ markdown: `# Portal ${stage.name}\nAPI, functions, payments and the table. Alarms notify the SNS topic \`${this.alarmTopic.node.id}\`.`, width: 24, height: 2 })],
        [
          new GraphWidget({ title: 'API requests and 5xx', left: [apiMetric('Count', 'Sum'), apiMetric('5xx', 'Sum'), apiMetric('4xx', 'Sum')], width: 8 }),
          new GraphWidget({ title: 'API latency (p50, p95)', left: [apiMetric('Latency', 'p50'), latency], width: 8 }),
          new GraphWidget({ title: 'API 5xx %', left: [errorRate], width: 8 }),
        ],
        [
          new GraphWidget({ title: 'Payments', left: [custom(METRIC.paymentSucceeded), custom(METRIC.paymentFailed)], right: [custom(METRIC.webhookFailure)], width: 12 }),
          new GraphWidget({ title: 'Login failures', left: [custom(METRIC.loginFailure)], width: 12 }),
        ],
        [
          new GraphWidget({ title: 'Function errors', left: [...functions.values()].map((f) => f.function.metricErrors({ period: FIVE_MINUTES })), width: 12 }),
          new GraphWidget({ title: 'Function duration (p95)', left: [...functions.values()].map((f) => f.function.metricDuration({ period: FIVE_MINUTES, statistic: 'p95' })), width: 12 }),
        ],
        [
          new GraphWidget({ title: 'DynamoDB throttles', left: [tableMetric('ReadThrottleEvents'), tableMetric('WriteThrottleEvents')], width: 12 }),
          new GraphWidget({ title: 'DynamoDB consumed capacity', left: [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')], width: 12 }),
        ],
      ],
    });
  }
}
