/**
 * Stripe's secret key and webhook signing secret. In the cloud they live in Secrets Manager
 * (STRIPE_SECRET_ARN, a JSON secret {"secretKey", "webhookSecret"}) and only the payment functions
 * may read them; locally the stack sets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for the sandbox.
 * Cached for five minutes, so a rotated secret (README runbook) is in use everywhere soon after.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

const CACHE_MS = 5 * 60 * 1000;
let cached: Promise<StripeSecrets> | undefined;
let loadedAt = 0;

async function load(): Promise<StripeSecrets> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_SECRET_ARN } = process.env;
  if (STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET) return { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET };
  if (!STRIPE_SECRET_ARN) throw new Error('Missing STRIPE_SECRET_ARN (or STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)');
  const secret = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: STRIPE_SECRET_ARN }));
  const parsed = JSON.parse(secret.SecretString ?? '{}') as Partial<StripeSecrets>;
  if (!parsed.secretKey || !parsed.webhookSecret) throw new Error('The Stripe secret must hold secretKey and webhookSecret');
  return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret };
}

export function stripeSecrets(): Promise<StripeSecrets> {
  if (cached && Date.now() - loadedAt > CACHE_MS) cached = undefined;
  if (!cached) loadedAt = Date.now();
  cached ??= load().catch((error) => {
    cached = undefined; // retry on the next request rather than failing the container forever
    throw error;
  });
  return cached;
}
