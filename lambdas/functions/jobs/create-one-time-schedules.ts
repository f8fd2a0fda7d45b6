/**
 * Table stream consumer (jobs table: schedules-create): each run at a set time a producer wrote to the
 * outbox (schedule/one-time.ts) gets its one-time schedule. A failure retries the record; an unreadable
 * one is dropped, not retried (the hourly run of its job still catches what it was for).
 */
import { logger } from '../../observability/powertools.js';
import { job } from '../../schedule/job.js';
import { OneTimeRun, runTime } from '../../schedule/one-time.js';
import { jobById, type OneTimeJobId } from '../../jobs.js';
import { createOneTimeSchedule } from '../../store/scheduler.js';
import { outboxMessage } from '../../store/outbox-record.js';

function parseRun(body: string | null): OneTimeRun | null {
  try {
    const run = body === null ? null : OneTimeRun.safeParse(JSON.parse(body));
    const trigger = run?.success ? jobById(run.data.job)?.trigger : undefined;
    return run?.success && trigger && 'oneTime' in trigger ? { ...run.data, job: run.data.job as OneTimeJobId } : null;
  } catch {
    return null;
  }
}

export const handler = job('schedules-create', async ({ event, now }) => {
  const created: string[] = [];
  for (const record of event.Records ?? []) {
    const body = outboxMessage('schedules', record);
    const run = parseRun(body);
    if (!run) {
      logger.error('not a run of a one-time job: dropped', { eventID: (record as { eventID?: string }).eventID, body: String(body).slice(0, 200) });
      continue;
    }
    const time = runTime(run.at, now);
    if (await createOneTimeSchedule(run, time)) created.push(`${run.job} ${run.key} at ${time.toISOString()}`);
  }
  return { created };
});
