/**
 * The error text of a body as the server wrote it (our Lambdas' `error`, API Gateway's `message` in
 * words, a DRF-style `detail`). Kept apart from lib/serverError's plain-language reading so what every
 * page loads (the sign-in, the session's end) can read a body without lib/plainError's rules.
 * API Gateway answers on its own, before or instead of our Lambdas, with `{ "message": "..." }` from a
 * fixed list (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-troubleshooting.html),
 * which reads like a status line, so those become sentences a student understands.
 */

/** The spec's text, shown (error toast) when the session ends. Here so the reader below can use it too. */
export const SESSION_EXPIRED_MESSAGE = 'Session expired - please log in again';

const GATEWAY_MESSAGES: ReadonlyMap<string, string> = new Map([
  ['Unauthorized', SESSION_EXPIRED_MESSAGE],
  ['Forbidden', 'You do not have permission to do that.'],
  ['Not Found', 'That page or record could not be found.'],
  ['Request Entity Too Large', 'That is too large to send. Please choose a smaller file.'],
  ['Too Many Requests', 'Too many requests right now. Please wait a moment and try again.'],
  ['Internal Server Error', 'Something went wrong on our side. Please try again.'],
  ['Service Unavailable', 'The portal is busy right now. Please try again in a moment.'],
  ['Gateway Timeout', 'The portal took too long to answer. Please try again.'],
]);

export type ErrorField = 'error' | 'message' | 'detail';

/** Our field first, then API Gateway's, then the DRF-style `detail` some of ours mirror. */
const DEFAULT_ORDER: readonly ErrorField[] = ['error', 'message', 'detail'];

const gatewaySentence = (text: string) => GATEWAY_MESSAGES.get(text) ?? null;

/**
 * The text of an error body, or null when it has none worth showing. `fields` lets a screen whose spec
 * names another order (the login reads `detail` first) keep it. A body that is not JSON (an HTML error
 * page, say) is never shown as it is: only one of API Gateway's bare status texts is recognised.
 */
export function serverErrorText(data: unknown, fields: readonly ErrorField[] = DEFAULT_ORDER): string | null {
  if (typeof data === 'string') {
    const text = data.trim();
    if (text.startsWith('{')) {
      try {
        return serverErrorText(JSON.parse(text), fields);
      } catch {
        return null;
      }
    }
    return gatewaySentence(text);
  }
  if (typeof data !== 'object' || data === null) return null;
  for (const field of fields) {
    const value = (data as Record<string, unknown>)[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    return field === 'message' ? (gatewaySentence(value.trim()) ?? value) : value;
  }
  return null;
}
