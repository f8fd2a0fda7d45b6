/** The Lambda bundle budget, shared by test/perf/lambda-bundles.test.ts and the benchmark's report. */
import type { RouteDef } from '../../../lambdas/routes.js';

export const KB = 1000;
/**
 * A route's own code, the DynamoDB client, Powertools and middy, minified. 310 KB since the store reads
 * items through their declared layouts (zod) instead of casting them: 3-5 KB more on the sign-in routes,
 * which read the student's profile. Bytes stand in for cold start here; bench/cold-load.ts measures it.
 */
export const BUDGET = 310 * KB;

export interface Allowance {
  name: string;
  /** Packages whose bytes the allowance covers. */
  packages: string[];
  bytes: number;
  why: string;
  /** Which functions (routes and jobs, by their grants) may bundle them. */
  allowedFor: (fn: Pick<RouteDef, 'grants'>) => boolean;
}

const hasGrant = (prefix: string) => (fn: Pick<RouteDef, 'grants'>) => fn.grants.some((g) => g.startsWith(prefix));

/**
 * Libraries that do not fit in 310 KB however they are imported, measured on the bundles as LAMBDA_BUNDLING
 * builds them: what each may add, why, and for which routes. Everything else (zod/mini, the S3 signer and
 * presigner, Powertools, middy, the DynamoDB client, the Cognito client, multipart parsing with busboy, and
 * Stripe: the payment functions call its HTTP API (lambdas/store/stripe-api.ts) instead of bundling its SDK,
 * 281-309 KB with Secrets Manager for its key, payments-webhook the heaviest) fits the plain 310 KB;
 * test/perf/lambda-bundles.test.ts fails an allowance no route needs any more.
 */
export const ALLOWANCES: Allowance[] = [
  {
    name: 'Document upload parsing',
    packages: ['busboy'],
    bytes: 10 * KB,
    allowedFor: hasGrant('bucket:write'),
    why: 'the one route that takes files in its body parses multipart (busboy) and extracts their text with single-pass scanners bounded in bytes and time: 312 KB. The extraction is our own code, so the allowance is keyed on busboy, which only the upload route bundles',
  },
];
