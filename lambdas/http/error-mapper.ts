import { AppError } from '../domain/errors.js';
import { logger } from '../observability/powertools.js';
import { errorResult } from './respond.js';
import { isDependencyUnavailable, UNAVAILABLE_MESSAGE } from './unavailable.js';
import type { ApiResult } from './types.js';

/**
 * The one place where errors become HTTP answers. A dependency that is down or throttling is a 503 to
 * retry; other unknown errors are logged and answered 500 without details.
 */
export function errorAnswer(error: unknown): ApiResult {
  if (error instanceof AppError) return errorResult(error.status, error.message, error.extra);
  if (isDependencyUnavailable(error)) {
    logger.warn('Dependency unavailable', error as Error);
    return errorResult(503, UNAVAILABLE_MESSAGE);
  }
  if (error instanceof Error) logger.error('Unhandled error', error);
  else logger.error('Unhandled error', { error: String(error) });
  return errorResult(500, 'Internal server error');
}
