/**
 * Stripe's idempotency layer, as a pure module: every function takes "now" (milliseconds) as an
 * argument, so its window can be tested with explicit times. Facts, from
 * https://docs.stripe.com/api/idempotent_requests (also https://docs.stripe.com/idempotency):
 *  - Stripe saves the status code and body of the first request made with a key, whether it
 *    succeeded or failed; a later request with the same key gets that saved answer (even a 500).
 *  - It compares the incoming parameters with those of the first request and errors if they differ
 *    (type `idempotency_error`, https://docs.stripe.com/api/errors: "when an Idempotency-Key is
 *    re-used on a request that does not match the first request's API endpoint and parameters").
 *  - Keys may be removed once they are at least 24 hours old; a key reused after that runs as a new
 *    request.
 *  - Results are saved only once the endpoint began executing: a request whose parameters fail
 *    validation, or that conflicts with another request executing concurrently with the same key,
 *    saves nothing and may be retried.
 *  - Keys are POST-only: "All POST requests accept idempotency keys"; GET and DELETE ignore them.
 * The concurrent-use answer is Stripe's 409 `idempotency_key_in_use` (the code is in the API's error
 * code list, https://docs.stripe.com/error-codes; the message is Stripe's as logged from real answers,
 * which come as `invalid_request_error`). The sandbox handles one request at a time, so it only happens
 * when a caller marks a key in flight across an await; the module supports it for that.
 */
import { stripeError, type Reply } from './objects.js';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface SavedResponse {
  /** what identifies "the same request": method, path and parameters */
  fingerprint: string;
  status: number;
  body: unknown;
  /** when the first request was answered (ms) */
  savedAt: number;
}

export type IdempotencyCache = Record<string, SavedResponse>;

export type IdempotencyDecision = { kind: 'run' } | { kind: 'replay'; reply: Reply } | { kind: 'refuse'; reply: Reply };

const isLive = (saved: SavedResponse | undefined, now: number): saved is SavedResponse =>
  saved !== undefined && typeof saved.savedAt === 'number' && now - saved.savedAt < IDEMPOTENCY_WINDOW_MS;

/** What to do with a request carrying `key`: run it, answer the saved response, or refuse it. */
export function decide(cache: IdempotencyCache, inFlight: ReadonlySet<string>, key: string, fingerprint: string, now: number): IdempotencyDecision {
  if (inFlight.has(key)) {
    return {
      kind: 'refuse',
      reply: stripeError(
        409,
        'invalid_request_error',
        `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        { code: 'idempotency_key_in_use' },
      ),
    };
  }
  const saved = cache[key];
  if (!isLive(saved, now)) return { kind: 'run' };
  if (saved.fingerprint !== fingerprint) {
    return {
      kind: 'refuse',
      reply: stripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      ),
    };
  }
  return { kind: 'replay', reply: { status: saved.status, body: structuredClone(saved.body) } };
}

/**
 * Whether an answer is one Stripe saves: not when the parameters failed validation before the
 * endpoint ran (missing, unknown, malformed, or mutually exclusive parameters, or a URL that names
 * no endpoint).
 */
export function isSaved(reply: Reply): boolean {
  const error = (reply.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error) return true;
  if (typeof error.code === 'string' && (error.code.startsWith('parameter_') || error.code === 'parameters_exclusive')) return false;
  if (typeof error.message === 'string' && error.message.startsWith('Unrecognized request URL')) return false;
  return true;
}

/** Saves the answer to the first request with `key` (when Stripe would), replacing a forgotten one. */
export function remember(cache: IdempotencyCache, key: string, fingerprint: string, reply: Reply, now: number): void {
  if (!isSaved(reply)) return;
  // a snapshot: the objects a reply names go on changing, the saved answer does not
  cache[key] = { fingerprint, status: reply.status, body: structuredClone(reply.body), savedAt: now };
}

/** Forgets keys at least 24 hours old; answers how many went. */
export function prune(cache: IdempotencyCache, now: number): number {
  let removed = 0;
  for (const [key, saved] of Object.entries(cache)) {
    if (!isLive(saved, now)) {
      delete cache[key];
      removed += 1;
    }
  }
  return removed;
}
