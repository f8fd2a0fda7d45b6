/**
 * EventBridge Scheduler's cron expressions, evaluated locally so the jobs runner fires a job at the
 * minutes the cloud would: `cron(minutes hours day-of-month month day-of-week year)` in a time zone.
 *
 * Syntax (https://docs.aws.amazon.com/scheduler/latest/UserGuide/schedule-types.html#cron-based, fields
 * and wildcards as listed in https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-cron-expressions.html):
 * numbers, `*`, lists `a,b`, ranges `a-b`, increments `a/n`, `a-b/n` and `*` + `/n`; month names JAN-DEC;
 * day of week 1-7 = SUN-SAT (or the names); exactly one of day-of-month and day-of-week is `?`. `L`, `W` and
 * `#` are refused rather than guessed: no row uses them and the local runner would get them wrong.
 *
 * Daylight saving as the Scheduler documents it (same page, "Daylight saving time"): a wall-clock time
 * that does not exist (spring forward) is skipped, and one that happens twice (fall back) runs once.
 */

export interface CronSchedule {
  readonly expression: string;
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  /** null for `?` (any day of the month; day-of-week decides). */
  readonly daysOfMonth: ReadonlySet<number> | null;
  readonly months: ReadonlySet<number>;
  /** 1-7 = SUN-SAT; null for `?`. */
  readonly daysOfWeek: ReadonlySet<number> | null;
  readonly years: ReadonlySet<number>;
}

/** A moment as read on a wall clock in some time zone. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  /** 1-7 = SUN-SAT, as cron counts. */
  readonly weekday: number;
}

interface FieldSpec {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  /** Names for min, min + 1, ... */
  readonly names?: readonly string[];
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

const FIELDS = {
  minutes: { name: 'minutes', min: 0, max: 59 },
  hours: { name: 'hours', min: 0, max: 23 },
  dayOfMonth: { name: 'day-of-month', min: 1, max: 31 },
  month: { name: 'month', min: 1, max: 12, names: MONTH_NAMES },
  dayOfWeek: { name: 'day-of-week', min: 1, max: 7, names: DAY_NAMES },
  year: { name: 'year', min: 1970, max: 2199 },
} as const satisfies Record<string, FieldSpec>;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Parses `cron(...)` (or its six fields alone); throws naming the field that is wrong. */
export function parseCron(expression: string): CronSchedule {
  const inner = /^\s*cron\((.*)\)\s*$/.exec(expression)?.[1] ?? expression;
  const fields = inner.trim().split(/\s+/);
  if (fields.length !== 6) throw new Error(`${expression}: a cron expression has 6 fields (minutes hours day-of-month month day-of-week year), got ${fields.length}`);
  const [minutes, hours, dayOfMonth, month, dayOfWeek, year] = fields as [string, string, string, string, string, string];
  if ((dayOfMonth === '?') === (dayOfWeek === '?')) {
    throw new Error(`${expression}: exactly one of day-of-month and day-of-week must be "?"`);
  }
  const field = (text: string, spec: FieldSpec) => {
    try {
      return parseField(text, spec);
    } catch (error) {
      throw new Error(`${expression}: ${spec.name} "${text}": ${(error as Error).message}`);
    }
  };
  return {
    expression,
    minutes: field(minutes, FIELDS.minutes),
    hours: field(hours, FIELDS.hours),
    daysOfMonth: dayOfMonth === '?' ? null : field(dayOfMonth, FIELDS.dayOfMonth),
    months: field(month, FIELDS.month),
    daysOfWeek: dayOfWeek === '?' ? null : field(dayOfWeek, FIELDS.dayOfWeek),
    years: field(year, FIELDS.year),
  };
}

function parseField(text: string, spec: FieldSpec): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText, ...extra] = part.split('/');
    if (extra.length > 0 || range === undefined || range === '') throw new Error(`cannot read "${part}"`);
    const step = stepText === undefined ? 1 : Number(stepText);
    if (stepText !== undefined && !(/^\d+$/.test(stepText) && step > 0)) throw new Error(`the increment in "${part}" must be a positive whole number`);
    let from: number;
    let to: number;
    if (range === '*') {
      [from, to] = [spec.min, spec.max];
    } else if (range.includes('-')) {
      const [a, b, ...more] = range.split('-');
      if (more.length > 0) throw new Error(`cannot read the range "${range}"`);
      [from, to] = [value(a, spec), value(b, spec)];
      if (from > to) throw new Error(`the range "${range}" runs backwards`);
    } else {
      from = value(range, spec);
      // `a/n` means from a to the end of the field, every n
      to = stepText === undefined ? from : spec.max;
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

function value(text: string, spec: FieldSpec): number {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n < spec.min || n > spec.max) throw new Error(`${n} is outside ${spec.min}-${spec.max}`);
    return n;
  }
  const named = spec.names?.indexOf(text.toUpperCase()) ?? -1;
  if (named >= 0) return spec.min + named;
  if (/[LW#]/.test(text)) throw new Error('"L", "W" and "#" are not supported by the local runner');
  throw new Error(`"${text}" is not a value`);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` (an IANA name) at `at`; throws a RangeError for an unknown zone. */
export function wallClock(at: Date, timeZone: string): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: DAY_NAMES.indexOf(parts.weekday.toUpperCase()) + 1,
  };
}

function fieldsMatch(cron: CronSchedule, w: WallClock): boolean {
  return dayMatches(cron, w) && cron.hours.has(w.hour) && cron.minutes.has(w.minute);
}

function dayMatches(cron: CronSchedule, w: WallClock): boolean {
  return cron.years.has(w.year) && cron.months.has(w.month) && (cron.daysOfMonth?.has(w.day) ?? true) && (cron.daysOfWeek?.has(w.weekday) ?? true);
}

/** Minutes the zone is ahead of UTC at `at`. */
function offsetMinutes(at: number, timeZone: string): number {
  const w = wallClock(new Date(at), timeZone);
  return (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(at / MINUTE_MS) * MINUTE_MS) / MINUTE_MS;
}

/**
 * True for the second pass through a wall-clock time that happens twice (clocks turned back): the
 * same wall time was shown (offset change) minutes earlier. A day back is before any recent change.
 */
function isRepeatedWallTime(at: number, timeZone: string): boolean {
  const turnedBack = offsetMinutes(at - DAY_MS, timeZone) - offsetMinutes(at, timeZone);
  if (turnedBack <= 0) return false;
  const earlier = wallClock(new Date(at - turnedBack * MINUTE_MS), timeZone);
  const current = wallClock(new Date(at), timeZone);
  return (Object.keys(current) as Array<keyof WallClock>).every((k) => current[k] === earlier[k]);
}

/** Whether the schedule fires in the minute that contains `at`, evaluated in `timeZone`. */
export function cronMatches(cron: CronSchedule, at: Date, timeZone: string): boolean {
  return fieldsMatch(cron, wallClock(at, timeZone)) && !isRepeatedWallTime(at.getTime(), timeZone);
}

/**
 * The first minute strictly after `after` at which the schedule fires, or null if none within
 * `horizonDays`. Walks hour by hour until the day and hour match, then to the matching minute, re-reading
 * the wall clock after each step, so daylight saving changes cannot be stepped over.
 */
export function nextRun(cron: CronSchedule, after: Date, timeZone: string, horizonDays = 5 * 366): Date | null {
  const end = after.getTime() + horizonDays * DAY_MS;
  let t = (Math.floor(after.getTime() / MINUTE_MS) + 1) * MINUTE_MS;
  while (t <= end) {
    const w = wallClock(new Date(t), timeZone);
    const toNextHour = (60 - w.minute) * MINUTE_MS;
    if (!dayMatches(cron, w) || !cron.hours.has(w.hour)) {
      t += toNextHour;
      continue;
    }
    const minute = [...cron.minutes].filter((m) => m >= w.minute).sort((a, b) => a - b)[0];
    if (minute === undefined) {
      t += toNextHour;
    } else if (minute > w.minute) {
      t += (minute - w.minute) * MINUTE_MS;
    } else if (isRepeatedWallTime(t, timeZone)) {
      t += MINUTE_MS;
    } else {
      return new Date(t);
    }
  }
  return null;
}
