import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localStripeKeys } from './stripe-keys.js';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-keys-'));

describe('localStripeKeys', () => {
  it('makes keys once per data directory, keeps them, and never the published ones', () => {
    const dir = tempDir();
    const first = localStripeKeys(dir);
    expect(first.secretKey).toMatch(/^sk_test_[\w-]{32}$/);
    expect(first.publishableKey).toMatch(/^pk_test_[\w-]{32}$/);
    expect(first.webhookSecret).toMatch(/^whsec_[\w-]{32}$/);
    expect(Object.values(first)).not.toContain('sk_test_local_sandbox');
    expect(Object.values(first)).not.toContain('whsec_local_sandbox');
    expect(localStripeKeys(dir)).toEqual(first);
    expect(fs.statSync(path.join(dir, 'stripe-keys.json')).mode & 0o777).toBe(0o600);
    expect(localStripeKeys(tempDir()).secretKey).not.toBe(first.secretKey);
  });
});
