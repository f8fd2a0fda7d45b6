/**
 * Lambda bundle budget: each route's and job's esbuild bundle, built exactly as the CDK builds it
 * (LAMBDA_BUNDLING), is at most 310 KB minified (BUDGET): the route's own code, zod/mini, the DynamoDB client,
 * Powertools and middy, and S3 through the SDK's signer and presigner. A few libraries do not fit
 * however they are imported; each has a declared, measured allowance (support/bundle-budget.ts), and
 * only the routes whose grants need it may bundle it (so an import that drags, say, the Stripe SDK
 * into a read route fails here). Every bundle must also load.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../lambdas/jobs.js';
import { routes, type Grant } from '../../lambdas/routes.js';
import { ALLOWANCES, BUDGET, KB } from './support/bundle-budget.js';
import { bundleRoute, bytesByPackage, type RouteBundle } from './support/lambda-bundle.js';

/** Every function the CDK bundles: one per route, one per job (a job may share its id with a route). */
const functions: ReadonlyArray<{ id: string; handler: string; grants: readonly Grant[] }> = [...routes, ...jobs.map((job) => ({ ...job, id: `job ${job.id}` }))];

const bundles = new Map<string, RouteBundle>();
let dir: string;

beforeAll(async () => {
  for (const fn of functions) bundles.set(fn.id, await bundleRoute(fn));
  dir = mkdtempSync(join(tmpdir(), 'portal-bundles-'));
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function allowancesOf(fn: (typeof functions)[number]) {
  const packages = new Map(bytesByPackage(bundles.get(fn.id)!.metafile));
  return ALLOWANCES.filter((a) => a.packages.some((p) => packages.has(p)));
}

describe('Lambda bundles (as the CDK builds them)', () => {
  it.each(functions.map((f) => [f.id, f] as const))('%s fits its budget', (_id, fn) => {
    const size = bundles.get(fn.id)!.code.length;
    const used = allowancesOf(fn);
    for (const a of used) expect(a.allowedFor(fn), `${fn.id} bundles ${a.name} without a grant that needs it`).toBe(true);
    const budget = BUDGET + used.reduce((sum, a) => sum + a.bytes, 0);
    expect(size, `${fn.id}: ${(size / KB).toFixed(1)} KB > ${(budget / KB).toFixed(0)} KB (${[`${BUDGET / KB} KB`, ...used.map((a) => a.name)].join(' + ')})`).toBeLessThanOrEqual(
      budget,
    );
  });

  it.each(ALLOWANCES.map((a) => [a.name, a] as const))(`the %s allowance is still needed by a function above ${BUDGET / KB} KB (else remove it)`, (_name, allowance) => {
    const over = functions.filter((f) => allowancesOf(f).includes(allowance) && bundles.get(f.id)!.code.length > BUDGET).map((f) => f.id);
    expect(over.length, `no function bundling ${allowance.packages.join(', ')} is above ${BUDGET / KB} KB any more`).toBeGreaterThan(0);
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
