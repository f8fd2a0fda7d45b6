/**
 * Lambda cold-load: the heaviest route bundle (built as the CDK builds it) against a hello-world bundle
 * built with the same options, each loaded with require() in fresh Node processes, alternately.
 * Reports medians of the whole process (start-up + require, what a cold start pays), of require() alone
 * and of the CPU time require() took (steadier than wall time on a shared machine).
 *
 * Standalone, for one decision at a time (`npx tsx bench/cold-load.ts [--runs N] [--source-maps] [route or job id...]`):
 * with route ids, each named route against hello world, alternately; without, the heaviest as `npm run bench`
 * measures it; `--files a.js b.js` loads bundles saved earlier (say, one built before a change and one
 * after), each with its .map if there is one. `--source-maps` loads them as the deployed functions do:
 * NODE_OPTIONS=--enable-source-maps (lib/constructs/api-function.ts), the source map beside the bundle.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteDef } from '../lambdas/routes.js';
import { bundleRoute, bundleSource } from '../test/perf/support/lambda-bundle.js';

/** Median milliseconds of one file's loads. */
export interface LoadTimes {
  /** The whole process: Node's start-up and the require(). */
  processMs: number;
  requireMs: number;
  /** CPU (user + system) of the require(). */
  requireCpuMs: number;
  /** CPU of the process up to the end of the require(): start-up included, and steadier than wall time on a busy machine. */
  processCpuMs: number;
}

export interface ColdLoad {
  bundles: Array<{ id: string; bytes: number }>;
  heaviest: { id: string; bytes: number };
  helloBytes: number;
  heavy: LoadTimes;
  hello: LoadTimes;
}

export interface LoadOptions {
  runs?: number;
  /** Load as the deployed functions do: NODE_OPTIONS=--enable-source-maps, the map beside the bundle. */
  sourceMaps?: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function helloWorld(): Promise<{ code: Uint8Array; map: Uint8Array }> {
  return bundleSource('export const handler = async () => ({ statusCode: 200, body: "hello" });');
}

/** One fresh process requiring `file`: wall time of the process, and wall and CPU time of the require() inside it. */
function loadOnce(file: string, sourceMaps: boolean): LoadTimes {
  const env = {
    ...process.env,
    TABLE_NAME: 't',
    BUCKET_NAME: 'b',
    USER_POOL_ID: 'us-east-1_x',
    USER_POOL_CLIENT_ID: 'c',
    AWS_REGION: 'us-east-1',
    STRIPE_SECRET_ARN: 'arn:x',
    NODE_NO_WARNINGS: '1',
    NODE_OPTIONS: sourceMaps ? '--enable-source-maps' : '',
  };
  // What the Lambda runtime has loaded before it requires the handler: its bootstrap creates the Runtime
  // API client first (aws-lambda-nodejs-runtime-interface-client, src/index.mjs: `new RAPIDClient(...)`
  // before `UserFunction.load`), whose constructor requires `http` and makes a keep-alive Agent
  // (src/RAPIDClient.js). So `http` and what it pulls in (net, stream, events) are in place for hello
  // world and for every route alike, as in the cloud.
  const runtime = 'new (require("node:http").Agent)({keepAlive:true,maxSockets:1});';
  const script =
    runtime +
    'const c=process.cpuUsage();const t=process.hrtime.bigint();' +
    `require(${JSON.stringify(file)});` +
    'const w=Number(process.hrtime.bigint()-t)/1e6;const u=process.cpuUsage(c);const r=process.resourceUsage();' +
    'process.stdout.write(w+" "+(u.user+u.system)/1e3+" "+(r.userCPUTime+r.systemCPUTime)/1e3)';
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
  const processMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`loading ${file} failed: ${run.stderr}`);
  const [requireMs, requireCpuMs, processCpuMs] = run.stdout.split(' ').map(Number);
  return { processMs, requireMs: requireMs!, requireCpuMs: requireCpuMs!, processCpuMs: processCpuMs! };
}

/** Loads each file `runs` times, all of them in turn each round (so a busy moment hits every file alike). */
function loadAlternately(files: string[], { runs = 21, sourceMaps = false }: LoadOptions): LoadTimes[] {
  for (const file of files) loadOnce(file, sourceMaps); // warm the file cache
  const times = files.map(() => [] as LoadTimes[]);
  for (let i = 0; i < runs; i++) files.forEach((file, j) => times[j]!.push(loadOnce(file, sourceMaps)));
  return times.map((xs) => ({
    processMs: median(xs.map((x) => x.processMs)),
    requireMs: median(xs.map((x) => x.requireMs)),
    requireCpuMs: median(xs.map((x) => x.requireCpuMs)),
    processCpuMs: median(xs.map((x) => x.processCpuMs)),
  }));
}

/** Writes bundles (and their maps) to a temp dir and loads them, hello world first. */
async function loadBundles(bundles: Array<{ id: string; code: Uint8Array; map: Uint8Array }>, opts: LoadOptions) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-cold-'));
  try {
    const hello = await helloWorld();
    const files = [{ id: 'hello', ...hello }, ...bundles].map((b, i) => {
      // each in its own folder as index.js, as in the function's package (the map is found by that name)
      mkdirSync(join(dir, String(i)));
      const file = join(dir, String(i), 'index.js');
      writeFileSync(file, b.code);
      if (b.map.length > 0) writeFileSync(`${file}.map`, b.map);
      return file;
    });
    const [helloTimes, ...times] = loadAlternately(files, opts);
    return { hello: helloTimes!, helloBytes: hello.code.length, times };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureColdLoad(routes: readonly RouteDef[], runs = 21, opts: Omit<LoadOptions, 'runs'> = {}): Promise<ColdLoad> {
  const built = await Promise.all(routes.map(async (r) => ({ id: r.id, ...(await bundleRoute(r)) })));
  const heaviest = built.reduce((a, b) => (b.code.length > a.code.length ? b : a));
  const { hello, helloBytes, times } = await loadBundles([heaviest], { ...opts, runs });
  return {
    bundles: built.map((b) => ({ id: b.id, bytes: b.code.length })).sort((a, b) => b.bytes - a.bytes),
    heaviest: { id: heaviest.id, bytes: heaviest.code.length },
    helloBytes,
    heavy: times[0]!,
    hello,
  };
}

/** A function to measure: a route or a job (both name their module under lambdas/). */
export type FunctionDef = { id: string; handler: string };

/** Named functions (routes or jobs), each against hello world, loaded alternately. */
export async function measureRoutes(routes: readonly FunctionDef[], opts: LoadOptions = {}) {
  const built = await Promise.all(routes.map(async (r) => ({ id: r.id, ...(await bundleRoute(r)) })));
  const { hello, times } = await loadBundles(built, opts);
  return { hello, routes: built.map((b, i) => ({ id: b.id, bytes: b.code.length, ...times[i]! })) };
}

async function main(argv: string[]) {
  const { routes: routeTable } = await import('../lambdas/routes.js');
  const { jobs } = await import('../lambdas/jobs.js');
  // every function: the routes' and the jobs'
  const routes: FunctionDef[] = [...routeTable, ...jobs];
  const runsAt = argv.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 21;
  const sourceMaps = argv.includes('--source-maps');
  const files = argv.includes('--files') ? argv.slice(argv.indexOf('--files') + 1).filter((a) => !a.startsWith('--')) : [];
  const ids = files.length ? [] : argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--runs');
  const unknown = ids.filter((id) => !routes.some((r) => r.id === id));
  if (unknown.length) throw new Error(`unknown route or job ids: ${unknown.join(', ')}`);
  const chosen = ids.length ? routes.filter((r) => ids.includes(r.id)) : null;
  const row = (id: string, kb: number, t: LoadTimes, hello: LoadTimes) =>
    `${id.padEnd(40)} ${kb.toFixed(1).padStart(7)} KB  process ${t.processMs.toFixed(1).padStart(6)} ms (${(t.processMs / hello.processMs).toFixed(2)}x)` +
    `  require ${t.requireMs.toFixed(1).padStart(5)} ms (cpu ${t.requireCpuMs.toFixed(1).padStart(5)} ms)` +
    `  process cpu ${t.processCpuMs.toFixed(1).padStart(6)} ms (${(t.processCpuMs / hello.processCpuMs).toFixed(2)}x)`;
  console.log(`median of ${runs} fresh processes each, alternated${sourceMaps ? ', NODE_OPTIONS=--enable-source-maps' : ''}`);
  if (files.length) {
    const saved = files.map((file) => ({ id: file, code: readFileSync(file), map: existsSync(`${file}.map`) ? readFileSync(`${file}.map`) : new Uint8Array() }));
    const { hello, times } = await loadBundles(saved, { runs, sourceMaps });
    console.log(row('hello-world', 0.1, hello, hello));
    saved.forEach((b, i) => console.log(row(b.id, b.code.length / 1000, times[i]!, hello)));
  } else if (chosen) {
    const { hello, routes: measured } = await measureRoutes(chosen, { runs, sourceMaps });
    console.log(row('hello-world', 0.1, hello, hello));
    for (const r of measured) console.log(row(r.id, r.bytes / 1000, r, hello));
  } else {
    const cold = await measureColdLoad(routeTable, runs, { sourceMaps });
    console.log(row('hello-world', cold.helloBytes / 1000, cold.hello, cold.hello));
    console.log(row(cold.heaviest.id, cold.heaviest.bytes / 1000, cold.heavy, cold.hello));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
