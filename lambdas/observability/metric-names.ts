/**
 * Custom CloudWatch metrics the functions emit (Powertools Metrics, EMF) and the ops stack alarms on.
 * One list, so a renamed metric cannot silently leave an alarm watching nothing.
 */
export const METRICS_NAMESPACE = 'Portal';

export const METRIC = {
  paymentSucceeded: 'PaymentsSucceeded',
  paymentFailed: 'PaymentsFailed',
  /** Events refused (bad signature) or that could not be applied. */
  webhookFailure: 'WebhookFailures',
  loginFailure: 'LoginFailures',
} as const;
