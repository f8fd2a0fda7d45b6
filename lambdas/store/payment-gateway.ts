/**
 * The payment provider, through Stripe's HTTP API (stripe-api.ts), not the official `stripe` SDK, which
 * stays a type-only import. The reason is cold start: every function must cold-load in at most 1.5x a
 * hello-world bundle (bench/cold-load.ts, process CPU), and the SDK (246 KB, about 6 ms of require time:
 * its constructor builds ~130 API resources) held the four payment functions at 1.56-1.59x while every
 * other function passed. Without it (median of 41): 1.43-1.46x, payments-create-intent 82.8 -> 78.0 ms
 * (hello world about 53 ms), bundles 532-550 -> 289-309 KB. Locally STRIPE_API_BASE points the client at
 * the sandbox mounted on the gateway (http://127.0.0.1:3000/local/stripe, its path prefix kept). Same
 * code in the cloud.
 */
import type Stripe from 'stripe';
import type { StripeRefundFact } from '../domain/payment-state.js';
import { StripeApi, constructEvent } from './stripe-api.js';
import { stripeSecrets } from './stripe-secrets.js';

let client: { key: string; stripe: StripeApi } | undefined;

/** The client for the current secret key (a rotated key gets a new client). */
export async function stripe(): Promise<StripeApi> {
  const { secretKey } = await stripeSecrets();
  if (client?.key !== secretKey) client = { key: secretKey, stripe: new StripeApi(secretKey, process.env.STRIPE_API_BASE || undefined) };
  return client.stripe;
}

/** Verifies Stripe's signature on the raw body and answers the event; throws on a bad signature. */
export async function verifyWebhook(rawBody: string, signature: string): Promise<Stripe.Event> {
  const { webhookSecret } = await stripeSecrets();
  return constructEvent(rawBody, signature, webhookSecret);
}

/** Stripe's errors as the SDK threw them (stripe-api.ts keeps them): type, code, and the intent an unexpected-state error carries. */
export interface StripeFailure {
  type?: string;
  code?: string;
  message: string;
  statusCode?: number;
  payment_intent?: { status?: string };
}
export const asStripeFailure = (error: unknown): StripeFailure | null => {
  const type: unknown = typeof error === 'object' && error !== null ? (error as StripeFailure).type : undefined;
  return typeof type === 'string' && type.startsWith('Stripe') ? (error as StripeFailure) : null;
};

/** Every refund Stripe has for a PaymentIntent (all pages), as the ledger applies them. */
export async function listRefunds(intentId: string): Promise<StripeRefundFact[]> {
  const facts: StripeRefundFact[] = [];
  for await (const r of (await stripe()).refunds.list({ payment_intent: intentId, limit: 100 })) {
    facts.push({
      id: r.id,
      amountCents: r.amount,
      status: r.status ?? 'succeeded',
      metadata: (r.metadata ?? {}) as Record<string, string>,
      createdAt: new Date(r.created * 1000).toISOString(),
    });
  }
  return facts;
}

export async function retrieveIntent(intentId: string): Promise<Stripe.PaymentIntent> {
  return (await stripe()).paymentIntents.retrieve(intentId);
}

/**
 * Cancels a PaymentIntent nobody confirmed (https://docs.stripe.com/api/payment_intents/cancel):
 * answers what Stripe holds afterwards. An intent that succeeded (or is processing) meanwhile cannot
 * be canceled; Stripe says so with `payment_intent_unexpected_state` and the intent, and its event
 * will record it.
 */
export async function cancelIntent(intentId: string, reason: 'duplicate' | 'abandoned'): Promise<string> {
  try {
    return (await (await stripe()).paymentIntents.cancel(intentId, { cancellation_reason: reason })).status;
  } catch (error) {
    const failure = asStripeFailure(error);
    if (failure?.code === 'payment_intent_unexpected_state' && failure.payment_intent?.status) return failure.payment_intent.status;
    throw error;
  }
}
