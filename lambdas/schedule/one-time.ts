/**
 * A run of a job at a set time (an announcement's send time): the producer writes it to the outbox
 * (`outboxPut('schedules', run)`, store/outbox.ts) in the transaction that stores what it is for, and the schedules-create job makes
 * the one-time schedule from it (store/scheduler.ts). So a stored announcement always gets its schedule,
 * and an error answer leaves neither.
 */
import * as z from '../contract/zod.js';
import type { OneTimeJobId } from '../jobs.js';

export const OneTimeRun = z.object({
  job: z.string(),
  /** What the run is for (an announcement id): names the schedule, so making it twice makes one. */
  key: z.string().check(z.regex(/^[0-9a-zA-Z_.-]+$/)),
  /** When (ISO); the schedule is set for the first whole minute at or after it. */
  at: z.iso.datetime({ offset: true }),
});
export type OneTimeRun = z.infer<typeof OneTimeRun> & { job: OneTimeJobId };

/** Schedule names: 1 to 64 of [0-9a-zA-Z-_.] (https://docs.aws.amazon.com/scheduler/latest/APIReference/API_CreateSchedule.html). */
const MAX_NAME = 64;

/** The schedule's name, unique per job and key within the stage's group. */
export function scheduleName(run: Pick<OneTimeRun, 'job' | 'key'>): string {
  const name = `${run.job}-${run.key}`;
  if (name.length > MAX_NAME) throw new Error(`schedule name ${name} is longer than ${MAX_NAME} characters`);
  return name;
}

const MINUTE_MS = 60_000;
const ceilMinute = (ms: number) => Math.ceil(ms / MINUTE_MS) * MINUTE_MS;

/**
 * The time the one-time schedule is set for (UTC, whole minutes): the run's time rounded up to the
 * minute, as Scheduler invokes anywhere within the minute it is set for
 * (https://docs.aws.amazon.com/scheduler/latest/UserGuide/schedule-types.html#one-time), and never
 * earlier than a minute from `now`: the documentation does not promise that a time already past is
 * ever invoked, and a stream retry can come after the run's time. The job runs as of the schedule's
 * time (`{"scheduledTime"}`), so what was due by then goes out.
 */
export function runTime(at: string, now: Date): Date {
  return new Date(Math.max(ceilMinute(Date.parse(at)), ceilMinute(now.getTime() + MINUTE_MS)));
}

/** `at(yyyy-mm-ddThh:mm:ss)`, evaluated in UTC (the schedule sets no time zone). */
export const atExpression = (time: Date) => `at(${time.toISOString().slice(0, 19)})`;
