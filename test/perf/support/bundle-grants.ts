/**
 * What a Lambda bundle may carry follows what the function is allowed to do: a client or library
 * that only makes sense with a grant (lambdas/routes.ts `Grant`) is bundled only by functions that
 * hold it. Bytes are reported (`npm run bench`), not budgeted; cold start is the budget
 * (bench/cold-load.ts). This keeps the boundary that bytes used to keep by accident: importing an
 * entity module for a read must not pull in Cognito, S3, SQS, Scheduler or Stripe.
 */
import type { RouteDef } from '../../../lambdas/routes.js';

export interface Gate {
  name: string;
  /** Paths (as esbuild's metafile names its inputs) whose presence in a bundle needs the gate's grant. */
  inputs: string[];
  /** Grants (or grant prefixes, ending in ':') of which a function must hold one to bundle the inputs. */
  grants: string[];
}

export const GATES: Gate[] = [
  { name: 'the Cognito client', inputs: ['node_modules/@aws-sdk/client-cognito-identity-provider/'], grants: ['userpool:'] },
  { name: 'the DynamoDB client', inputs: ['node_modules/@aws-sdk/client-dynamodb/'], grants: ['table:', 'audit:write', 'mfa:enrolment'] },
  { name: 'the S3 client and presigner', inputs: ['node_modules/@aws-sdk/client-s3/', 'node_modules/@aws-sdk/s3-request-presigner/'], grants: ['bucket:'] },
  { name: 'multipart parsing (busboy)', inputs: ['node_modules/busboy/'], grants: ['bucket:write'] },
  { name: 'the SQS client', inputs: ['node_modules/@aws-sdk/client-sqs/'], grants: ['queue:'] },
  { name: 'the EventBridge Scheduler client', inputs: ['node_modules/@aws-sdk/client-scheduler/'], grants: ['schedule:'] },
  {
    name: "Stripe's API and its secret",
    inputs: ['lambdas/store/stripe-api.ts', 'node_modules/@aws-sdk/client-secrets-manager/', 'node_modules/@aws-lambda-powertools/parameters/'],
    grants: ['secret:stripe'],
  },
];

export const holdsGate = (fn: Pick<RouteDef, 'grants'>, gate: Gate) => fn.grants.some((g) => gate.grants.some((p) => (p.endsWith(':') ? g.startsWith(p) : g === p)));

/** The gates whose inputs a bundle carries. */
export const gatesIn = (inputs: readonly string[]) => GATES.filter((gate) => gate.inputs.some((prefix) => inputs.some((i) => i.startsWith(prefix))));
