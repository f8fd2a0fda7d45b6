/**
 * Delivers events to our webhook the way Stripe does: a POST of the event JSON with a
 * `Stripe-Signature` header made by the stripe SDK's own test helper (HMAC-SHA256 over
 * "<timestamp>.<payload>" with the endpoint's signing secret), retried with backoff on failure.
 * Any 2xx counts as delivered (https://docs.stripe.com/webhooks: "return a successful status code
 * (2xx)"). Each attempt is reported to `onAttempt`, so the sandbox keeps a record per event.
 * Stripe retries for up to 3 days in live mode; the sandbox retries a few times within seconds.
 */
import Stripe from 'stripe';
import { nowSeconds } from './clock.js';
import type { StripeEvent } from './objects.js';
import type { DeliveryAttempt } from './state.js';

export const RETRY_DELAYS_MS = [0, 500, 2_000, 5_000];

export interface DeliveryOptions {
  url: string;
  secret: string;
  log: (m: string) => void;
  /** called after every attempt; `final` when no retry follows */
  onAttempt?: (attempt: DeliveryAttempt, final: boolean) => void;
  /** overrides RETRY_DELAYS_MS (tests) */
  retryDelaysMs?: readonly number[];
}

export function deliverEvent(event: StripeEvent, opts: DeliveryOptions): void {
  const delays = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
  const payload = JSON.stringify(event, null, 2);
  const attempt = async (n: number): Promise<void> => {
    const at = nowSeconds();
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret, timestamp: at });
    let outcome: DeliveryAttempt;
    try {
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
      });
      const text = await res.text();
      outcome = { at, ok: res.ok, status: res.status, error: res.ok ? null : `HTTP ${res.status} ${text.slice(0, 500)}` };
    } catch (error) {
      outcome = { at, ok: false, status: null, error: (error as Error).message };
    }
    const final = outcome.ok || n + 1 >= delays.length;
    opts.onAttempt?.(outcome, final);
    if (outcome.ok) return;
    if (final) {
      opts.log(`[stripe-sandbox] giving up on ${event.type} ${event.id}: ${outcome.error}`);
      return;
    }
    setTimeout(() => void attempt(n + 1), delays[n + 1]).unref();
  };
  // Like Stripe: the API call answers first, the event follows asynchronously.
  setTimeout(() => void attempt(0), delays[0]).unref();
}
