/** The benchmark's one table: printed, and written to bench/results.md with the machine it ran on. */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

export interface Row {
  figure: string;
  measured: string;
  budget: string;
  result: string;
}

export function machineDescription(): string {
  const git = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })();
  return [
    `${os.availableParallelism()} CPUs (nproc) ${os.cpus()[0]?.model ?? ''}`.trim(),
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory`,
    `Node ${process.version}`,
    `${os.type()} ${os.release()} ${os.arch()}`,
    `commit ${git} (with uncommitted work)`,
  ].join('; ');
}

const escape = (s: string) => s.replace(/\|/g, '\\|');

export function writeReport(
  rows: Row[],
  info: {
    seconds: number;
    machine: string;
    bundles: Array<{ id: string; bytes: number }>;
    /** Which clients and libraries need which grants (test/perf/support/bundle-grants.ts). */
    gates: Array<{ name: string; grants: string[] }>;
  },
): string {
  const table = [
    '| figure | measured | budget | result |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${escape(r.figure)} | ${escape(r.measured)} | ${escape(r.budget)} | ${escape(r.result)} |`),
  ].join('\n');
  console.log(`\n${table}\n`);
  const file = fileURLToPath(new URL('./results.md', import.meta.url));
  fs.writeFileSync(
    file,
    `# Benchmark results

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} in ${(info.seconds / 60).toFixed(1)} minutes.

Machine: ${info.machine}.

The local stack (DynamoDB Local in memory, cognito-local, s3rver, the gateway running the handlers)
and the load generator (autocannon, one connection, 100 requests after 20 warm-up requests per
route, in its own process) share this machine, and other work runs beside them: compare ratios
measured side by side in this run, not absolute times. 1x = 1,000 students in 10 cohorts, 10,000
payments, 500 documents, 50 courses; 10x = ten times each, seeded on top of 1x (bench/seed.ts), so a
route reads the same records at both scales in a table ten times larger.

${table}

## Lambda bundle sizes (minified)

| route | KB |
|---|---|
${info.bundles.map((b) => `| ${b.id} | ${(b.bytes / 1000).toFixed(1)} |`).join('\n')}

Reported, not budgeted: cold load is the budget (the table above). What a bundle may carry follows its grants:

${info.gates.map((g) => `- ${g.name}: only with ${g.grants.map((p) => (p.endsWith(':') ? `a ${p}* grant` : p)).join(' or ')}.`).join('\n')}
`,
  );
  return file;
}
