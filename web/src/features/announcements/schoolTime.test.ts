import { describe, expect, it } from 'vitest';
import { formatSchoolTime, schoolTimeToIso } from './schoolTime';

describe('school time (America/Chicago)', () => {
  it.each([
    ['2026-01-15T09:00', '2026-01-15T09:00:00-06:00'],
    ['2026-07-01T17:30', '2026-07-01T17:30:00-05:00'],
    // the days daylight saving starts and ends (2 a.m. on March 8 and November 1, 2026)
    ['2026-03-08T01:30', '2026-03-08T01:30:00-06:00'],
    ['2026-03-08T03:30', '2026-03-08T03:30:00-05:00'],
    ['2026-11-01T03:00', '2026-11-01T03:00:00-06:00'],
    ['2026-07-01T00:00', '2026-07-01T00:00:00-05:00'],
    // not a date-time
    ['', null],
    ['tomorrow', null],
  ])("sends a date-time field's value (%j) as school time with that day's offset: %j", (typed, iso) => {
    expect(schoolTimeToIso(typed)).toBe(iso);
  });

  it('is the same instant as the wall clock says in Chicago', () => {
    expect(new Date(schoolTimeToIso('2026-07-01T17:30')!).toISOString()).toBe('2026-07-01T22:30:00.000Z');
  });

  it('shows an instant in school time, its zone named', () => {
    expect(formatSchoolTime('2026-07-01T22:30:00.000Z')).toBe('Jul 1, 2026, 5:30 PM CDT');
    expect(formatSchoolTime('2026-01-15T15:00:00Z')).toBe('Jan 15, 2026, 9:00 AM CST');
  });
});
