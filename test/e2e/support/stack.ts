/**
 * The local stack this test file runs against. The browser tier runs two files at once, and
 * test/setup/local-stack.global.ts starts one stack per worker. Each file claims a stack no running file holds
 * (claimStack, from test/setup/e2e-env.ts before the file is imported), so a file that moves its stack's clock or
 * changes its settings never races another.
 *
 * The claim is a file in the stack's data directory (linked into place, so only one worker makes it), not Vitest's
 * VITEST_POOL_ID: in a whole `npm test`, two browser-tier workers started together after the other tiers both read
 * VITEST_POOL_ID=1, and the second file's tokens expired when the first moved their shared stack's clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

type Stack = ReturnType<typeof inject<'e2eStacks'>>[number];
/** The stack this worker last claimed: its next file tries it first. */
let mine: Stack | undefined;

export function stack(): Stack {
  if (!mine) throw new Error('no local stack claimed: test/setup/e2e-env.ts claims one before each browser-tier file');
  return mine;
}

export const baseUrl = () => stack().baseUrl;
export const stripeKeys = () => stack().stripeKeys;

interface Occupant {
  file: string;
  pid: number;
}
const occupantFile = (of: Stack) => path.join(of.dataDir, 'e2e-occupant.json');

/**
 * Claims a stack for `file`: this worker's last one if it is free, else the first free one. A claim left by a
 * worker that has exited is free. Throws, naming the holders, if every stack is held (more files at once than stacks).
 */
export function claimStack(file: string): void {
  const stacks = inject('e2eStacks');
  const order = mine ? [mine, ...stacks.filter((s) => s.dataDir !== mine?.dataDir)] : stacks;
  const held: string[] = [];
  for (const candidate of order) {
    const holder = take(candidate, { file, pid: process.pid });
    if (!holder) {
      mine = candidate;
      return;
    }
    held.push(`${candidate.baseUrl} by ${holder.file} (pid ${holder.pid})`);
  }
  throw new Error(`no free local stack for ${file}: ${held.join('; ')}`);
}

/** Gives up this worker's claim (it keeps `mine` as its first choice for the next file). */
export function releaseStack(): void {
  if (!mine) return;
  const holder = read(occupantFile(mine));
  if (holder?.pid === process.pid) fs.rmSync(occupantFile(mine), { force: true });
}

/** Takes `candidate` for `me` and answers undefined, or answers its live holder. */
function take(candidate: Stack, me: Occupant): Occupant | undefined {
  // written whole first, then linked into place: link(2) fails if the claim exists, so a reader never sees half a claim
  const draft = `${occupantFile(candidate)}.${process.pid}`;
  fs.writeFileSync(draft, JSON.stringify(me));
  try {
    for (;;) {
      try {
        fs.linkSync(draft, occupantFile(candidate));
        return undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = read(occupantFile(candidate));
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) return holder;
      // this worker's own claim from a file that ended without releasing it, or one of an exited worker (or
      // released meanwhile: then removing is a no-op)
      if (holder) fs.rmSync(occupantFile(candidate), { force: true });
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function read(file: string): Occupant | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Occupant;
  } catch {
    return undefined; // released meanwhile
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
