import type { MiddlewareObj } from '@middy/core';
import { AppError } from '../domain/errors.js';
import { logger } from '../observability/powertools.js';
import { errorResult } from './respond.js';
import { isDependencyUnavailable, UNAVAILABLE_MESSAGE } from './unavailable.js';
import type { ApiEvent, ApiResult } from './types.js';

/**
 * The one place where errors become HTTP answers. A dependency that is down or throttling is a 503 to
 * retry; other unknown errors are logged and answered 500 without details.
 */
export function errorMapper(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    onError: async (request) => {
      const error = request.error;
      if (error instanceof AppError) {
        request.response = errorResult(error.status, error.message, error.extra);
        return;
      }
      if (isDependencyUnavailable(error)) {
        logger.warn('Dependency unavailable', error as Error);
        request.response = errorResult(503, UNAVAILABLE_MESSAGE);
        return;
      }
      if (error instanceof Error) logger.error('Unhandled error', error);
      else logger.error('Unhandled error', { error: String(error) });
      request.response = errorResult(500, 'Internal server error');
    },
  };
}
