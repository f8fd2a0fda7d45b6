/**
 * `npm start`: the whole portal on this machine, no AWS account and no internet.
 *   DynamoDB Local :8000, s3rver :4569, cognito-local :9229, SES (aws-ses-v2-local's front) :8005, gateway (API + SPA) :3000 (PORT overrides).
 * Data lives in .data/ and survives restarts; `npm run reset` (this script with --reset-only) wipes it.
 */
import '../lib/local/quiet-node-version-warning.js';
import fs from 'node:fs';
import { DEFAULT_DATA_DIR, WEB_DIST } from '../lib/local/paths.js';
import { startLocalStack } from '../lib/local/stack.js';
import { ensureWebBuild } from '../lib/local/web-build.js';

const log = (message: string) => console.log(`[portal] ${message}`);
const dataDir = process.env.PORTAL_DATA_DIR ?? DEFAULT_DATA_DIR;

if (process.argv.includes('--reset-only')) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  log(`removed ${dataDir}; the next \`npm start\` seeds fresh demo data`);
  process.exit(0);
}

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

try {
  const started = Date.now();
  ensureWebBuild(log);
  const stack = await startLocalStack({
    dataDir,
    ports: {
      gateway: port('PORT', 3000),
      dynamodb: port('PORTAL_DYNAMODB_PORT', 8000),
      s3: port('PORTAL_S3_PORT', 4569),
      cognito: port('PORTAL_COGNITO_PORT', 9229),
      mail: port('PORTAL_MAIL_PORT', 8005),
    },
    persist: true,
    seed: true,
    gateway: { webRoot: WEB_DIST },
    // loopback only unless HOST names an address to open it on (e.g. HOST=0.0.0.0 for a phone on the LAN):
    // the stack's credentials are local and its demo accounts' passwords are in this file
    host: process.env.HOST || undefined,
    // off for runs that must run jobs only when they ask, such as the browser tests (they start this script)
    scheduleJobs: process.env.PORTAL_SCHEDULE_JOBS !== 'off',
    log,
  });
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${stack.url}`);
  log('demo sign-ins: student / Student!2345, paid / Student!2345, admin / Admin!2345, staff / Staff!2345, finance / Finance!2345');
  log('press Ctrl-C to stop');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(`[portal] could not start: ${(error as Error).message}`);
  process.exit(1);
}
