/**
 * The payment provider, through the official `stripe` SDK. Locally STRIPE_API_BASE points the SDK
 * at the sandbox mounted on the gateway (http://127.0.0.1:3000/local/stripe): the SDK takes host,
 * port and protocol, and a thin HTTP client adds the mount's path prefix. Same code in the cloud.
 */
import Stripe from 'stripe';
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
