import { describe, expect, it } from 'vitest';
import { centsOf, formatDollars, totalCents } from './money';

describe('formatDollars (spec section 9)', () => {
  it.each([
    [225000, '$225,000.00'],
    [1234.5, '$1,234.50'],
    [999.999, '$1,000.00'],
    [0, '$0.00'],
    [-0, '$0.00'],
    [1_000_000.01, '$1,000,000.01'],
    // the minus goes before the dollar sign
    [-5, '-$5.00'],
    [-1500.25, '-$1,500.25'],
  ])('shows %d with a dollar sign, thousands separators and two decimals: %s', (amount, text) => {
    expect(formatDollars(amount)).toBe(text);
  });
});

describe('sums of money', () => {
  it('adds in whole cents, so no floating-point dust is left', () => {
    expect(centsOf(0.1 + 0.2)).toBe(30);
    expect(totalCents([0.1, 0.2, 1234.56], (dollars) => dollars)).toBe(123486);
    expect(totalCents([{ amount: 19.99 }, { amount: -5 }], (item) => item.amount)).toBe(1499);
    expect(totalCents([], () => 1)).toBe(0);
  });
});
