import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { now, nowIso } from '../domain/clock.js';
import { logger } from '../observability/powertools.js';
import { job } from './job.js';
import { parseRunTime } from './run-time.js';

/** A job body that reports the time it was given and the time the clock shows inside it. */
const seen = job('payments-reconcile', async (ctx) => ({ given: ctx.now.toISOString(), clock: nowIso() }));

describe('job()', () => {
  beforeEach(() => {
    // the real clock stands still, so "time passes from the run time" adds nothing
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T00:00:00Z') });
    vi.spyOn(logger, 'info').mockImplementation(() => {});
    vi.spyOn(logger, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs the body with the clock set to the given now', async () => {
    await expect(seen({ now: '2026-03-08T08:30:00Z' })).resolves.toEqual({ given: '2026-03-08T08:30:00.000Z', clock: '2026-03-08T08:30:00.000Z' });
    await expect(seen({ now: '2026-03-08T02:30:00-06:00' })).resolves.toEqual({ given: '2026-03-08T08:30:00.000Z', clock: '2026-03-08T08:30:00.000Z' });
    // outside the run the clock is the real one again
    expect(now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });

  it("honours EventBridge Scheduler's scheduledTime, and prefers now when both are given", async () => {
    await expect(seen({ scheduledTime: '2026-11-01T07:30:00Z' })).resolves.toMatchObject({ clock: '2026-11-01T07:30:00.000Z' });
    await expect(seen({ scheduledTime: '2026-11-01T07:30:00Z', now: '2026-11-02T07:30:00Z' })).resolves.toMatchObject({ clock: '2026-11-02T07:30:00.000Z' });
  });

  it('uses the real clock without either (an SQS batch, a manual invoke)', async () => {
    await expect(seen({})).resolves.toEqual({ given: '2030-01-01T00:00:00.000Z', clock: '2030-01-01T00:00:00.000Z' });
    await expect(seen()).resolves.toMatchObject({ clock: '2030-01-01T00:00:00.000Z' });
  });

  it('rejects an invalid now without running the body', async () => {
    const body = vi.fn(async () => 'ran');
    const handler = job('payments-reconcile', body);
    await expect(handler({ now: 'yesterday' })).rejects.toThrow(/^now: expected an ISO 8601 time/);
    await expect(handler({ scheduledTime: '2026-02-30T00:00:00Z' })).rejects.toThrow(/^scheduledTime: /);
    expect(body).not.toHaveBeenCalled();
  });

  it('passes the result on, and a failure after logging it', async () => {
    await expect(job('payments-reconcile', async () => ({ repaired: 2 }))({ now: '2026-01-01T00:00:00Z' })).resolves.toEqual({ repaired: 2 });
    await expect(
      job('payments-reconcile', async () => {
        throw new Error('Stripe is down');
      })({}),
    ).rejects.toThrow('Stripe is down');
    expect(logger.error).toHaveBeenCalledWith('job failed', expect.any(Error));
  });

  it('refuses an id that is not a row of the jobs table', () => {
    expect(() => job('no-such-job' as never, async () => null)).toThrow('Unknown job no-such-job');
  });
});

describe('parseRunTime', () => {
  it.each(['2026-03-08T08:30:00Z', '2026-03-08T08:30Z', '2026-03-08T08:30:00.123Z', '2026-03-08T02:30:00-06:00', '2024-02-29T00:00:00+00:00'])('accepts %s', (value) => {
    expect(parseRunTime('now', value).getTime()).toBe(Date.parse(value));
  });

  it.each([
    ['a time without an offset (the server-local reading)', '2026-03-08T08:30:00'],
    ['a date alone', '2026-03-08'],
    ['a day the month does not have', '2026-02-30T00:00:00Z'],
    ['hour 24', '2026-03-08T24:00:00Z'],
    ['words', 'tomorrow'],
    ['a number', 1772958600000],
    ['an empty string', ''],
  ])('rejects %s', (_what, value) => {
    expect(() => parseRunTime('now', value)).toThrow(/^now: expected an ISO 8601 time with a zone offset/);
  });
});
