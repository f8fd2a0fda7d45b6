// `npm test` and `npm run test:fast`: the type check and the lint (ESLint, Prettier, then the cycle check)
// run beside Vitest instead of before it, so their CPU overlaps the tests' waits (stand-ins starting,
// browsers loading). Any failure fails the run. Arguments go to `vitest run` (test:fast passes its
// projects). The checks keep caches in node_modules/.cache (tsc's build info, ESLint's, Prettier's and
// dependency-cruiser's), so a second run rechecks only what changed. The last line counts the tests in the
// plain "N passed, N failed" form, a failed check counting as one failure. Just above it, a failed run repeats what
// failed in a few lines (failureDigest): a CI log is often read from its tail, and Vitest prints the details far up.
//
// The browser tier stays in the same Vitest process, after the others (vitest.config.ts): run beside them in
// a second process it finished the whole run only about 30 s sooner on two cores (the other tiers keep both
// busy), and its journeys met timings a loaded machine brings about.
import { spawn } from 'node:child_process';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const args = process.argv.slice(2);

function run(label, command, commandArgs, { capture }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (stream, to) =>
      stream.on('data', (d) => {
        output += d;
        if (!capture) to.write(d);
      });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (capture) process.stdout.write(`\n── ${label}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`);
      resolve({ label, code: code ?? 1, output });
    });
  });
}

/** Vitest's summary line, "Tests  2 failed | 3720 passed | 1 skipped (3723)", as counts. */
function testCounts(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const line = plain.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/m)?.[1] ?? '';
  const count = (word) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
}

/**
 * Each failed test's heading and error, up to its first stack frame (12 lines at most), and what the browser tier's
 * pages met from the API and any clock left moved (the "[e2e] ..." lines of test/setup/e2e-env.ts): at most 80
 * lines in all.
 */
function failureDigest(output) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const digest = [];
  lines.forEach((line, i) => {
    if (/^ FAIL  /.test(line)) {
      const block = [line];
      for (let j = i + 1; j < lines.length && block.length < 12 && !/^\s*❯ |^⎯/.test(lines[j]); j++) if (lines[j].trim()) block.push(lines[j]);
      digest.push(...block, '');
    } else if (/^\[e2e\] (API answers|.+ found its stack's clock)/.test(line)) {
      digest.push(line);
      for (let j = i + 1; j < lines.length && lines[j].startsWith('  '); j++) digest.push(lines[j]);
      digest.push('');
    }
  });
  return digest.slice(0, 80).join('\n');
}

const [typecheck, lint, vitest] = await Promise.all([
  run('typecheck (tsc)', 'npm', ['run', '--silent', 'typecheck'], { capture: true }),
  run('lint (ESLint, Prettier, cycles)', 'npm', ['run', '--silent', 'lint'], { capture: true }),
  run('vitest', bin('vitest'), ['run', ...args], { capture: false }),
]);
const tests = testCounts(vitest.output);
const failed = [typecheck, lint, vitest].filter((r) => r.code !== 0);
// a failed check (the type check, the lint, or Vitest ending with no failed test counted) is one failure
const failedChecks = [typecheck, lint].filter((r) => r.code !== 0).length + (vitest.code !== 0 && tests.failed === 0 ? 1 : 0);
const digest = vitest.code !== 0 ? failureDigest(vitest.output) : '';
if (digest) process.stdout.write(`\n── what failed (repeated from above)\n${digest}\n`);
if (failed.length > 0) process.stdout.write(`\nFAILED: ${failed.map((r) => r.label).join(', ')}\n`);
process.stdout.write(`\n${tests.passed} passed, ${tests.failed + failedChecks} failed${tests.skipped ? `, ${tests.skipped} skipped` : ''}\n`);
process.exit(failed.length > 0 ? 1 : 0);
