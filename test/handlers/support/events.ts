/**
 * API Gateway HTTP API events for calling handlers directly, shaped as the cloud sends them
 * (claims as strings, groups flattened to "[a b]" by the JWT authorizer).
 */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { ApiEvent, ApiResult } from '../../../lambdas/http/types.js';
import { routeById, routeKeyPath, type Role, type RouteId } from '../../../lambdas/routes.js';

export interface Caller {
  username: string;
  roles?: Exclude<Role, 'student'>[];
}

export function apiEvent(
  id: RouteId,
  opts: {
    caller?: Caller;
    pathParameters?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    rawBody?: string;
    /** More request headers (a browser's user agent...). */
    headers?: Record<string, string>;
  } = {},
): ApiEvent {
  const route = routeById(id);
  const routeKey = `${route.method} ${routeKeyPath(route.path)}`;
  const rawPath = route.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(opts.pathParameters?.[name] ?? ''));
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const claims = opts.caller
    ? {
        username: opts.caller.username,
        sub: `sub-${opts.caller.username}`,
        token_use: 'access',
        ...(opts.caller.roles?.length ? { 'cognito:groups': `[${opts.caller.roles.join(' ')}]` } : {}),
      }
    : null;
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: new URLSearchParams(opts.query ?? {}).toString(),
    headers: { 'content-type': 'application/json', host: inject('gatewayHost'), ...opts.headers },
    queryStringParameters: opts.query,
    pathParameters: opts.pathParameters,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: inject('gatewayHost'),
      domainPrefix: 'localhost',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      ...(claims ? { authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } } } : {}),
    },
  } as ApiEvent;
}

const context = { awsRequestId: 'test', functionName: 'test', getRemainingTimeInMillis: () => 10_000 };

export async function invoke(handler: (e: ApiEvent, c: any) => Promise<ApiResult>, event: ApiEvent) {
  const result = await handler(event, context);
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined, headers: result.headers };
}
