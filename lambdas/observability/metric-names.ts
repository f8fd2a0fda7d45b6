/**
 * Custom CloudWatch metrics the functions emit (Powertools Metrics, EMF) and the ops stack alarms on.
 * One list, so a renamed metric cannot silently leave an alarm watching nothing.
 */
export const METRICS_NAMESPACE = 'Portal';

/**
 * Powertools adds `service=<name>` to every metric it emits, and CloudWatch treats each dimension set
 * as a separate metric: an alarm or graph must name exactly this dimension to see the counts
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch_concepts.html#Dimension).
 * test/handlers/metrics-emitted.test.ts proves the template and the emitted EMF agree.
 */
export const METRICS_SERVICE = 'portal';
export const METRIC_DIMENSIONS = { service: METRICS_SERVICE } as const;

export const METRIC = {
  paymentSucceeded: 'PaymentsSucceeded',
  paymentFailed: 'PaymentsFailed',
  /** Signed events that could not be applied (unknown shape, a store failure, Stripe's facts disagreeing). */
  webhookFailure: 'WebhookFailures',
  /** Requests refused because the Stripe signature is missing or wrong: a forgery, or a webhook secret that no longer matches Stripe's. */
  webhookSignatureFailure: 'WebhookSignatureFailures',
  loginFailure: 'LoginFailures',
} as const;
