/**
 * Every route of the route table is some hostile-input file's (./world.ts RESOURCES), exactly one's, and that file
 * exists; and the requests the files send are those API Gateway would pass to a Lambda.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes.js';
import { GATEWAY_REQUEST_LINE_BYTES, reachesLambda, RESOURCES } from './world.js';

describe('hostile input covers the route table', () => {
  it.each(routes.map((r) => [r.id] as const))('%s belongs to exactly one resource file', (id) => {
    const owners = Object.entries(RESOURCES)
      .filter(([, pattern]) => pattern.test(id))
      .map(([name]) => name);
    expect(owners).toHaveLength(1);
    expect(fs.existsSync(new URL(`./${owners[0]}.test.ts`, import.meta.url))).toBe(true);
  });
});

describe('what reaches a handler', () => {
  const limit = GATEWAY_REQUEST_LINE_BYTES;
  it('a path, query and headers within 10,240 bytes, counted as sent (percent-encoded)', () => {
    expect(reachesLambda({ query: { q: 'x'.repeat(limit - 1) } })).toBe(true);
    expect(reachesLambda({ query: { q: 'x'.repeat(limit - 1) }, headers: { a: 'b' } })).toBe(false);
    expect(reachesLambda({ pathParameters: { id: 'é'.repeat(limit / 6) } })).toBe(true);
    expect(reachesLambda({ pathParameters: { id: 'é'.repeat(limit / 6 + 1) } })).toBe(false);
    expect(reachesLambda({ query: { q: 'A'.repeat(1_100_000) } })).toBe(false);
  });

  it('a body of any size (the gateway takes 10 MB)', () => {
    expect(reachesLambda({ rawBody: 'A'.repeat(7 * 1024 * 1024) })).toBe(true);
  });
});
