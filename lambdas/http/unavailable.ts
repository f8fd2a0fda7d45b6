/**
 * Failures of a dependency, not of the request: DynamoDB or S3 still throttling or failing after the
 * SDK's retries, or the connection to them lost. The caller gets a clear 503 to retry later instead
 * of a bare 500; the write it asked for did not happen (each write is one transaction, and an upload
 * removes its file when the record cannot be written).
 */
const THROTTLED = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'Throttling',
  'SlowDown',
  'TooManyRequestsException',
  'LimitExceededException',
]);
const NETWORK = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'TimeoutError', 'RequestTimeout']);

export const UNAVAILABLE_MESSAGE = 'The service is busy or unavailable - please try again in a moment';

export function isDependencyUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { code?: string; status?: number; $metadata?: { httpStatusCode?: number }; $fault?: string };
  if (THROTTLED.has(e.name) || NETWORK.has(e.name) || (e.code !== undefined && NETWORK.has(e.code))) return true;
  // AWS SDK service errors carry the HTTP status; S3 errors of our object client carry `status`
  const status = e.$metadata?.httpStatusCode ?? (e.$fault ? undefined : e.status);
  return e.$fault === 'server' || (status !== undefined && status >= 500);
}
