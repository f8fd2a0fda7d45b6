/**
 * One folder for every cloud assembly the infra tier synthesizes (each ~30 MB), removed when the run ends. The
 * tier's workers share a synth per stage between files (test/infra/synth.ts), so no file can remove those, and a
 * worker's own exit hooks do not run when Vitest stops it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-infra-'));
  project.provide('infraOutputs', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
