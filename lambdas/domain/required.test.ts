import { describe, expect, it } from 'vitest';
import { required } from './required.js';

describe('required', () => {
  it('answers a present value as it is, falsy ones included', () => {
    expect(required('x', 'a name')).toBe('x');
    expect(required(0, 'a count')).toBe(0);
    expect(required('', 'a name')).toBe('');
    expect(required(false, 'a flag')).toBe(false);
  });

  it('throws, naming what is missing, for null and undefined', () => {
    expect(() => required(undefined, 'the client_secret')).toThrow('the client_secret is missing');
    expect(() => required(null, 'the client_secret')).toThrow('the client_secret is missing');
  });
});
