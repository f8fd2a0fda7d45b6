/**
 * Browser tests run against the real `npm start` (bin/local.ts) in a child process, on free ports and
 * in a temp data directory, with the demo data seeded. The SPA is built first if it is stale.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../lib/local/paths.js';
import { freePort } from '../../lib/local/processes.js';

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    PORTAL_DATA_DIR: dataDir,
    PORTAL_DYNAMODB_PORT: String(await freePort()),
    PORTAL_S3_PORT: String(await freePort()),
    PORTAL_COGNITO_PORT: String(await freePort()),
  };
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'bin/local.ts'], {
    cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/\] ready in /.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`local stack not ready in 150 s:\n${output}`)), 150_000); });
  await Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
  project.provide('baseUrl', `http://localhost:${port}`);

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 8_000).unref())]);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
