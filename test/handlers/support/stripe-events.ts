/** Stripe events signed exactly as Stripe signs them (the SDK's own test helper), for webhook tests. */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { handler as webhook } from '../../../lambdas/functions/payments/webhook.js';
import { apiEvent, invoke } from './events.js';

export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; secret?: string; /** seconds since the epoch the signature claims */ timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? process.env.STRIPE_WEBHOOK_SECRET!, timestamp: opts.timestamp });
  return { payload, signature };
}

export async function deliver(event: { payload: string; signature: string }) {
  const e = apiEvent('payments-webhook', { rawBody: event.payload });
  e.headers['stripe-signature'] = event.signature;
  return invoke(webhook, e);
}

export const succeeded = (intentId: string, amount: number, eventId?: string) =>
  signedEvent('payment_intent.succeeded', { id: intentId, object: 'payment_intent', amount, amount_received: amount, status: 'succeeded' }, { id: eventId });
