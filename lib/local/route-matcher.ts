/** Matches request paths against the route table; a trailing slash is optional, as CloudFront strips it. */
import { routes, routeKeyPath, type RouteDef } from '../../lambdas/routes.js';

interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  paramNames: string[];
}

const compiled: CompiledRoute[] = routes.map((route) => {
  const paramNames: string[] = [];
  const body = routeKeyPath(route.path)
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(param[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${body}/?$`), paramNames };
});

export type Match = { kind: 'route'; route: RouteDef; pathParameters: Record<string, string> } | { kind: 'method-not-allowed' } | { kind: 'none' };

export function matchRoute(method: string, pathname: string): Match {
  let pathMatched = false;
  for (const c of compiled) {
    const m = c.pattern.exec(pathname);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    let pathParameters: Record<string, string>;
    try {
      pathParameters = Object.fromEntries(c.paramNames.map((name, i) => [name, decodeURIComponent(m[i + 1])]));
    } catch {
      continue; // malformed percent-encoding: treat as no match
    }
    return { kind: 'route', route: c.route, pathParameters };
  }
  return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'none' };
}
