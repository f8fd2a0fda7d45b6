/** s3rver: a real S3 REST API on disk. It checks no signatures, so our code enforces upload limits itself. */
import fs from 'node:fs';
import path from 'node:path';
import { startChild, waitForPort, type Child } from './processes.js';

export async function startS3Local(opts: { port: number; dir: string; bucket: string; logDir: string }): Promise<Child> {
  fs.mkdirSync(opts.dir, { recursive: true });
  const child = startChild('s3', process.execPath, ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-main.mjs')], {
    logDir: opts.logDir,
    env: { S3_PORT: String(opts.port), S3_DIR: opts.dir, S3_BUCKET: opts.bucket },
  });
  await waitForPort(opts.port, child);
  return child;
}
