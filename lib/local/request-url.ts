/**
 * The URL of an incoming request, or null when it cannot be parsed.
 *
 * `new URL(req.url, base)` reads an origin-form target such as `///` or `//x` as scheme-relative
 * (another host), and throws on some of them; inside an http server callback that throw kills the
 * process. Prefixing the origin keeps every origin-form target a path, as API Gateway and
 * CloudFront treat it.
 */
import type { IncomingMessage } from 'node:http';

export function requestUrl(req: IncomingMessage): URL | null {
  const target = req.url ?? '/';
  try {
    return target.startsWith('/') ? new URL(`http://localhost${target}`) : new URL(target, 'http://localhost');
  } catch {
    return null;
  }
}
