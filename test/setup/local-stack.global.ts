/**
 * Browser tests run against the real `npm start` (bin/local.ts) in a child process, on free ports and
 * in a temp data directory, with the demo data seeded. The SPA is built first if it is stale.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { localStripeKeys } from '../../lib/local/stripe-keys.js';
import { freePortalPorts, spawnPortal } from './spawn-portal.js';

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  // made before the portal starts, which then uses the same keys: tests act as Stripe with them
  project.provide('stripeKeys', localStripeKeys(dataDir));
  const portal = await spawnPortal(dataDir, await freePortalPorts());
  project.provide('baseUrl', portal.url);

  return async () => {
    await portal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
