/**
 * Lambda cold-load: the heaviest route bundle (built as the CDK builds it) against a hello-world bundle
 * built with the same options, each loaded with require() in fresh Node processes, alternately.
 * Reports medians of the whole process (start-up + require, what a cold start pays) and of require() alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_BUNDLING } from '../lib/constructs/api-function.js';
import type { RouteDef } from '../lambdas/routes.js';
import { bundleRoute } from '../test/perf/support/lambda-bundle.js';

export interface ColdLoad {
  bundles: Array<{ id: string; bytes: number }>;
  heaviest: { id: string; bytes: number };
  helloBytes: number;
  /** Median milliseconds: whole process and require() alone. */
  heavy: { processMs: number; requireMs: number };
  hello: { processMs: number; requireMs: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function helloWorld(): Promise<Uint8Array> {
  const out = await build({
    stdin: { contents: 'export const handler = async () => ({ statusCode: 200, body: "hello" });', loader: 'ts', resolveDir: tmpdir() },
    bundle: true, platform: 'node', target: LAMBDA_BUNDLING.target, format: LAMBDA_BUNDLING.format, minify: LAMBDA_BUNDLING.minify,
    write: false, outfile: join(tmpdir(), 'hello.js'), logLevel: 'error',
  });
  return out.outputFiles[0]!.contents;
}

/** One fresh process requiring `file`: wall time of the process and the require() inside it. */
function loadOnce(file: string): { processMs: number; requireMs: number } {
  const env = { ...process.env, TABLE_NAME: 't', BUCKET_NAME: 'b', USER_POOL_ID: 'us-east-1_x', USER_POOL_CLIENT_ID: 'c', AWS_REGION: 'us-east-1', STRIPE_SECRET_ARN: 'arn:x', NODE_NO_WARNINGS: '1' };
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
  const processMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`loading ${file} failed: ${run.stderr}`);
  return { processMs, requireMs: Number(run.stdout) };
}

export async function measureColdLoad(routes: readonly RouteDef[], runs = 21): Promise<ColdLoad> {
  const built = await Promise.all(routes.map(async (r) => ({ id: r.id, code: (await bundleRoute(r)).code })));
  const heaviest = built.reduce((a, b) => (b.code.length > a.code.length ? b : a));
  const dir = mkdtempSync(join(tmpdir(), 'portal-cold-'));
  try {
    const heavyFile = join(dir, 'heavy.js');
    const helloFile = join(dir, 'hello.js');
    const hello = await helloWorld();
    writeFileSync(heavyFile, heaviest.code);
    writeFileSync(helloFile, hello);
    loadOnce(heavyFile); // warm the file cache
    const heavy: Array<ReturnType<typeof loadOnce>> = [];
    const small: Array<ReturnType<typeof loadOnce>> = [];
    for (let i = 0; i < runs; i++) {
      heavy.push(loadOnce(heavyFile));
      small.push(loadOnce(helloFile));
    }
    const summary = (xs: typeof heavy) => ({ processMs: median(xs.map((x) => x.processMs)), requireMs: median(xs.map((x) => x.requireMs)) });
    return {
      bundles: built.map((b) => ({ id: b.id, bytes: b.code.length })).sort((a, b) => b.bytes - a.bytes),
      heaviest: { id: heaviest.id, bytes: heaviest.code.length },
      helloBytes: hello.length,
      heavy: summary(heavy),
      hello: summary(small),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
