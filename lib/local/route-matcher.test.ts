import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-matcher.js';

describe('local gateway route matching', () => {
  it('accepts the spec path with and without its trailing slash', () => {
    for (const p of ['/api/courses/', '/api/courses']) expect(matchRoute('GET', p)).toMatchObject({ kind: 'route', route: { id: 'courses-list' } });
  });

  it('extracts and decodes path parameters', () => {
    expect(matchRoute('GET', '/api/students/mary%20ann/')).toMatchObject({ route: { id: 'students-get' }, pathParameters: { username: 'mary ann' } });
    expect(matchRoute('PUT', '/api/courses/c-1/update/')).toMatchObject({ route: { id: 'courses-update' }, pathParameters: { id: 'c-1' } });
  });

  it('prefers literal paths over parameters: /api/courses/stats/ is not a course id', () => {
    expect(matchRoute('GET', '/api/courses/stats/')).toMatchObject({ route: { id: 'courses-stats' } });
  });

  it('tells an unknown path from a known path with the wrong method', () => {
    expect(matchRoute('GET', '/api/nope/')).toEqual({ kind: 'none' });
    expect(matchRoute('DELETE', '/api/users/login/')).toEqual({ kind: 'method-not-allowed' });
    expect(matchRoute('GET', '/api/students/a/b/')).toEqual({ kind: 'none' });
  });
});
