/**
 * The payment provider, through the official `stripe` SDK. Locally STRIPE_API_BASE points the SDK
 * at the sandbox mounted on the gateway (http://127.0.0.1:3000/local/stripe): the SDK takes host,
 * port and protocol, and a thin HTTP client adds the mount's path prefix. Same code in the cloud.
 */
import Stripe from 'stripe';
import type { StripeRefundFact } from '../domain/payment-state.js';
import { stripeSecrets } from './stripe-secrets.js';

let client: { key: string; stripe: Stripe } | undefined;

function sandboxOptions(base: string): Stripe.StripeConfig {
  const url = new URL(base);
  const http = Stripe.createNodeHttpClient();
  const prefix = url.pathname.replace(/\/$/, '');
  const prefixed = Object.create(http) as typeof http;
  prefixed.makeRequest = (host, port, path, ...rest) => http.makeRequest(host, port, `${prefix}${path}`, ...rest);
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    httpClient: prefixed,
  };
}

/** The SDK client for the current secret key (a rotated key gets a new client). */
export async function stripe(): Promise<Stripe> {
  const { secretKey } = await stripeSecrets();
  if (client?.key !== secretKey) {
    const base = process.env.STRIPE_API_BASE;
    client = { key: secretKey, stripe: new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 8_000, ...(base ? sandboxOptions(base) : {}) }) };
  }
  return client.stripe;
}

/** Verifies Stripe's signature on the raw body and answers the event; throws on a bad signature. */
export async function verifyWebhook(rawBody: string, signature: string): Promise<Stripe.Event> {
  const { webhookSecret } = await stripeSecrets();
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}

/** Stripe's errors as the SDK throws them: type, code, and the intent an unexpected-state error carries. */
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
