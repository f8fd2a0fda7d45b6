import { describe, expect, it } from 'vitest';
import { seasonLabel, seasonOfMonth } from './season';

describe('season label (spec section 4)', () => {
  it.each([
    [1, 'Spring'],
    [5, 'Spring'],
    [6, 'Summer'],
    [8, 'Summer'],
    [9, 'Fall'],
    [12, 'Fall'],
  ] as const)('month %i is %s', (month, season) => {
    expect(seasonOfMonth(month)).toBe(season);
  });

  it('puts the season before the year', () => {
    expect(seasonLabel(new Date(2026, 0, 15))).toBe('Spring 2026');
    expect(seasonLabel(new Date(2026, 6, 1))).toBe('Summer 2026');
    expect(seasonLabel(new Date(2025, 11, 31))).toBe('Fall 2025');
  });

  it('rejects months outside 1-12', () => {
    expect(() => seasonOfMonth(0)).toThrow(RangeError);
    expect(() => seasonOfMonth(13)).toThrow(RangeError);
  });
});
