/**
 * Handler tests run against the real stand-ins: DynamoDB Local (in memory), s3rver and cognito-local,
 * on free ports in a temp directory, provisioned exactly as `npm start` provisions them (no demo data:
 * each test makes what it needs).
 *
 * One stack per tier: the two handler projects (one module graph per worker, and one module graph per file for the
 * files that point the SDK elsewhere, vitest.config.ts) share one, started by whichever setup runs first; the
 * hostile tier has its own. Global setups all run in Vitest's main process, so the share is kept on globalThis.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import '../../lib/local/quiet-node-version-warning.js';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../lib/local/stack.js';

type Shared = { started: ReturnType<typeof start>; users: number };
const shared = ((globalThis as { portalStandins?: Map<string, Shared> }).portalStandins ??= new Map());

/** The tier a project belongs to: "handlers-own-graph" shares the stand-ins of "handlers". */
const tierOf = (project: TestProject) => project.name.replace(/-own-graph$/, '');

async function start() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-handlers-'));
  const stack = await startLocalStack({ dataDir, ports: {}, persist: false, seed: false, gateway: false });
  return {
    stack,
    stop: async () => {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const tier = tierOf(project);
  const entry = shared.get(tier) ?? { started: start(), users: 0 };
  shared.set(tier, entry);
  entry.users += 1;
  const { stack, stop } = await entry.started;
  // the local queue runs its consumers in this process: their logs, like the tests' own, only when something is wrong
  process.env.POWERTOOLS_LOG_LEVEL = 'WARN';
  project.provide('localEnv', stack.env);
  // the Host handler events carry: presigned URLs are built on it, and the S3 proxy listens there
  project.provide('gatewayHost', `127.0.0.1:${stack.ports.gateway}`);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.delete(tier);
    await stop();
  };
}
