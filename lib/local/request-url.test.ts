import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestUrl } from './request-url.js';

const req = (url: string) => ({ url }) as IncomingMessage;

describe('requestUrl', () => {
  it('keeps origin-form targets that look scheme-relative as paths on this host', () => {
    expect(requestUrl(req('///'))?.pathname).toBe('///');
    expect(requestUrl(req('//evil.example/api/x'))?.host).toBe('localhost');
    expect(requestUrl(req('//evil.example/api/x'))?.pathname).toBe('//evil.example/api/x');
  });

  it('parses ordinary paths with their query', () => {
    const url = requestUrl(req('/api/courses/?name=a%20b'));
    expect(url?.pathname).toBe('/api/courses/');
    expect(url?.searchParams.get('name')).toBe('a b');
  });

  it('answers null instead of throwing for a target that is no URL at all', () => {
    expect(requestUrl(req('http://[::1'))).toBeNull();
  });
});
