/**
 * `npm run doctor -- --local` passes on a freshly started stack (the one the browser tests
 * run: bin/local.ts in a temp data directory). The data directory is not handed to tests, but its
 * Stripe keys are (local-stack.global.ts), so the test gives the doctor a directory holding just them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/local/paths.js';
import { AWS_ONLY_CHECKS } from '../../lib/doctor/local.js';
import { baseUrl, stripeKeys } from './support/stack.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function keysDir(keys: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-e2e-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'stripe-keys.json'), JSON.stringify(keys), { mode: 0o600 });
  return dir;
}

/** `npm run doctor -- ...` as a person runs it: a child process, its lines and its exit code. */
function doctor(...args: string[]): Promise<{ code: number; lines: string[]; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'bin/doctor.ts', ...args], { cwd: REPO_ROOT, timeout: 50_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, lines: stdout.trim().split('\n'), stderr });
    });
  });
}

describe('npm run doctor -- --local', () => {
  it('passes on the running stack: every check ✓ or skipped as AWS-only, exit code 0', async () => {
    const { code, lines, stderr } = await doctor('--local', '--url', baseUrl(), '--data-dir', keysDir(stripeKeys()));
    const [header, ...checks] = lines;
    expect(header).toMatch(/^Portal doctor: the local stack at http:\/\/localhost:\d+/);
    for (const line of checks) expect(line, `${line}\n${stderr}`).toMatch(/^(✓ |– [^:]+: \(AWS only\)$)/);
    expect(checks.filter((l) => l.startsWith('✓')).map((l) => l.slice(2, l.indexOf(':')))).toEqual([
      'Runtime config',
      'Stripe sandbox keys',
      'Stripe sandbox webhook',
      'API refuses calls without a token',
    ]);
    expect(checks.filter((l) => l.startsWith('–'))).toHaveLength(AWS_ONLY_CHECKS.length);
    expect(code).toBe(0);
  });

  it("fails, with the fix, when given another data directory's keys", async () => {
    const other = { secretKey: 'sk_test_notthisstacks0000000000000000', publishableKey: 'pk_test_notthisstacks0000000000000000', webhookSecret: 'whsec_notthisstacks' };
    const { code, lines } = await doctor('--local', '--url', baseUrl(), '--data-dir', keysDir(other));
    expect(lines.find((l) => l.startsWith('✗ Stripe sandbox keys'))).toMatch(/refuses the secret key .* → fix: give the data directory this stack was started on: --data-dir/);
    expect(code).toBe(1);
  });
});
