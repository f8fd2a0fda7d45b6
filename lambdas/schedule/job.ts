/**
 * Every job handler is `job(<job id>, async ({ now }) => result)`, as every route is `route(...)`.
 * The wrapper runs the body with the clock (domain/clock.ts) set to the time the run is for:
 *  - EventBridge Scheduler sends `{"scheduledTime": "<aws.scheduler.scheduled-time>"}` (lib/stacks/jobs-stack.ts);
 *  - the local runner and tests send `{"now": "<ISO time>"}`;
 *  - with neither (an SQS batch, a manual invoke), the real clock.
 * It tags log lines with the job id and logs the result, which is also the return value (visible in
 * the Lambda console and in the local `POST /local/jobs/{id}/run` answer).
 */
import { now, runAt } from '../domain/clock.js';
import { jobById, type JobId } from '../jobs.js';
import { logger } from '../observability/powertools.js';
import { parseRunTime } from './run-time.js';

export interface JobEvent {
  now?: string;
  scheduledTime?: string;
  /** SQS batches (queue-triggered rows). */
  Records?: unknown[];
}

export interface JobContext {
  now: Date;
  event: JobEvent;
}

export function job<T>(id: JobId, fn: (ctx: JobContext) => Promise<T>) {
  if (!jobById(id)) throw new Error(`Unknown job ${id}`);
  return async (event: JobEvent = {}): Promise<T> => {
    // `now` wins: a test or the local runner may replay a scheduled event as of another time
    const at = event.now !== undefined ? parseRunTime('now', event.now) : event.scheduledTime !== undefined ? parseRunTime('scheduledTime', event.scheduledTime) : now();
    logger.appendKeys({ job: id, runAt: at.toISOString() });
    try {
      const result = await runAt(at, () => fn({ now: at, event }));
      logger.info('job finished', { result: result as unknown as Record<string, unknown> });
      return result;
    } catch (error) {
      logger.error('job failed', error as Error);
      throw error;
    } finally {
      logger.removeKeys(['job', 'runAt']);
    }
  };
}
