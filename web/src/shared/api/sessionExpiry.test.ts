import { describe, expect, it } from 'vitest';
import { isSessionRejection } from './sessionExpiry';

describe('session rejection (spec section 8, as API Gateway answers it)', () => {
  it('is any 401, whatever its body', () => {
    expect(isSessionRejection({ status: 401, data: { message: 'Unauthorized' } })).toBe(true);
    expect(isSessionRejection({ status: 401, data: { error: 'Authentication required', detail: 'Authentication required' } })).toBe(true);
    expect(isSessionRejection({ status: 401, data: { code: 'token_not_valid', detail: 'Given token not valid' } })).toBe(true);
    expect(isSessionRejection({ status: 401, data: null })).toBe(true);
    // a body that is not JSON still carries the status
    expect(isSessionRejection({ status: 'PARSING_ERROR', originalStatus: 401, data: 'Unauthorized', error: 'SyntaxError' })).toBe(true);
  });

  it('ignores other answers', () => {
    expect(isSessionRejection({ status: 403, data: { message: 'Forbidden' } })).toBe(false);
    expect(isSessionRejection({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' })).toBe(false);
    expect(isSessionRejection({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(false);
    expect(isSessionRejection(undefined)).toBe(false);
  });
});
