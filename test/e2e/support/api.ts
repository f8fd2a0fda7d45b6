/** Plain HTTP calls to the local gateway, for tests of the API itself (no browser). */
import { routeById, type RouteId } from '../../../lambdas/routes.js';
import type { CellRequest } from '../../security/authorization-matrix.js';
import { baseUrl } from './browser.js';

/** Sends a matrix cell's request to the route over HTTP; path parameters missing from it become "x". */
export async function send(id: RouteId, req: CellRequest, opts: { authorization?: string; trailingSlash?: boolean } = {}) {
  const route = routeById(id);
  let path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(req.pathParameters?.[name] ?? 'x'));
  if (opts.trailingSlash === false) path = path.replace(/\/$/, '');
  const query = req.query ? `?${new URLSearchParams(req.query)}` : '';
  const body = req.rawBody !== undefined ? Buffer.from(req.rawBody, req.isBase64Encoded ? 'base64' : 'utf8') : req.body === undefined ? undefined : JSON.stringify(req.body);
  const res = await fetch(`${baseUrl()}${path}${query}`, {
    method: route.method,
    headers: { 'content-type': 'application/json', ...req.headers, ...(opts.authorization ? { authorization: opts.authorization } : {}) },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** Signs in through POST /api/users/login/ and answers the whole user info (token included). */
export async function login(username: string, password: string): Promise<{ token: string; [key: string]: unknown }> {
  const res = await fetch(`${baseUrl()}/api/users/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A JSON call to the gateway with a bearer token, as the SPA makes it; the answer parsed. */
export async function callApi(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // a refusal by the gateway's JWT check says why only in www-authenticate (error_description)
  const said = `${res.status} ${text}${res.headers.has('www-authenticate') ? ` (www-authenticate: ${res.headers.get('www-authenticate')})` : ''}`;
  return { status: res.status, body: text ? JSON.parse(text) : undefined, said };
}
