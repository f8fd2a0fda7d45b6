/**
 * The cycle check `npm run lint` runs after ESLint (.dependency-cruiser.cjs): a planted cycle, even
 * through type-only imports, is refused with the modules it runs through; a chain without one passes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/local/paths.js';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function cruise(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'planted-cycle-'));
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
  const bin = join(REPO_ROOT, 'node_modules', '.bin', 'depcruise');
  // without colours (CI sets CI=true, which turns them on): the assertions read the plain report
  const run = spawnSync(bin, ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', dir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
  return { status: run.status, stdout: plain(run.stdout), stderr: plain(run.stderr) };
}

describe('lint: no import cycles', () => {
  it('refuses a cycle of type-only imports, naming its modules', () => {
    const run = cruise({
      'a.ts': "import type { B } from './b.js';\nexport interface A { b?: B }\n",
      'b.ts': "import type { A } from './a.js';\nexport interface B { a?: A }\n",
    });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toMatch(/no-cycle: .*a\.ts →\s+.*b\.ts →\s+.*a\.ts/s);
  });

  it('passes a chain without one', () => {
    const run = cruise({
      'a.ts': "import { b } from './b.js';\nexport const a = b + 1;\n",
      'b.ts': 'export const b = 1;\n',
    });
    expect(run.stderr + run.stdout).toMatch(/no dependency violations found/);
    expect(run.status).toBe(0);
  });
});
