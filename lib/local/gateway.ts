/**
 * The local stand-in for API Gateway + CloudFront on one port: `/api/*` through the route table with
 * the JWT authorizer's checks, `/config.json` for the SPA, and the built SPA for every other path.
 * Handlers are the same modules the cloud deploys, imported in-process.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '../../lambdas/contract/runtime-config.js';
import type { ApiEvent, ApiResult } from '../../lambdas/http/types.js';
import { routeKeyPath, type RouteDef } from '../../lambdas/routes.js';
import { SECURITY_HEADERS } from '../security-headers.js';
import { flattenClaims, type VerifyToken } from './jwt-verifier.js';
import { buildEvent } from './lambda-event.js';
import { LAMBDAS_DIR } from './paths.js';
import { matchRoute } from './route-matcher.js';
import { requestUrl } from './request-url.js';
import { serveStatic } from './static-files.js';

/** API Gateway HTTP APIs accept at most 10 MB; Lambda's synchronous payload limit is 6 MB. */
const MAX_BODY_BYTES = 6 * 1024 * 1024;

type Handler = (event: ApiEvent, context: unknown) => Promise<ApiResult>;

export interface GatewayOptions {
  port: number;
  webRoot: string;
  runtimeConfig: RuntimeConfig;
  verifyToken: VerifyToken;
  /** Extra mounts (e.g. the Stripe sandbox under /local/stripe/): return true when handled. */
  mounts?: Array<(req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>>;
}

const handlers = new Map<string, Promise<Handler>>();
function loadHandler(route: RouteDef): Promise<Handler> {
  let loaded = handlers.get(route.handler);
  if (!loaded) {
    loaded = import(pathToFileURL(path.join(LAMBDAS_DIR, route.handler)).href).then((m) => m.handler as Handler);
    handlers.set(route.handler, loaded);
  }
  return loaded;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers, ...SECURITY_HEADERS });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, opts: GatewayOptions): Promise<void> {
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  if (match.kind === 'none') return sendJson(res, 404, { error: 'Not found' });
  if (match.kind === 'method-not-allowed') return sendJson(res, 405, { error: 'Method not allowed' });
  const { route, pathParameters } = match;

  let claims: Record<string, string> | null = null;
  if (route.access !== 'public') {
    // Same answer as API Gateway's JWT authorizer: 401 before the Lambda runs.
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return sendJson(res, 401, { error: 'Authentication required', detail: 'Authentication credentials were not provided.' });
    try {
      claims = flattenClaims(await opts.verifyToken(token));
    } catch {
      return sendJson(res, 401, { error: 'Token is invalid or expired', detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    }
  }

  const body = await readBody(req);
  if (body === null) return sendJson(res, 413, { error: 'Request body too large' });
  const event = buildEvent({ req, url, routeKey: `${route.method} ${routeKeyPath(route.path)}`, pathParameters, body, claims });
  const context = {
    awsRequestId: event.requestContext.requestId,
    functionName: `portal-local-${route.id}`,
    // the row's timeout, as the CDK gives the function (lib/constructs/api-function.ts)
    getRemainingTimeInMillis: () => (route.timeoutSeconds ?? 10) * 1000,
  };
  let result: ApiResult;
  try {
    result = await (await loadHandler(route))(event, context);
  } catch (error) {
    // In the cloud an unhandled Lambda failure is API Gateway's 500 "Internal Server Error".
    console.error(`[gateway] ${route.id} failed:`, error);
    return sendJson(res, 500, { error: 'Internal server error' });
  }
  const payload = result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? '');
  // CloudFront's response headers policy overrides whatever the origin sent, on API answers too
  res.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string>), ...SECURITY_HEADERS });
  res.end(payload);
}

export function startGateway(opts: GatewayOptions): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    try {
      const url = requestUrl(req);
      if (!url) return sendJson(res, 400, { error: 'Invalid request path' });
      for (const mount of opts.mounts ?? []) if (await mount(req, res, url)) return;
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return await handleApi(req, res, url, opts);
      if (url.pathname === '/config.json') return sendJson(res, 200, opts.runtimeConfig, { 'cache-control': 'no-cache' });
      serveStatic(opts.webRoot, url.pathname, res, SECURITY_HEADERS, req.headers['accept-encoding']);
    } catch (error) {
      console.error('[gateway] request failed:', error);
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal server error' });
      else res.end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve(server));
  });
}
