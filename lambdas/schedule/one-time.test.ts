import { describe, expect, it } from 'vitest';
import { atExpression, OneTimeRun, runTime, scheduleName } from './one-time.js';

const now = new Date('2026-11-24T15:20:40Z');

describe('the time a one-time schedule is set for', () => {
  it('is the run time rounded up to the whole minute (Scheduler invokes within the minute it is set for)', () => {
    expect(runTime('2026-12-01T09:00:00.000Z', now).toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(runTime('2026-12-01T09:00:00.001Z', now).toISOString()).toBe('2026-12-01T09:01:00.000Z');
    expect(runTime('2026-12-01T09:00:30-06:00', now).toISOString()).toBe('2026-12-01T15:01:00.000Z');
  });

  it('is never less than a minute ahead of now, so a late or retried message still gets a time to come', () => {
    expect(runTime('2026-11-24T15:20:00Z', now).toISOString()).toBe('2026-11-24T15:22:00.000Z');
    expect(runTime('2020-01-01T00:00:00Z', now).toISOString()).toBe('2026-11-24T15:22:00.000Z');
    expect(runTime('2026-11-24T15:21:50Z', now).toISOString()).toBe('2026-11-24T15:22:00.000Z');
    expect(runTime('2026-11-24T15:22:01Z', now).toISOString()).toBe('2026-11-24T15:23:00.000Z');
  });

  it("is written as Scheduler's at(yyyy-mm-ddThh:mm:ss)", () => {
    expect(atExpression(new Date('2026-12-01T09:05:00.000Z'))).toBe('at(2026-12-01T09:05:00)');
  });
});

describe('the run message and the schedule name', () => {
  it('names the schedule after the job and the key, within 64 characters', () => {
    const id = '0b3f6a52-9d0e-4a55-8a4f-3c1e2d4b5a69';
    expect(scheduleName({ job: 'announcements-send-due', key: id })).toBe(`announcements-send-due-${id}`);
    expect(() => scheduleName({ job: 'announcements-send-due', key: 'x'.repeat(42) })).toThrow(/longer than 64/);
  });

  it('refuses a key a schedule name cannot hold, and a time that is not ISO', () => {
    expect(OneTimeRun.safeParse({ job: 'announcements-send-due', key: 'a b', at: '2026-12-01T09:00:00Z' }).success).toBe(false);
    expect(OneTimeRun.safeParse({ job: 'announcements-send-due', key: 'ab', at: 'tomorrow' }).success).toBe(false);
    expect(OneTimeRun.safeParse({ job: 'announcements-send-due', key: 'ab', at: '2026-12-01T09:00:00.000Z' }).success).toBe(true);
  });
});
