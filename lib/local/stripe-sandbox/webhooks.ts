/**
 * Delivers events to our webhook the way Stripe does: a POST of the event JSON with a
 * `Stripe-Signature` header made by the stripe SDK's own test helper (HMAC-SHA256 over
 * "<timestamp>.<payload>" with the endpoint's signing secret), retried with backoff on failure.
 */
import Stripe from 'stripe';
import type { StripeEvent } from './objects.js';

const RETRY_DELAYS_MS = [0, 500, 2_000, 5_000];

export function deliverEvent(event: StripeEvent, opts: { url: string; secret: string; log: (m: string) => void }): void {
  const payload = JSON.stringify(event, null, 2);
  const attempt = async (n: number): Promise<void> => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret });
    try {
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
      });
      if (res.ok) return;
      throw new Error(`HTTP ${res.status} ${await res.text()}`);
    } catch (error) {
      if (n + 1 >= RETRY_DELAYS_MS.length) {
        opts.log(`[stripe-sandbox] giving up on ${event.type} ${event.id}: ${(error as Error).message}`);
        return;
      }
      setTimeout(() => void attempt(n + 1), RETRY_DELAYS_MS[n + 1]).unref();
    }
  };
  // Like Stripe: the API call answers first, the event follows asynchronously.
  setTimeout(() => void attempt(0), RETRY_DELAYS_MS[0]).unref();
}
