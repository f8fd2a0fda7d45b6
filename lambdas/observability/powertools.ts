/**
 * Structured logs and custom metrics (AWS Lambda Powertools), one instance per container.
 * Logs are JSON with the request id, the route and the caller; metrics go out as CloudWatch EMF.
 * POWERTOOLS_LOG_LEVEL / POWERTOOLS_METRICS_DISABLED tune them per environment (the local stack
 * turns metrics off: there is no CloudWatch to read them).
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, type METRIC } from './metric-names.js';

export const logger = new Logger({ serviceName: 'portal' });
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'portal' });

export function countMetric(name: (typeof METRIC)[keyof typeof METRIC], value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
}

/** Publishes what the invocation recorded, if anything (publishing nothing only logs a warning). */
export function flushMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
