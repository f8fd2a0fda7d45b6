/**
 * Browser tests run against the real `npm start` (bin/local.ts) in child processes, on free ports and
 * in temp data directories, with the demo data seeded. The SPA is built first if it is stale.
 *
 * One stack per worker of the tier (Vitest's maxWorkers: two files run at once, or one with `--maxWorkers 1`). Each
 * file claims a stack no other running file holds (test/e2e/support/stack.ts), so a file that changes shared state
 * (the stack's clock, the school's settings, the demo data) never races another.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { localStripeKeys } from '../../lib/local/stripe-keys.js';
import { ensureWebBuild } from '../../lib/local/web-build.js';
import { freePortalPorts, spawnPortal, type SpawnedPortal } from './spawn-portal.js';

export default async function setup(project: TestProject) {
  const started: Array<{ dataDir: string; portal?: SpawnedPortal }> = [];
  const stop = () =>
    Promise.all(
      started.map(async ({ dataDir, portal }) => {
        await portal?.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }),
    );
  // once, before the stacks start: each would otherwise build a stale SPA into the same web/dist at once
  ensureWebBuild((m) => console.log(`[e2e] ${m}`));
  try {
    const stacks = await Promise.all(
      Array.from({ length: Number(project.config.maxWorkers || project.vitest.config.maxWorkers || 1) }, async () => {
        const one: (typeof started)[number] = { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-')) };
        started.push(one);
        // made before the portal starts, which then uses the same keys: tests act as Stripe with them
        const stripeKeys = localStripeKeys(one.dataDir);
        one.portal = await spawnPortal(one.dataDir, await freePortalPorts());
        return { baseUrl: one.portal.url, stripeKeys, dataDir: one.dataDir };
      }),
    );
    project.provide('e2eStacks', stacks);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
