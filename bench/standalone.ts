/**
 * A bench run on its own (`npx tsx bench/<name>.ts [--students N]`) rather than as a row of `npm run bench`: on a
 * throwaway local stack of its own (no seed, no gateway), stopped and its data removed whatever the bench did.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LocalStack } from '../lib/local/stack.js';

/** Whether the module at `moduleUrl` is the script node was started with (not imported by bench/run.ts). */
export const isStandalone = (moduleUrl: string) => Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]!).href;

/** The command line's `--students N`, or `fallback`. */
export function studentsArg(argv: string[], fallback: number): number {
  const at = argv.indexOf('--students');
  return at >= 0 ? Number(argv[at + 1]) : fallback;
}

/** Runs `bench` on a fresh local stack, its env applied to this process; `name` tags the data folder. */
export async function onThrowawayStack(name: string, bench: (stack: LocalStack) => Promise<void>): Promise<void> {
  const { startLocalStack } = await import('../lib/local/stack.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
  const stack = await startLocalStack({ dataDir, ports: {}, persist: false, seed: false, gateway: false, log: () => {} });
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
  try {
    await bench(stack);
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
