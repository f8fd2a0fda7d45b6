/**
 * The local stack this test file runs against. The browser tier runs two files at once, and
 * test/setup/local-stack.global.ts starts one stack per worker: VITEST_POOL_ID (1 to maxWorkers, never
 * shared by two files running at once) picks it, so no other running file touches this file's stack.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export function stack() {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const mine = inject('e2eStacks')[worker - 1];
  if (!mine) throw new Error(`no local stack for worker ${worker}: the setup starts one per worker (maxWorkers)`);
  return mine;
}

export const baseUrl = () => stack().baseUrl;
export const stripeKeys = () => stack().stripeKeys;

/** Who holds a stack: the file running on it, from claimStack to releaseStack (test/setup/e2e-env.ts). */
const occupantFile = () => path.join(stack().dataDir, 'e2e-occupant.json');

/**
 * Marks this file as the one running on its stack, or throws naming the file that already is. Tests that move
 * the stack's clock or change its settings rely on having it to themselves; a second file on it would see a
 * token expire under it, so that is refused here, plainly, instead. A claim left by a worker that has exited
 * is taken over.
 */
export function claimStack(file: string): void {
  const claim = JSON.stringify({ file, pid: process.pid, worker: process.env.VITEST_POOL_ID });
  for (;;) {
    try {
      fs.writeFileSync(occupantFile(), claim, { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = JSON.parse(fs.readFileSync(occupantFile(), 'utf8')) as { file: string; pid: number; worker?: string };
    if (held.pid !== process.pid && isAlive(held.pid)) {
      throw new Error(
        `the local stack ${baseUrl()} is already in use by ${held.file} (worker ${held.worker}, pid ${held.pid}); ${file} (worker ${process.env.VITEST_POOL_ID}) cannot share it`,
      );
    }
    fs.rmSync(occupantFile(), { force: true });
  }
}

export function releaseStack(): void {
  fs.rmSync(occupantFile(), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
