/**
 * Reads the time a job run is "as of" (`now` from the local runner and tests, `scheduledTime` from
 * EventBridge Scheduler). Only ISO 8601 with an explicit offset is accepted: a time without one would
 * mean the server's local time, and JavaScript's Date quietly turns 30 February into 2 March, so the
 * calendar is checked too. Separate from job.ts so the local runner can validate without the logger.
 */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

export function parseRunTime(field: string, value: unknown): Date {
  const parts = typeof value === 'string' ? ISO_TIME.exec(value) : null;
  const [year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = parts?.slice(1) ?? [];
  const valid =
    parts !== null &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate() &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHours) <= 23 &&
    Number(offsetMinutes) <= 59;
  const at = valid ? new Date(value as string) : null;
  if (!at || Number.isNaN(at.getTime())) {
    throw new RangeError(`${field}: expected an ISO 8601 time with a zone offset, e.g. 2026-03-08T08:30:00Z, got ${JSON.stringify(value)}`);
  }
  return at;
}
