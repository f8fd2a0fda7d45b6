import { describe, expect, it } from 'vitest';
import { decide, IDEMPOTENCY_WINDOW_MS, isSaved, prune, remember, type IdempotencyCache } from './idempotency.js';
import { stripeError } from './objects.js';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const HOUR = 60 * 60 * 1000;
const none = new Set<string>();
const created = { status: 200, body: { id: 'pi_1', object: 'payment_intent', status: 'requires_payment_method' } };

describe('idempotency keys (24-hour window)', () => {
  it('runs a request whose key it has never seen', () => {
    expect(decide({}, none, 'k1', 'fp-a', T0)).toEqual({ kind: 'run' });
  });

  it('answers the saved status and body to the same request within 24 hours', () => {
    const cache: IdempotencyCache = {};
    remember(cache, 'k1', 'fp-a', created, T0);
    for (const at of [T0, T0 + HOUR, T0 + IDEMPOTENCY_WINDOW_MS - 1]) {
      expect(decide(cache, none, 'k1', 'fp-a', at)).toEqual({ kind: 'replay', reply: created });
    }
  });

  it('saves errors too, and replays them (Stripe saves the first answer whether it succeeded or failed)', () => {
    const cache: IdempotencyCache = {};
    const declined = stripeError(402, 'card_error', 'Your card was declined.', { code: 'card_declined' });
    remember(cache, 'k1', 'fp-a', declined, T0);
    expect(decide(cache, none, 'k1', 'fp-a', T0 + HOUR)).toEqual({ kind: 'replay', reply: declined });
  });

  it('saves a snapshot: later changes to the answered object do not reach the replay', () => {
    const cache: IdempotencyCache = {};
    const intent = { id: 'pi_1', status: 'requires_payment_method' };
    remember(cache, 'k1', 'fp-a', { status: 200, body: intent }, T0);
    intent.status = 'canceled';
    const decision = decide(cache, none, 'k1', 'fp-a', T0 + 1);
    expect(decision.kind === 'replay' && decision.reply.body).toEqual({ id: 'pi_1', status: 'requires_payment_method' });
  });

  it("refuses the key with different parameters within 24 hours: Stripe's idempotency_error", () => {
    const cache: IdempotencyCache = {};
    remember(cache, 'k1', 'fp-a', created, T0);
    const decision = decide(cache, none, 'k1', 'fp-b', T0 + 23 * HOUR);
    expect(decision.kind).toBe('refuse');
    expect(decision.kind === 'refuse' && decision.reply).toEqual({
      status: 400,
      body: {
        error: {
          type: 'idempotency_error',
          message:
            "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'k1' if you meant to execute a different request.",
        },
      },
    });
  });

  it('forgets a key 24 hours after its first use: the same or another request runs anew', () => {
    const cache: IdempotencyCache = {};
    remember(cache, 'k1', 'fp-a', created, T0);
    expect(decide(cache, none, 'k1', 'fp-a', T0 + IDEMPOTENCY_WINDOW_MS)).toEqual({ kind: 'run' });
    expect(decide(cache, none, 'k1', 'fp-b', T0 + IDEMPOTENCY_WINDOW_MS + HOUR)).toEqual({ kind: 'run' });
    // and the new answer starts a new window
    remember(cache, 'k1', 'fp-b', { status: 200, body: { id: 'pi_2' } }, T0 + 25 * HOUR);
    expect(decide(cache, none, 'k1', 'fp-b', T0 + 48 * HOUR)).toEqual({ kind: 'replay', reply: { status: 200, body: { id: 'pi_2' } } });
    expect(decide(cache, none, 'k1', 'fp-a', T0 + 48 * HOUR).kind).toBe('refuse');
  });

  it('prunes keys at least 24 hours old from the saved state and keeps younger ones', () => {
    const cache: IdempotencyCache = {};
    remember(cache, 'old', 'fp', created, T0);
    remember(cache, 'young', 'fp', created, T0 + 2 * HOUR);
    expect(prune(cache, T0 + IDEMPOTENCY_WINDOW_MS + HOUR)).toBe(1);
    expect(Object.keys(cache)).toEqual(['young']);
    expect(prune(cache, T0 + IDEMPOTENCY_WINDOW_MS + HOUR)).toBe(0);
  });

  it('prunes entries saved by an older sandbox without a time', () => {
    const cache = { legacy: { fingerprint: 'fp', status: 200, body: {} } } as unknown as IdempotencyCache;
    expect(decide(cache, none, 'legacy', 'fp', T0)).toEqual({ kind: 'run' });
    expect(prune(cache, T0)).toBe(1);
  });

  it('refuses a key whose first request is still in flight with 409 idempotency_key_in_use', () => {
    const decision = decide({}, new Set(['k1']), 'k1', 'fp-a', T0);
    expect(decision.kind).toBe('refuse');
    if (decision.kind !== 'refuse') return;
    expect(decision.reply.status).toBe(409);
    expect(decision.reply.body).toMatchObject({
      error: {
        type: 'invalid_request_error',
        code: 'idempotency_key_in_use',
        doc_url: 'https://stripe.com/docs/error-codes/idempotency-key-in-use',
        message:
          'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): k1. Please try again later.',
      },
    });
  });

  it('saves nothing for a request whose parameters failed validation', () => {
    const cache: IdempotencyCache = {};
    const missing = stripeError(400, 'invalid_request_error', 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    expect(isSaved(missing)).toBe(false);
    remember(cache, 'k1', 'fp-a', missing, T0);
    expect(cache).toEqual({});
    expect(isSaved(stripeError(400, 'invalid_request_error', 'You may only specify one of these parameters: a, b.', { code: 'parameters_exclusive' }))).toBe(false);
    expect(isSaved(stripeError(404, 'invalid_request_error', 'Unrecognized request URL (POST: /v1/nope).'))).toBe(false);
    expect(isSaved(stripeError(400, 'invalid_request_error', 'You cannot cancel this PaymentIntent …', { code: 'payment_intent_unexpected_state' }))).toBe(true);
  });
});
