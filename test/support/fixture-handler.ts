/**
 * A handler for route and job rows that tests make up (not in lambdas/routes.ts or lambdas/jobs.ts):
 * a tiny bundle for the CDK tests, and a known answer for the local runners.
 */
export const handler = async () => ({ statusCode: 204, body: '' });

/** This module as a row names its handler: relative to lambdas/. */
export const FIXTURE_HANDLER = '../test/support/fixture-handler.ts';
