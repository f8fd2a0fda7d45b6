/**
 * s3rver: a real S3 REST API on disk. It computes no V4 signatures (the proxy in s3-proxy.ts does,
 * for what reaches it through the gateway), so our code enforces upload limits itself. It knows only
 * this data directory's key pair (local-credentials.ts), passed in its environment.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LocalCredentials } from './local-credentials.js';
import { startChild, waitForPort, type Child } from './processes.js';

export async function startS3Local(opts: { port: number; dir: string; bucket: string; logDir: string; credentials: LocalCredentials }): Promise<Child> {
  fs.mkdirSync(opts.dir, { recursive: true });
  const child = startChild('s3', process.execPath, ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-main.mjs')], {
    logDir: opts.logDir,
    env: {
      S3_PORT: String(opts.port),
      S3_DIR: opts.dir,
      S3_BUCKET: opts.bucket,
      S3_ACCESS_KEY_ID: opts.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: opts.credentials.secretAccessKey,
    },
  });
  await waitForPort(opts.port, child);
  return child;
}
