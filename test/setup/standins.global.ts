/**
 * Handler tests run against the real stand-ins: DynamoDB Local (in memory), s3rver and cognito-local,
 * on free ports in a temp directory, provisioned exactly as `npm start` provisions them (no demo data:
 * each test makes what it needs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import '../../lib/local/quiet-node-version-warning.js';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../lib/local/stack.js';

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-handlers-'));
  const stack = await startLocalStack({ dataDir, ports: {}, persist: false, seed: false, gateway: false });
  // the local queue runs its consumers in this process: their logs, like the tests' own, only when something is wrong
  process.env.POWERTOOLS_LOG_LEVEL = 'WARN';
  project.provide('localEnv', stack.env);
  // the Host handler events carry: presigned URLs are built on it, and the S3 proxy listens there
  project.provide('gatewayHost', `127.0.0.1:${stack.ports.gateway}`);
  return async () => {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
