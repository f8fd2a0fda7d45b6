/**
 * The local stack this test file runs against. The browser tier runs two files at once, and
 * test/setup/local-stack.global.ts starts one stack per worker: VITEST_POOL_ID (1 to maxWorkers, never
 * shared by two files running at once) picks it, so no other running file touches this file's stack.
 */
import { inject } from 'vitest';

export function stack() {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const mine = inject('e2eStacks')[worker - 1];
  if (!mine) throw new Error(`no local stack for worker ${worker}: the setup starts one per worker (maxWorkers)`);
  return mine;
}

export const baseUrl = () => stack().baseUrl;
export const stripeKeys = () => stack().stripeKeys;
