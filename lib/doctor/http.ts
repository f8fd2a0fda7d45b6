/**
 * Checks made over HTTP against the portal's origin, the same in the cloud (CloudFront) and locally
 * (the gateway): the runtime config the SPA boots from, and the API refusing a call without a token.
 */
import { routeById } from '../../lambdas/routes.js';
import { describeError, fail, pass, type CheckResult } from './check.js';
import { judgeRuntimeConfig } from './stripe.js';

export interface HttpAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers: Headers;
}

export async function get(url: string, init: RequestInit = {}): Promise<HttpAnswer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** A signed-in read of the route table: what the authorizer must refuse without a token. */
export const PROTECTED_PATH = routeById('payments-list').path;

const UNAUTHENTICATED = 'API refuses calls without a token';

/**
 * API Gateway's JWT authorizer answers 401 `{"message":"Unauthorized"}` before any function runs, and
 * the local gateway answers the same (DESIGN.md "The local stack behaves like the cloud").
 */
export function judgeUnauthenticated(url: string, answer: HttpAnswer): CheckResult {
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    body = undefined;
  }
  const isAuthorizerRefusal = answer.status === 401 && JSON.stringify(body) === JSON.stringify({ message: 'Unauthorized' });
  if (isAuthorizerRefusal) return pass(UNAUTHENTICATED, `GET ${url} → 401 {"message":"Unauthorized"}`);
  const shown = answer.body.length > 80 ? `${answer.body.slice(0, 80)}…` : answer.body;
  return fail(
    UNAUTHENTICATED,
    `GET ${url} → ${answer.status} ${shown}`,
    answer.status === 200
      ? 'the route has no authorizer: check lambdas/routes.ts access and redeploy the api stack'
      : 'check that /api/* reaches the HTTP API (CloudFront behaviour, or the local gateway) and that the route is in lambdas/routes.ts',
  );
}

export async function checkUnauthenticated(origin: string): Promise<CheckResult> {
  const url = `${origin}${PROTECTED_PATH}`;
  try {
    return judgeUnauthenticated(url, await get(url));
  } catch (error) {
    return fail(UNAUTHENTICATED, `GET ${url}: ${describeError(error)}`, 'check that the portal answers at this address');
  }
}

export async function checkRuntimeConfig(origin: string, deployFix: string): Promise<{ result: CheckResult; body: string | undefined }> {
  const url = `${origin}/config.json`;
  try {
    const answer = await get(url);
    return { result: judgeRuntimeConfig(answer.status, answer.body, url, deployFix), body: answer.status === 200 ? answer.body : undefined };
  } catch (error) {
    return { result: fail('Runtime config', `GET ${url}: ${describeError(error)}`, deployFix), body: undefined };
  }
}
