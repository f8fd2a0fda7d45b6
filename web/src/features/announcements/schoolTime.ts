/**
 * The school's clock (lambdas/domain/clock.ts SCHOOL_TIME_ZONE, which the SPA cannot import: it reads
 * Node's AsyncLocalStorage). A "send later" time is typed and shown in school time, whatever the
 * sender's own zone, and sent as ISO with the offset of that day (daylight saving included).
 */
export const SCHOOL_TIME_ZONE = 'America/Chicago';
/** How the form names that zone to the sender. */
export const SCHOOL_TIME_NAME = 'Chicago time';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The school's offset from UTC at `instant`, in minutes (-300 in summer, -360 in winter). */
function offsetMinutes(instant: number): number {
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(wallClock.formatToParts(instant).find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date-time field's value ("2026-05-01T09:00") read as school time: "2026-05-01T09:00:00-05:00"; null when it is none. */
export function schoolTimeToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00'] = match;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  // the offset at the instant itself: a first guess from the wall time, corrected once around a daylight saving change
  const offset = offsetMinutes(wall - offsetMinutes(wall) * 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

const display = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "May 1, 2026, 9:00 AM CDT": an instant in school time, its zone named. */
export function formatSchoolTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : display.format(at);
}
