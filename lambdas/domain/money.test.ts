import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents } from './money.js';

describe('money', () => {
  it('converts dollars to integer cents exactly, without floating-point drift', () => {
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents('1234.56')).toBe(123_456);
    expect(dollarsToCents(-5)).toBe(-500);
  });

  it('refuses more than two decimals and non-numbers', () => {
    for (const bad of ['1.005', 'abc', '', '1e3', '1.2.3']) expect(() => dollarsToCents(bad)).toThrow(RangeError);
  });

  it('converts cents to dollars', () => {
    expect(centsToDollars(50_050)).toBe(500.5);
    expect(centsToDollars(1)).toBe(0.01);
  });
});
