// `npm test` and `npm run test:fast`: the type check and the lint (ESLint, then the cycle check) run
// beside Vitest instead of before it, so their ~40 s of CPU overlap the tests' waits (stand-ins starting,
// browsers loading). Vitest prints as it goes; each check prints its whole output when it ends. Any
// failure fails the run. Arguments go to `vitest run` (test:fast passes its projects). The checks keep
// caches in node_modules/.cache (tsc's build info, ESLint's, Prettier's and dependency-cruiser's), so a
// second run rechecks only what changed.
import { spawn } from 'node:child_process';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

function run(label, command, args, { capture }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (capture) {
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
    }
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (capture) process.stdout.write(`\n── ${label}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`);
      resolve({ label, code: code ?? 1 });
    });
  });
}

const results = await Promise.all([
  run('typecheck (tsc)', 'npm', ['run', '--silent', 'typecheck'], { capture: true }),
  run('lint (ESLint, cycles)', 'npm', ['run', '--silent', 'lint'], { capture: true }),
  run('vitest', bin('vitest'), ['run', ...process.argv.slice(2)], { capture: false }),
]);
const failed = results.filter((r) => r.code !== 0);
if (failed.length > 0) process.stdout.write(`\nFAILED: ${failed.map((r) => r.label).join(', ')}\n`);
process.exit(failed.length > 0 ? 1 : 0);
