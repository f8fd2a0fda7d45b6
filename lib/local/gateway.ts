/**
 * The local stand-in for API Gateway + CloudFront on one port: `/api/*` through the route table with
 * the JWT authorizer's checks, `/config.json` for the SPA, and the built SPA for every other path.
 * Handlers are the same modules the cloud deploys, imported in-process. Wherever API Gateway answers
 * on its own (refused token, unknown route, payload and time limits) the answer is its own, from
 * gateway-answers.ts; local-only conveniences live under /local/.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuntimeConfig } from '../../lambdas/contract/runtime-config.js';
import { routeKeyPath, routeTimeoutSeconds, type RouteDef } from '../../lambdas/routes.js';
import { SECURITY_HEADERS } from '../security-headers.js';
import { notFound, payloadTooLarge, unauthorized, type GatewayAnswer } from './gateway-answers.js';
import { invoke, type Handler } from './invoke.js';
import { flattenClaims, TokenRefused, type VerifyToken } from './jwt-verifier.js';
import { buildEvent } from './lambda-event.js';
import { LAMBDAS_DIR } from './paths.js';
import { readBody } from './request-body.js';
import { matchRoute } from './route-matcher.js';
import { requestUrl } from './request-url.js';
import { serveStatic } from './static-files.js';

export interface GatewayOptions {
  port: number;
  /** The address to listen on: 127.0.0.1 unless HOST says otherwise (bin/local.ts). */
  host: string;
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

// CloudFront's response headers policy overrides whatever the origin sent, on API answers too
function send(res: ServerResponse, answer: GatewayAnswer, extra: Record<string, string> = {}) {
  res.writeHead(answer.status, { ...answer.headers, ...extra, ...SECURITY_HEADERS });
  res.end(answer.body);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers, ...SECURITY_HEADERS });
  res.end(JSON.stringify(body));
}

async function authorize(req: IncomingMessage, verifyToken: VerifyToken): Promise<{ claims: Record<string, string> } | GatewayAnswer> {
  const header = req.headers.authorization;
  if (!header) return unauthorized();
  const token = /^Bearer (.+)$/i.exec(header)?.[1];
  if (!token) return unauthorized('the token is not a valid JWT');
  try {
    return { claims: flattenClaims(await verifyToken(token)) };
  } catch (error) {
    return unauthorized(error instanceof TokenRefused ? error.message : 'the token is not a valid JWT');
  }
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, opts: GatewayOptions): Promise<void> {
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  if (match.kind !== 'route') {
    req.resume(); // read (and drop) any body, so the connection stays usable
    return send(res, notFound());
  }
  const { route, pathParameters } = match;

  // API Gateway authorizes before it reads the body into an event or invokes anything
  let claims: Record<string, string> | null = null;
  if (route.access !== 'public') {
    const authorized = await authorize(req, opts.verifyToken);
    if (!('claims' in authorized)) {
      req.resume();
      return send(res, authorized);
    }
    claims = authorized.claims;
  }

  const read = await readBody(req);
  if (read.kind === 'too-large') return send(res, payloadTooLarge(), read.closeConnection ? { connection: 'close' } : {});
  const event = buildEvent({ req, url, routeKey: `${route.method} ${routeKeyPath(route.path)}`, pathParameters, body: read.body, claims });
  const invocation = await invoke(await loadHandler(route), event, {
    functionName: `portal-local-${route.id}`,
    timeoutSeconds: routeTimeoutSeconds(route),
  });
  if (invocation.kind === 'gateway') return send(res, invocation.answer);
  const { result } = invocation;
  const payload = result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? '');
  res.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string>), ...SECURITY_HEADERS });
  res.end(payload);
}

/**
 * Listens on `opts.host`, and on loopback too when that is one LAN address: the stack calls itself
 * at 127.0.0.1 (Stripe sandbox webhooks, jobs calling the sandbox).
 */
export async function startGateway(opts: GatewayOptions): Promise<http.Server[]> {
  const hosts = [opts.host];
  if (!['127.0.0.1', 'localhost', '0.0.0.0', '::'].includes(opts.host)) hosts.push('127.0.0.1');
  const servers: http.Server[] = [];
  try {
    for (const host of hosts) servers.push(await listen(opts, host));
  } catch (error) {
    for (const server of servers) server.close();
    throw error;
  }
  return servers;
}

function listen(opts: GatewayOptions, host: string): Promise<http.Server> {
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
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve(server));
  });
}
