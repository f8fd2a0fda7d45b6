/**
 * The local stack this test file runs against. The browser tier runs two files at once, and
 * test/setup/local-stack.global.ts starts one stack per worker: VITEST_POOL_ID (1 to maxWorkers, never
 * shared by two files running at once) picks it, so no other running file touches this file's stack.
 */
import { inject } from 'vitest';

export function stack() {
  const stacks = inject('e2eStacks');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return stacks[(worker - 1) % stacks.length]!;
}

export const baseUrl = () => stack().baseUrl;
export const stripeKeys = () => stack().stripeKeys;
