/**
 * The one source of "now" for rules and jobs. Scheduled jobs run "as of" the time they were
 * scheduled for (EventBridge Scheduler's scheduled time, or the `now` a test passes to the local
 * runner), so a job's view of time is set per invocation with `runAt`, never read from Date.now()
 * in the job's own code. Outside `runAt` it is the real clock.
 *
 * AsyncLocalStorage keeps two runs with different times (two tests, or a job and a request in the
 * local gateway's one process) from seeing each other's clock.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const frozen = new AsyncLocalStorage<number>();

/** The current time: the `runAt` time (advancing with the real clock since it was set), else the real one. */
export function now(): Date {
  const offset = frozen.getStore();
  return new Date(Date.now() + (offset ?? 0));
}

export const nowIso = (): string => now().toISOString();
export const nowSeconds = (): number => Math.floor(now().getTime() / 1000);

/** Runs `fn` with the clock set to `at` (time still passes from there at the real rate). */
export function runAt<T>(at: Date, fn: () => Promise<T>): Promise<T> {
  if (Number.isNaN(at.getTime())) throw new RangeError('runAt: not a valid time');
  return frozen.run(at.getTime() - Date.now(), fn);
}

/** Where the school is: schedules, school days and the digest rule are in its local time (daylight saving included). */
export const SCHOOL_TIME_ZONE = 'America/Chicago';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The school-local calendar day of an instant, `YYYY-MM-DD`. */
export function schoolDay(at: Date): string {
  // en-CA formats as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** "12 Mar 2027": a school day (`YYYY-MM-DD`) in sentences people read, never parsed back. */
export const longDate = (day: string): string => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
