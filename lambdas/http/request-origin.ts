/**
 * The origin the browser sent this request to (`http://127.0.0.1:3000`, `https://portal.example.edu`):
 * its Host header and, behind a TLS terminator, X-Forwarded-Proto. URLs we hand the browser that must
 * be same-origin (locally, presigned document URLs through /local/s3) are built on it, so the portal
 * works at whatever name it was opened by. Null when the Host is missing or not a plain host[:port].
 */
import type { ApiRequest } from './types.js';

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

export function requestOrigin(req: Pick<ApiRequest, 'headers' | 'event'>): string | null {
  const host = req.headers.host ?? req.event.requestContext.domainName;
  if (!host || !HOST.test(host)) return null;
  const scheme = req.headers['x-forwarded-proto']?.split(',')[0]?.trim().toLowerCase() === 'https' ? 'https' : 'http';
  return `${scheme}://${host}`;
}
