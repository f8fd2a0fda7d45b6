/**
 * Custom metrics (AWS Lambda Powertools Metrics, CloudWatch EMF), imported only by the routes that
 * count something (login failures, payments, webhook failures): the other routes' bundles stay
 * without it (about 12 KB). Each count is published at once, one EMF line, so no route
 * has to remember a flush at the end of the invocation. POWERTOOLS_METRICS_DISABLED turns them off
 * (the local stack does: there is no CloudWatch to read them).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, METRICS_SERVICE, type METRIC } from './metric-names.js';

// serviceName becomes the `service` dimension of every metric (the ops stack's alarms name it too)
const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });

export function countMetric(name: (typeof METRIC)[keyof typeof METRIC], value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
  metrics.publishStoredMetrics();
}
