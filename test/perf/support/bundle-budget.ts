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
  /** Which routes may bundle them. */
  allowedFor: (route: RouteDef) => boolean;
}

const hasGrant = (prefix: string) => (route: RouteDef) => route.grants.some((g) => g.startsWith(prefix));

/** Libraries tree-shaking cannot shrink: what each may add to the 300 KB, why, and for which routes. */
export const ALLOWANCES: Allowance[] = [
  {
    name: 'zod', packages: ['zod'], bytes: 100 * KB, allowedFor: () => true,
    why: 'zod 4 classic (the contract schemas the SPA shares) keeps every schema method: 85-99 KB however little a route uses',
  },
  {
    name: 'S3 client', packages: ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner'], bytes: 180 * KB, allowedFor: hasGrant('bucket:'),
    why: 'the S3 client and presigner, with the XML protocol, checksums and SigV4a they bring (~100 KB + ~75 KB)',
  },
  {
    name: 'Cognito client', packages: ['@aws-sdk/client-cognito-identity-provider'], bytes: 55 * KB, allowedFor: hasGrant('userpool:'),
    why: 'the Cognito client (~35 KB) and the SDK parts DynamoDB does not already use',
  },
  {
    name: 'Stripe SDK', packages: ['stripe'], bytes: 275 * KB, allowedFor: hasGrant('secret:stripe'),
    why: 'the official Stripe SDK registers all of its ~270 API resources in its constructor (no per-resource entry points), plus Secrets Manager for its key',
  },
  {
    name: 'multipart upload', packages: ['busboy', 'fflate'], bytes: 45 * KB, allowedFor: (r) => r.id === 'documents-upload',
    why: 'multipart parsing (busboy) and reading .docx text (fflate), only where files arrive',
  },
];

