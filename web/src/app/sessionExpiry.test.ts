import { describe, expect, it } from 'vitest';
import { isTokenRejection } from './sessionExpiry';

describe('session expiry detection (spec section 8)', () => {
  it('recognises the token_not_valid code', () => {
    expect(isTokenRejection(401, { code: 'token_not_valid', detail: 'Given token not valid' })).toBe(true);
  });

  it('recognises a 401 whose message mentions the token', () => {
    expect(isTokenRejection(401, { detail: 'Token is expired' })).toBe(true);
    expect(isTokenRejection(401, { error: 'Missing bearer token' })).toBe(true);
    expect(isTokenRejection(401, 'invalid token')).toBe(true);
  });

  it('ignores other answers', () => {
    expect(isTokenRejection(401, { detail: 'Incorrect username or password.' })).toBe(false);
    expect(isTokenRejection(403, { detail: 'Token lacks the admin group' })).toBe(false);
    expect(isTokenRejection(401, null)).toBe(false);
    expect(isTokenRejection('FETCH_ERROR', undefined)).toBe(false);
  });
});
