/** Spec section 8: shown (error toast) when the API rejects the session token. */
export const SESSION_EXPIRED_MESSAGE = 'Session expired - please log in again';
export const SESSION_EXPIRED_TOAST_MS = 6000;

/**
 * True when a 401 answer is about the token: the `token_not_valid` code, or any message in
 * the body that mentions a token. Other 401s are left to the calling screen.
 */
export function isTokenRejection(status: unknown, body: unknown): boolean {
  if (status !== 401) return false;
  if (typeof body === 'string') return /token/i.test(body);
  if (typeof body !== 'object' || body === null) return false;
  const { code, detail, error, message } = body as Record<string, unknown>;
  if (code === 'token_not_valid') return true;
  return [detail, error, message].some((text) => typeof text === 'string' && /token/i.test(text));
}
