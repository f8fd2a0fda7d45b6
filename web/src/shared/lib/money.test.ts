import { describe, expect, it } from 'vitest';
import { formatDollars } from './money';

describe('formatDollars (spec section 9)', () => {
  it('shows a dollar sign, thousands separators and two decimals', () => {
    expect(formatDollars(225000)).toBe('$225,000.00');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(999.999)).toBe('$1,000.00');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(-0)).toBe('$0.00');
    expect(formatDollars(1_000_000.01)).toBe('$1,000,000.01');
  });

  it('puts the minus before the dollar sign', () => {
    expect(formatDollars(-5)).toBe('-$5.00');
    expect(formatDollars(-1500.25)).toBe('-$1,500.25');
  });
});
