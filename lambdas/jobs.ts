/**
 * THE jobs table: what lambdas/routes.ts is to HTTP, this is to scheduled and queued work.
 *
 * The same rows drive both deployments:
 *  - the CDK turns each row into a Lambda (same function construct and grants as routes) and an
 *    EventBridge Scheduler schedule (cron in the school's time zone), an SQS event source, or an event
 *    source on the table's stream;
 *  - the local stack runs the same handlers on the same schedule, and
 *    `POST /local/jobs/{id}/run` with `{"now": "<ISO time>"}` runs one as of a given time; a queue row's
 *    messages go through an in-process queue with the same retries and dead letters (lib/local/local-queue.ts);
 *    a stream row reads DynamoDB Local's stream (lib/local/local-stream.ts).
 * Producers send through lambdas/store/queue.ts with the `queue:<job id>` grant (lambdas/routes.ts), or
 * write to the outbox (lambdas/store/outbox.ts) in their own transaction for a stream row.
 * Handlers are `job(<id>, async ({ now }) => ...)` (lambdas/schedule/job.ts) and read time only
 * from domain/clock.ts.
 */
import type { Grant } from './routes.js';
import type { OutboxTopic } from './store/table-schema.js';

export { SCHOOL_TIME_ZONE } from './domain/clock.js';

/**
 * EventBridge Scheduler's cron: `cron(minutes hours day-of-month month day-of-week year)`, six fields,
 * one of day-of-month / day-of-week being `?` (https://docs.aws.amazon.com/scheduler/latest/UserGuide/schedule-types.html#cron-based).
 */
export type Cron = `cron(${string})`;

export type JobTrigger =
  | {
      readonly schedule: Cron;
      readonly timeZone?: string;
      /**
       * Also started at set times by one-time schedules (EventBridge Scheduler `at(...)`, deleted once run) that a
       * job holding the `schedule:<job id>` grant creates (lambdas/schedule/one-time.ts), with the same input as
       * the cron's runs: `{"scheduledTime"}`, the time it was set for. The cron then only catches up on a run
       * whose schedule was never made.
       */
      readonly oneTime?: true;
    }
  | {
      /** The queue's name (the CDK names the SQS queue `portal-<stage>-<job id>`, see `queueName`). */
      readonly queue: string;
      /** Messages per invocation; a failed invocation retries all of them (job() reports no partial batch). */
      readonly batchSize?: number;
      /**
       * At most this many invocations at once (the event source's maximum concurrency, 2 to 1,000:
       * https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-scaling.html); without it, Lambda scales up to 1,000.
       */
      readonly maxConcurrency?: number;
    }
  | {
      /**
       * The table's stream (DynamoDB Streams, new images): the job gets the items inserted under the outbox's
       * key prefix (store/outbox.ts), filtered by the event source mapping's filter criteria before it is invoked.
       */
      readonly tableStream: 'outbox';
      /** The outbox messages it reads (store/table-schema.ts): its event source's filter passes no others. */
      readonly topic: OutboxTopic;
      /** Records per invocation; a failed invocation is retried with the same records, in order. */
      readonly batchSize?: number;
    };

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
  {
    id: 'payments-sweep-stale-checkouts',
    description: 'Cancels checkouts (PaymentIntents) left unconfirmed for 24 hours, at Stripe and in the ledger',
    handler: 'functions/jobs/sweep-stale-checkouts.ts',
    trigger: { schedule: 'cron(15 * * * ? *)' },
    grants: ['table:read', 'table:write', 'secret:stripe'],
    timeoutSeconds: 300,
  },
  {
    id: 'payments-reconcile',
    description: 'Compares the last days of payments with Stripe and records what is missing (each repair audited)',
    handler: 'functions/jobs/reconcile-payments.ts',
    trigger: { schedule: 'cron(30 2 * * ? *)' },
    grants: ['table:read', 'table:write', 'secret:stripe'],
    timeoutSeconds: 600,
  },
  // POST /api/students/import/ stores the file in chunks and sends one message per chunk. A chunk is
  // 25 rows, each an AdminCreateUser call (about 0.2 s in the cloud) and a few table writes: well under a
  // minute, so 60 s leaves room for Cognito throttling retries. Two chunks at a time keep the Cognito user
  // creation rate (50 per second by default) and the account's Lambda concurrency out of reach.
  {
    id: 'students-import-chunks',
    description: "Creates the students of one chunk (25 rows) of a CSV import, each row once, and records each row's outcome",
    handler: 'functions/jobs/import-student-chunks.ts',
    trigger: { queue: 'students-import-chunks', batchSize: 1, maxConcurrency: 2 },
    grants: ['table:read', 'table:write', 'userpool:admin'],
    timeoutSeconds: 60,
  },
  // Notifications: producers (the webhook, uploads, account and import routes, announcements) write an
  // event to the outbox with the change it tells of; the table's stream brings it to the fan-out, which
  // resolves the audience and queues one delivery per person, so each person's notice and email is its
  // own retry. One record, or one message, per invocation: one that keeps failing reaches the dead-letter
  // queue alone. Two deliveries at a time keep within SES's sending rate.
  {
    id: 'notifications-fanout',
    description: "Resolves a notification event's audience (from the outbox, through the table's stream) and queues one delivery per recipient",
    handler: 'functions/jobs/fan-out-notifications.ts',
    trigger: { tableStream: 'outbox', topic: 'notifications', batchSize: 1 },
    grants: ['table:read', 'table:write', 'queue:notifications-deliver'],
    timeoutSeconds: 60,
  },
  {
    id: 'notifications-deliver',
    description: "Writes one person's notice once and sends its email through SES",
    handler: 'functions/jobs/deliver-notifications.ts',
    trigger: { queue: 'notifications-deliver', batchSize: 1, maxConcurrency: 2 },
    grants: ['table:read', 'table:write', 'email:send'],
    timeoutSeconds: 60,
  },
  // SES's events (the configuration set's EventBridge destination, a rule forwarding them to this queue)
  {
    id: 'notifications-email-events',
    description: "Records each email's delivery status from SES's events and stops email to an address after a hard bounce or a complaint",
    handler: 'functions/jobs/record-email-events.ts',
    trigger: { queue: 'notifications-email-events', batchSize: 1, maxConcurrency: 2 },
    grants: ['table:read', 'table:write'],
    timeoutSeconds: 30,
  },
  {
    id: 'notifications-digest',
    description: 'Sends each person one digest email per category for the notices the one-email-a-day rule held back',
    handler: 'functions/jobs/send-digests.ts',
    trigger: { schedule: 'cron(0 7 * * ? *)' },
    grants: ['table:read', 'table:write', 'email:send'],
    timeoutSeconds: 300,
  },
  // A scheduled announcement is sent at its time by a one-time schedule (made by schedules-create from the
  // outbox message written with it); the hourly run sends any whose schedule could not be made.
  {
    id: 'announcements-send-due',
    description: 'Sends the scheduled announcements whose time has come: at that time (a one-time schedule), or at the next hour',
    handler: 'functions/jobs/send-due-announcements.ts',
    trigger: { schedule: 'cron(5 * * * ? *)', oneTime: true },
    grants: ['table:read', 'table:write'],
    timeoutSeconds: 60,
  },
  // One record per invocation: a schedule that cannot be made retries alone, then reaches the dead-letter queue.
  {
    id: 'schedules-create',
    description: "Creates the one-time schedule that starts a job at a set time (an announcement's send time), from the outbox through the table's stream",
    handler: 'functions/jobs/create-one-time-schedules.ts',
    trigger: { tableStream: 'outbox', topic: 'schedules', batchSize: 1 },
    grants: ['schedule:announcements-send-due'],
    timeoutSeconds: 30,
  },
  // Clinical compliance: reminders of approvals about to expire, read from the expiry index
  {
    id: 'compliance-reminders',
    description: 'Reminds each student of a compliance approval that expires in 30, 14, 7 or 0 days, once per threshold',
    handler: 'functions/jobs/send-compliance-reminders.ts',
    trigger: { schedule: 'cron(0 6 * * ? *)' },
    grants: ['table:read', 'table:write'],
    timeoutSeconds: 300,
  },
  {
    id: 'compliance-digest',
    description: 'Sends each student a weekly digest of the compliance items they still have to hand in, renew or correct',
    handler: 'functions/jobs/send-compliance-digest.ts',
    trigger: { schedule: 'cron(0 7 ? * MON *)' },
    grants: ['table:read', 'table:write'],
    timeoutSeconds: 300,
  },
  {
    id: 'compliance-summary',
    description: "Sends the compliance coordinators the day's counts: submissions to review and approvals expiring within 30 days",
    handler: 'functions/jobs/send-compliance-summary.ts',
    trigger: { schedule: 'cron(0 7 * * ? *)' },
    grants: ['table:read', 'table:write', 'userpool:groups'],
    timeoutSeconds: 60,
  },
  // Payment plans: each morning, the plans whose next action day has come (the sweep index, never a Scan): off-session
  // debits and their retries, past due and late fees, reminders. Before the compliance jobs, so a debit made today
  // (a card's event arrives within seconds) lifts a hold before the day's clinical alerts read it.
  {
    id: 'payment-plans-sweep',
    description: 'Collects the payment plans whose day has come: debits the saved card or bank account, marks installments past due with one late fee, sends reminders',
    handler: 'functions/jobs/sweep-payment-plans.ts',
    trigger: { schedule: 'cron(0 5 * * ? *)' },
    grants: ['table:read', 'table:write', 'secret:stripe'],
    timeoutSeconds: 600,
  },
  // Clinical placements: students not cleared for a rotation about to start, and affiliation agreements about to end
  {
    id: 'clinical-alerts',
    description: 'Tells students not cleared for a rotation starting in 28, 14 or 0 days, and their coordinators; flags agreements ending in 60 or 30 days',
    handler: 'functions/jobs/send-clinical-alerts.ts',
    trigger: { schedule: 'cron(30 6 * * ? *)' },
    grants: ['table:read', 'table:write', 'userpool:groups'],
    timeoutSeconds: 300,
  },
] as const satisfies readonly JobDef[];

export type JobId = (typeof jobs)[number]['id'];
/** The rows one-time schedules may start: what a `schedule:<job id>` grant (lambdas/routes.ts) may name. */
export type OneTimeJobId = Extract<(typeof jobs)[number], { trigger: { oneTime: true } }>['id'];
/** The rows fed by a queue: what a `queue:<job id>` grant (lambdas/routes.ts) may name. */
export type QueueJobId = Extract<(typeof jobs)[number], { trigger: { queue: string } }>['id'];

/**
 * SQS receives a message this many times (its redrive policy's maxReceiveCount) before moving it to
 * the job's dead-letter queue; the local queue (lib/local/local-queue.ts) does the same. A consumer can
 * tell its last attempt from the record's `ApproximateReceiveCount`. A stream row's records are tried
 * as often (the event source's retry attempts, plus the first) before their description goes there.
 */
export const QUEUE_MAX_RECEIVE_COUNT = 5;

/** The SQS queue of a queue row in a stage: a fixed name, so a route's grant can name it without a cross-stack reference. */
export const queueName = (stageName: string, jobId: string) => `portal-${stageName}-${jobId}`;

/** The environment variable that tells a producer (a route with the `queue:<job id>` grant) its queue's URL. */
export const queueUrlVariable = (jobId: string) => `QUEUE_URL_${jobId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** The schedule group of a stage's schedules: the jobs stack's cron schedules and the one-time ones. */
export const scheduleGroupName = (stageName: string) => `portal-${stageName}`;

/**
 * The environment variable that tells a job holding the `schedule:<job id>` grant what a one-time schedule of that
 * job targets: JSON `{"arn", "roleArn", "deadLetterArn"}` (lambdas/schedule/one-time.ts).
 */
export const scheduleTargetVariable = (jobId: string) => `SCHEDULE_TARGET_${jobId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

export function jobById(id: string): JobDef | undefined {
  return jobs.find((j) => j.id === id);
}
