/**
 * Lambda bundles, built exactly as the CDK builds them (LAMBDA_BUNDLING): each carries only the clients
 * and libraries its grants call for (support/bundle-grants.ts), and every one loads in a fresh Node
 * process and exports its handler. Bytes are not budgeted: `npm run bench` reports them beside each
 * function's cold load, which is the budget (at most 1.5x a hello world).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../lambdas/jobs.js';
import { routes, type Grant } from '../../lambdas/routes.js';
import { gatesIn, GATES, holdsGate } from './support/bundle-grants.js';
import { bundleRoute, type RouteBundle } from './support/lambda-bundle.js';

/** Every function the CDK bundles: one per route, one per job (a job may share its id with a route). */
const functions: ReadonlyArray<{ id: string; handler: string; grants: readonly Grant[] }> = [...routes, ...jobs.map((job) => ({ ...job, id: `job ${job.id}` }))];

const bundles = new Map<string, RouteBundle>();
let dir: string;

beforeAll(async () => {
  for (const fn of functions) bundles.set(fn.id, await bundleRoute(fn));
  dir = mkdtempSync(join(tmpdir(), 'portal-bundles-'));
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a bundle carries: the inputs with code in its output (esbuild's metafile also lists those it read and shook out). */
const inputsOf = (id: string) => {
  const { outputs } = bundles.get(id)!.metafile;
  const js = Object.values(outputs).find((o) => o.entryPoint !== undefined) ?? Object.values(outputs)[0]!;
  return Object.entries(js.inputs)
    .filter(([, used]) => used.bytesInOutput > 0)
    .map(([input]) => input);
};

describe('Lambda bundles (as the CDK builds them)', () => {
  it.each(functions.map((f) => [f.id, f] as const))('%s bundles only what its grants call for', (_id, fn) => {
    for (const gate of gatesIn(inputsOf(fn.id))) expect(holdsGate(fn, gate), `${fn.id} bundles ${gate.name} without a grant of ${gate.grants.join(' or ')}`).toBe(true);
  });

  it.each(GATES.map((g) => [g.name, g] as const))('%s is bundled by some function (else its gate checks nothing)', (_name, gate) => {
    expect(functions.some((f) => gatesIn(inputsOf(f.id)).includes(gate))).toBe(true);
  });

  it('a read route carries none of them but DynamoDB', () => {
    const read = functions.find((f) => f.id === 'courses-list')!;
    expect(gatesIn(inputsOf(read.id)).map((g) => g.name)).toEqual(['the DynamoDB client']);
  });

  it("keeps only the SDK schemas it uses: a REST client's schemas are shaken down to its commands' (bin/patch-sdk-schemas.mjs ran at install)", () => {
    const { outputs } = bundles.get('job notifications-deliver')!.metafile;
    const js = Object.values(outputs).find((o) => o.entryPoint !== undefined) ?? Object.values(outputs)[0]!;
    const schemas = Object.entries(js.inputs).find(([input]) => input.endsWith('client-sesv2/dist-es/schemas/schemas_0.js'));
    // SendEmail's request, response and errors: about 5.5 KB; every operation's schemas, kept by computed trait keys, 48 KB
    expect(schemas?.[1].bytesInOutput).toBeGreaterThan(0);
    expect(schemas![1].bytesInOutput).toBeLessThan(12_000);
  });

  it('every bundle loads in a fresh Node process and exports its handler', () => {
    const files = functions.map((fn) => {
      const file = join(dir, `${fn.id.replace(/\W+/g, '-')}.js`);
      writeFileSync(file, bundles.get(fn.id)!.code);
      return file;
    });
    // configuration read at cold start: placeholders are enough to load
    const env = { ...process.env, TABLE_NAME: 't', BUCKET_NAME: 'b', USER_POOL_ID: 'us-east-1_x', USER_POOL_CLIENT_ID: 'c', AWS_REGION: 'us-east-1', STRIPE_SECRET_ARN: 'arn:x' };
    const script = `for (const f of ${JSON.stringify(files)}) if (typeof require(f).handler !== 'function') throw new Error(f + ' exports no handler');`;
    const run = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  }, 60_000);
});
