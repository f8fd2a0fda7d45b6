import { describe, expect, it } from 'vitest';
import { cronMatches, nextRun, parseCron, wallClock } from './cron.js';

const CHICAGO = 'America/Chicago';
const sorted = (set: ReadonlySet<number> | null) => (set ? [...set].sort((a, b) => a - b) : null);
const at = (iso: string) => new Date(iso);

/** Every minute of [from, to) at which the schedule fires. */
function firings(expression: string, from: string, to: string, timeZone = CHICAGO): string[] {
  const cron = parseCron(expression);
  const found: string[] = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += 60_000) {
    if (cronMatches(cron, new Date(t), timeZone)) found.push(new Date(t).toISOString());
  }
  return found;
}

describe('parseCron', () => {
  it('reads the rows of the jobs table', () => {
    const hourly = parseCron('cron(15 * * * ? *)');
    expect(sorted(hourly.minutes)).toEqual([15]);
    expect(hourly.hours.size).toBe(24);
    expect(hourly.daysOfMonth?.size).toBe(31);
    expect(hourly.daysOfWeek).toBeNull();
    expect(hourly.years.size).toBe(2199 - 1970 + 1);
    const nightly = parseCron('cron(30 2 * * ? *)');
    expect([sorted(nightly.minutes), sorted(nightly.hours)]).toEqual([[30], [2]]);
  });

  it('reads lists, ranges and increments', () => {
    expect(sorted(parseCron('0/15 * * * ? *').minutes)).toEqual([0, 15, 30, 45]);
    expect(sorted(parseCron('*/20 * * * ? *').minutes)).toEqual([0, 20, 40]);
    expect(sorted(parseCron('10-20/5 * * * ? *').minutes)).toEqual([10, 15, 20]);
    expect(sorted(parseCron('1,5,9 8-10 * * ? *').minutes)).toEqual([1, 5, 9]);
    expect(sorted(parseCron('1,5,9 8-10 * * ? *').hours)).toEqual([8, 9, 10]);
    expect(sorted(parseCron('0 0 1/10 * ? *').daysOfMonth)).toEqual([1, 11, 21, 31]);
  });

  it('reads month and day names; day of week counts 1-7 from Sunday', () => {
    expect(sorted(parseCron('0 9 ? * MON-FRI *').daysOfWeek)).toEqual([2, 3, 4, 5, 6]);
    expect(sorted(parseCron('0 9 ? * sun,sat *').daysOfWeek)).toEqual([1, 7]);
    expect(sorted(parseCron('0 9 ? * 1 *').daysOfWeek)).toEqual([1]);
    expect(sorted(parseCron('0 9 1 JAN,MAR-APR ? *').months)).toEqual([1, 3, 4]);
    expect(sorted(parseCron('0 0 1 1 ? 2027-2028').years)).toEqual([2027, 2028]);
  });

  it.each([
    ['15 * * * ?', /6 fields/],
    ['15 * * * ? * *', /6 fields/],
    ['15 * ? * ? *', /exactly one of day-of-month and day-of-week/],
    ['15 * * * * *', /exactly one of day-of-month and day-of-week/],
    ['60 * * * ? *', /minutes "60": 60 is outside 0-59/],
    ['? * * * ? *', /minutes "\?"/],
    ['0 0 L * ? *', /day-of-month "L": .*not supported/],
    ['0 0 ? * 3#2 *', /day-of-week "3#2": .*not supported/],
    ['0 0 ? * 6L *', /not supported/],
    ['0 0 15W * ? *', /not supported/],
    ['0 20-10 * * ? *', /runs backwards/],
    ['0/0 * * * ? *', /positive whole number/],
    ['0 0 * FOO ? *', /month "FOO": "FOO" is not a value/],
    ['0 0 * * ? 1969', /outside 1970-2199/],
  ])('refuses %s', (expression, message) => {
    expect(() => parseCron(`cron(${expression})`)).toThrow(message);
  });
});

describe('wallClock', () => {
  it('reads the time in the zone, weekday 1 = Sunday', () => {
    expect(wallClock(at('2026-03-08T08:00:00Z'), CHICAGO)).toEqual({ year: 2026, month: 3, day: 8, hour: 3, minute: 0, weekday: 1 });
    expect(wallClock(at('2026-01-01T00:00:00Z'), CHICAGO)).toEqual({ year: 2025, month: 12, day: 31, hour: 18, minute: 0, weekday: 4 });
    expect(wallClock(at('2026-01-01T00:00:00Z'), 'UTC').hour).toBe(0);
  });

  it('refuses an unknown time zone', () => {
    expect(() => wallClock(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('cronMatches and nextRun in America/Chicago', () => {
  const nightly = parseCron('cron(30 2 * * ? *)');

  it('fires at 02:30 school time in winter (UTC-6) and summer (UTC-5)', () => {
    expect(cronMatches(nightly, at('2026-01-15T08:30:00Z'), CHICAGO)).toBe(true);
    expect(cronMatches(nightly, at('2026-01-15T08:30:59.999Z'), CHICAGO)).toBe(true);
    expect(cronMatches(nightly, at('2026-07-15T07:30:00Z'), CHICAGO)).toBe(true);
    expect(cronMatches(nightly, at('2026-07-15T08:30:00Z'), CHICAGO)).toBe(false);
    expect(cronMatches(nightly, at('2026-01-15T08:31:00Z'), CHICAGO)).toBe(false);
  });

  it('skips a time that does not exist when clocks spring forward (8 March 2026, 02:00 -> 03:00)', () => {
    expect(firings('cron(30 2 * * ? *)', '2026-03-07T00:00:00Z', '2026-03-09T12:00:00Z')).toEqual(['2026-03-07T08:30:00.000Z', '2026-03-09T07:30:00.000Z']);
    expect(nextRun(nightly, at('2026-03-07T08:30:00Z'), CHICAGO)?.toISOString()).toBe('2026-03-09T07:30:00.000Z');
    // the hourly job runs 23 times on that 23-hour day
    expect(firings('cron(15 * * * ? *)', '2026-03-08T06:00:00Z', '2026-03-09T05:00:00Z')).toHaveLength(23);
  });

  it('runs a time that happens twice when clocks fall back (1 November 2026, 02:00 -> 01:00) once', () => {
    expect(firings('cron(30 1 * * ? *)', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual(['2026-11-01T06:30:00.000Z']);
    expect(nextRun(parseCron('cron(30 1 * * ? *)'), at('2026-11-01T06:30:00Z'), CHICAGO)?.toISOString()).toBe('2026-11-02T07:30:00.000Z');
    // the hourly job runs 24 times on that 25-hour day: once per wall-clock hour
    const hourly = firings('cron(15 * * * ? *)', '2026-11-01T05:00:00Z', '2026-11-02T06:00:00Z');
    expect(hourly).toHaveLength(24);
    expect(hourly).toContain('2026-11-01T06:15:00.000Z');
    expect(hourly).not.toContain('2026-11-01T07:15:00.000Z');
  });

  it('finds the next weekday run across a weekend and a daylight saving change', () => {
    const weekdays = parseCron('cron(0 9 ? * MON-FRI *)');
    // Friday 6 March 10:00 CST -> Monday 9 March 09:00 CDT
    expect(nextRun(weekdays, at('2026-03-06T16:00:00Z'), CHICAGO)?.toISOString()).toBe('2026-03-09T14:00:00.000Z');
  });

  it('finds the next run strictly after the given time, and none past the last year', () => {
    const hourly = parseCron('cron(15 * * * ? *)');
    expect(nextRun(hourly, at('2026-01-15T08:15:00Z'), CHICAGO)?.toISOString()).toBe('2026-01-15T09:15:00.000Z');
    expect(nextRun(hourly, at('2026-01-15T08:14:59Z'), CHICAGO)?.toISOString()).toBe('2026-01-15T08:15:00.000Z');
    const once = parseCron('cron(0 0 1 1 ? 2027)');
    expect(nextRun(once, at('2026-06-01T00:00:00Z'), CHICAGO)?.toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(nextRun(once, at('2027-01-01T06:00:00Z'), CHICAGO)).toBeNull();
    expect(nextRun(parseCron('cron(0 0 30 FEB ? *)'), at('2026-01-01T00:00:00Z'), CHICAGO, 400)).toBeNull();
  });
});
