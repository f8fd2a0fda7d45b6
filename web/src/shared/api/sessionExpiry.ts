import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export { SESSION_EXPIRED_MESSAGE } from '../lib/serverErrorBody';
export const SESSION_EXPIRED_TOAST_MS = 6000;

/**
 * True for any 401, whatever its body. In the cloud API Gateway's JWT authorizer refuses an expired or
 * invalid token before our Lambda runs (`{"message":"Unauthorized"}`), and our Lambdas answer 401 on
 * signed-in routes only for a missing session, so on a call that carried the token the session is the
 * only reason (the login's own 401s come through plain fetch, not the base query). A 401 whose body is
 * not JSON reaches RTK Query as a PARSING_ERROR that keeps the status.
 */
export function isSessionRejection(error: FetchBaseQueryError | undefined): boolean {
  if (!error) return false;
  return error.status === 401 || (error.status === 'PARSING_ERROR' && error.originalStatus === 401);
}
