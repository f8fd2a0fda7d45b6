/** The Lambda bundle budget (issue 10), shared by test/perf/lambda-bundles.test.ts and the benchmark's report. */
import type { RouteDef } from '../../../lambdas/routes.js';

export const KB = 1000;
/** A route's own code, the DynamoDB client, Powertools and middy, minified. */
export const BUDGET = 300 * KB;

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
 * Libraries that do not fit in 300 KB however they are imported, measured on the bundles as LAMBDA_BUNDLING
 * builds them: what each may add, why, and for which routes. Everything else (zod/mini, the S3 signer and
 * presigner, Powertools, middy, the DynamoDB client, the Cognito client, multipart parsing with busboy)
 * fits the plain 300 KB; test/perf/lambda-bundles.test.ts fails an allowance no route needs any more.
 */
export const ALLOWANCES: Allowance[] = [
  {
    name: 'Document upload parsing', packages: ['busboy'], bytes: 10 * KB, allowedFor: hasGrant('bucket:write'),
    why: 'the one route that takes files in its body parses multipart (busboy) and extracts their text with single-pass scanners bounded in bytes and time (issue 20): 304 KB. The extraction is our own code, so the allowance is keyed on busboy, which only the upload route bundles',
  },
  {
    name: 'Stripe SDK', packages: ['stripe'], bytes: 245 * KB, allowedFor: hasGrant('secret:stripe'),
    why: "the official Stripe SDK (the project's rule: the real SDK talks to the sandbox) weighs 246 KB in its ES module build: its constructor creates all of its ~130 API resources (153 KB) and it has no per-resource entry point; with Secrets Manager for its key (13 KB), the payment routes land at 505-545 KB (every route bundles the route table, which grows with the routes: 540 KB for reconcile after issue 19's MFA and import rows)",
  },
];
