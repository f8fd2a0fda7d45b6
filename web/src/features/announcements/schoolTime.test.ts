import { describe, expect, it } from 'vitest';
import { formatSchoolTime, schoolTimeToIso } from './schoolTime';

describe('school time (America/Chicago)', () => {
  it("sends a date-time field's value as school time with that day's offset", () => {
    expect(schoolTimeToIso('2026-01-15T09:00')).toBe('2026-01-15T09:00:00-06:00');
    expect(schoolTimeToIso('2026-07-01T17:30')).toBe('2026-07-01T17:30:00-05:00');
    // the days daylight saving starts and ends (2 a.m. on March 8 and November 1, 2026)
    expect(schoolTimeToIso('2026-03-08T01:30')).toBe('2026-03-08T01:30:00-06:00');
    expect(schoolTimeToIso('2026-03-08T03:30')).toBe('2026-03-08T03:30:00-05:00');
    expect(schoolTimeToIso('2026-11-01T03:00')).toBe('2026-11-01T03:00:00-06:00');
    expect(schoolTimeToIso('2026-07-01T00:00')).toBe('2026-07-01T00:00:00-05:00');
    expect(schoolTimeToIso('')).toBeNull();
    expect(schoolTimeToIso('tomorrow')).toBeNull();
  });

  it('is the same instant as the wall clock says in Chicago', () => {
    expect(new Date(schoolTimeToIso('2026-07-01T17:30')!).toISOString()).toBe('2026-07-01T22:30:00.000Z');
  });

  it('shows an instant in school time, its zone named', () => {
    expect(formatSchoolTime('2026-07-01T22:30:00.000Z')).toBe('Jul 1, 2026, 5:30 PM CDT');
    expect(formatSchoolTime('2026-01-15T15:00:00Z')).toBe('Jan 15, 2026, 9:00 AM CST');
  });
});
