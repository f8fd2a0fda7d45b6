/**
 * THE jobs table: what lambdas/routes.ts is to HTTP, this is to scheduled and queued work.
 *
 * The same rows drive both deployments:
 *  - the CDK turns each row into a Lambda (same function construct and grants as routes) and an
 *    EventBridge Scheduler schedule (cron in the school's time zone) or an SQS event source;
 *  - the local stack runs the same handlers on the same schedule, and
 *    `POST /local/jobs/{id}/run` with `{"now": "<ISO time>"}` runs one as of a given time.
 * Handlers are `job(<id>, async ({ now }) => ...)` (lambdas/schedule/job.ts) and read time only
 * from domain/clock.ts.
 */
import type { Grant } from './routes.js';

/** Where the school is: schedules are written in its local time (daylight saving included). */
export const SCHOOL_TIME_ZONE = 'America/Chicago';

/**
 * EventBridge Scheduler's cron: `cron(minutes hours day-of-month month day-of-week year)`, six fields,
 * one of day-of-month / day-of-week being `?` (https://docs.aws.amazon.com/scheduler/latest/UserGuide/schedule-types.html#cron-based).
 */
export type Cron = `cron(${string})`;

export type JobTrigger =
  | { readonly schedule: Cron; readonly timeZone?: string }
  | { readonly queue: string; readonly batchSize?: number };

export interface JobDef {
  /** Stable identifier; also names the Lambda and the schedule. */
  readonly id: string;
  readonly description: string;
  /** Module under lambdas/ exporting `handler`. */
  readonly handler: string;
  readonly trigger: JobTrigger;
  readonly grants: readonly Grant[];
  /** Lambda timeout; a scheduled run that needs longer should page through its work in several runs. */
  readonly timeoutSeconds: number;
}

export const jobs = [
  { id: 'payments-sweep-stale-checkouts', description: 'Cancels checkouts (PaymentIntents) left unconfirmed for 24 hours, at Stripe and in the ledger',
    handler: 'functions/jobs/sweep-stale-checkouts.ts', trigger: { schedule: 'cron(15 * * * ? *)' },
    grants: ['table:read', 'table:write', 'secret:stripe'], timeoutSeconds: 300 },
  { id: 'payments-reconcile', description: 'Compares the last days of payments with Stripe and records what is missing (each repair audited)',
    handler: 'functions/jobs/reconcile-payments.ts', trigger: { schedule: 'cron(30 2 * * ? *)' },
    grants: ['table:read', 'table:write', 'secret:stripe'], timeoutSeconds: 600 },
] as const satisfies readonly JobDef[];

export type JobId = (typeof jobs)[number]['id'];

export function jobById(id: string): JobDef | undefined {
  return jobs.find((j) => j.id === id);
}
