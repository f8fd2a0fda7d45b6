/**
 * Stripe's secret key and webhook signing secret. In the cloud they live in Secrets Manager
 * (STRIPE_SECRET_ARN, a JSON secret {"secretKey", "webhookSecret"}) and only the payment functions
 * may read them; locally the stack sets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for the sandbox.
 * Read through Powertools' Secrets Manager provider, cached for five minutes (maxAge), so a rotated
 * secret (README runbook) is in use everywhere soon after; a failed read is not cached, the next
 * request tries again. It replaced a hand-written cache because its cold-start cost did not show:
 * payments-webhook with it against without (bench/cold-load.ts --files, two runs of 41 alternated):
 * process 93.5 vs 96.9 ms and 102.0 vs 101.0 ms, require() CPU 34.3 vs 35.9 ms and 35.7 vs 37.3 ms; 6 KB.
 * The package is 2.35.0 while logger and metrics are 2.36.0: the npm mirror has no 2.36.0 of it yet
 * (it brings its own commons 2.35.0); move it to their version when the mirror has it.
 */
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

/** Seconds a secret read from Secrets Manager is used before it is read again. */
export const STRIPE_SECRET_MAX_AGE_SECONDS = 5 * 60;

export async function stripeSecrets(): Promise<StripeSecrets> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_SECRET_ARN } = process.env;
  if (STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET) return { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET };
  if (!STRIPE_SECRET_ARN) throw new Error('Missing STRIPE_SECRET_ARN (or STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)');
  const parsed = await getSecret<Partial<StripeSecrets>>(STRIPE_SECRET_ARN, { maxAge: STRIPE_SECRET_MAX_AGE_SECONDS, transform: 'json' });
  if (!parsed?.secretKey || !parsed.webhookSecret) throw new Error('The Stripe secret must hold secretKey and webhookSecret');
  return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret };
}
