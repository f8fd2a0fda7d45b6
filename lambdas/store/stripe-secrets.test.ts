import { afterEach, describe, expect, it, vi } from 'vitest';
import { stripeSecrets } from './stripe-secrets.js';

afterEach(() => vi.unstubAllEnvs());

describe('stripeSecrets', () => {
  it('uses the keys the local stack sets, without Secrets Manager', async () => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_local');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_local');
    vi.stubEnv('STRIPE_SECRET_ARN', undefined);
    await expect(stripeSecrets()).resolves.toEqual({ secretKey: 'sk_test_local', webhookSecret: 'whsec_local' });
  });

  it('fails, naming what is missing, when neither the keys nor the secret are configured', async () => {
    vi.stubEnv('STRIPE_SECRET_KEY', undefined);
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', undefined);
    vi.stubEnv('STRIPE_SECRET_ARN', undefined);
    await expect(stripeSecrets()).rejects.toThrow('Missing STRIPE_SECRET_ARN');
  });
});
