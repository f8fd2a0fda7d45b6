/**
 * The local Stripe sandbox's keys, made at random the first time a data directory is used and kept
 * there (`stripe-keys.json`, readable by its owner only). Fixed keys would be published with the code,
 * and anyone who can reach the stack could sign webhook events (mark an unpaid intent paid) or call
 * the sandbox's API. Handlers read them as they read the cloud's Secrets Manager secret: from the
 * environment the local stack sets (lambdas/store/stripe-secrets.ts). `npm run reset` makes new ones.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LocalStripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

const FILE = 'stripe-keys.json';
const random = () => randomBytes(24).toString('base64url');

export function localStripeKeys(dataDir: string): LocalStripeKeys {
  const file = path.join(dataDir, FILE);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalStripeKeys;
  // test-mode shaped, as the SDK and Stripe.js expect, and valid nowhere else
  const keys: LocalStripeKeys = { secretKey: `sk_test_${random()}`, publishableKey: `pk_test_${random()}`, webhookSecret: `whsec_${random()}` };
  fs.mkdirSync(dataDir, { recursive: true });
  // wx: two processes starting on one new directory agree on the first one's keys
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalStripeKeys;
    throw error;
  }
  return keys;
}
