/**
 * The local stand-in for Amazon EventBridge Scheduler's API, for one-time schedules that start a job's
 * function: `@aws-sdk/client-scheduler` pointed at `<gateway>/local/scheduler` (AWS_ENDPOINT_URL_SCHEDULER)
 * works unchanged, so a producer's code is the cloud's (lambdas/store/scheduler.ts).
 *  - The API, restJson1 as the SDK speaks it (https://docs.aws.amazon.com/scheduler/latest/APIReference/API_Operations.html):
 *    CreateSchedule `POST /schedules/{Name}`, GetSchedule `GET /schedules/{Name}?groupName=`, UpdateSchedule
 *    `PUT /schedules/{Name}`, DeleteSchedule `DELETE /schedules/{Name}?groupName=&clientToken=` and ListSchedules
 *    `GET /schedules?ScheduleGroup=&NamePrefix=&State=&MaxResults=&NextToken=`. Input is checked against the
 *    service's model (names, lengths, patterns, enums); errors are what the SDK reads: the status, header
 *    `x-amzn-errortype` and `{"Message"}` (ValidationException 400, ResourceNotFoundException 404, ConflictException 409).
 *  - Only `at(yyyy-mm-ddThh:mm:ss)` schedules run: `cron(...)` and `rate(...)` are read but refused, as the
 *    recurring jobs are the jobs table's schedule rows, which the jobs runner runs (lib/local/jobs-runner.ts).
 *  - Firing: every ENABLED schedule whose time has come, once, by the clock the stack passes (its stack clock),
 *    polled every second by `start()`, or `POST /local/scheduler/run-due {"now": "<ISO>"}` for a test. The target
 *    must be a job's function (`localFunctionArn(job id)`) named with that job's role; its handler runs in-process,
 *    as the local queue runs handlers, with the target's Input (context attributes filled in) as the event.
 *  - A failed run is retried per the target's RetryPolicy (locally at most LOCAL_MAX_ATTEMPTS attempts, a short
 *    pause between them), then kept as a dead letter (`deadLetters()`, where the cloud uses the DeadLetterConfig queue).
 *    In the cloud Scheduler invokes Lambda asynchronously, so its retries cover handing the event over and the
 *    function's async retries cover the handler failing (lib/stacks/jobs-stack.ts); here one loop stands for both.
 * Unlike the service: schedules live in memory (a restart of `npm start` loses them, README "Local vs cloud"),
 * there is one account and region, no KMS, tags or schedule-group API, and a run happens on the check after
 * its time rather than within its minute or flexible window.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jobs as JOBS, type JobDef } from '../../lambdas/jobs.js';
import type { JobEvent } from '../../lambdas/schedule/job.js';
import { parseRunTime } from '../../lambdas/schedule/run-time.js';
import { parseCron, wallClock } from './cron.js';
import { LOCAL_REGION } from './endpoints.js';
import { readJsonObject, safeDecode, sendJson } from './http-json.js';
import { handlerCache, importJobHandler, type JobHandler } from './jobs-runner.js';

export const SCHEDULER_PREFIX = '/local/scheduler';
const LOCAL_ACCOUNT = '000000000000';
const DEFAULT_GROUP = 'default';
const MAX_BODY_BYTES = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Retries of a failed run. The service's default is 185 retries within 24 hours (the CDK's defaults for a
 * schedule target, https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.aws_scheduler_targets.ScheduleTargetBaseProps.html;
 * ranges: https://docs.aws.amazon.com/scheduler/latest/APIReference/API_RetryPolicy.html). Locally a handler that
 * fails five times will fail a sixth, so the attempts stop at five, as the local queue's receives do.
 */
export const DEFAULT_MAXIMUM_RETRY_ATTEMPTS = 185;
const DEFAULT_MAXIMUM_EVENT_AGE_SECONDS = 86_400;
export const LOCAL_MAX_ATTEMPTS = 5;

/** The ARN the local stack gives a job's function (the target a schedule names), e.g. arn:aws:lambda:<LOCAL_REGION>:000000000000:function:portal-local-<job id>. */
export function localFunctionArn(jobId: string): string {
  return `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:portal-local-${jobId}`;
}

/** The role ARN the local stack hands producers for Target.RoleArn: arn:aws:iam::000000000000:role/portal-local-scheduler-<job id>. */
export function localSchedulerRoleArn(jobId: string): string {
  return `arn:aws:iam::${LOCAL_ACCOUNT}:role/portal-local-scheduler-${jobId}`;
}

export interface LocalSchedulerOptions {
  /** Defaults to THE jobs table; each row's function is a target a schedule may name. */
  readonly jobs?: readonly JobDef[];
  /** Defaults to importing the row's handler module from lambdas/, as the jobs runner does. */
  readonly loadHandler?: (job: JobDef) => Promise<JobHandler>;
  /** Schedule groups that exist besides `default` (the stack's group, which the CDK creates in the cloud). */
  readonly groups?: readonly string[];
  /** The clock schedules fire by (the stack passes its stack clock); default the real clock. */
  readonly now?: () => Date;
  /** How often start() checks for due schedules; default 1000. */
  readonly pollMs?: number;
  /** The pause before retry `attempt` + 1 of a failed run (default 1 s times the attempts so far). */
  readonly retryDelayMs?: (attempt: number) => number;
  readonly log?: (message: string) => void;
}

export interface FiredSchedule {
  name: string;
  groupName: string;
  jobId: string;
  scheduledTime: string;
  outcome: 'invoked' | 'failed';
  error?: string;
}

export interface LocalScheduler {
  /** Gateway mount: the Scheduler API under SCHEDULER_PREFIX, and `POST /local/scheduler/run-due {"now": "<ISO>"}` (fires every schedule due by then; answers {"fired": FiredSchedule[]}). Returns false for other paths. */
  mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** Fires every one-time schedule whose time is at or before `at`, each once; resolves when their invocations (and retries) are done. */
  runDue(at: Date): Promise<FiredSchedule[]>;
  /** Starts firing due schedules every pollMs by `now()`. */
  start(): void;
  stop(): Promise<void>;
  /** Schedules held (for tests and a local viewer). */
  list(): Array<{ name: string; groupName: string; expression: string; state: string; target: { arn: string; input?: string } }>;
  /** Invocations that failed every retry (the cloud sends them to the target's DeadLetterConfig queue). */
  deadLetters(): FiredSchedule[];
}

/** A refusal of the API, as the service sends it (restJson1: https://smithy.io/2.0/aws/protocols/aws-restjson1-protocol.html#operation-error-serialization). */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'ValidationException' | 'ResourceNotFoundException' | 'ConflictException' | 'InternalServerException' | 'UnknownOperationException',
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new ApiError(400, 'ValidationException', message);

/** The member shapes of the service's model (API reference, "Request Body" of CreateSchedule and the data types). */
interface TargetInput {
  Arn: string;
  RoleArn: string;
  Input?: string;
  RetryPolicy?: { MaximumEventAgeInSeconds?: number; MaximumRetryAttempts?: number };
  DeadLetterConfig?: { Arn?: string };
  [other: string]: unknown;
}

interface Schedule {
  readonly name: string;
  readonly groupName: string;
  readonly arn: string;
  expression: string;
  timeZone: string | undefined;
  /** The instant the at() expression names, in its time zone. */
  at: number;
  state: 'ENABLED' | 'DISABLED';
  description: string | undefined;
  startDate: number | undefined;
  endDate: number | undefined;
  kmsKeyArn: string | undefined;
  target: TargetInput;
  flexibleTimeWindow: { Mode: string; MaximumWindowInMinutes?: number };
  actionAfterCompletion: 'NONE' | 'DELETE';
  readonly creationDate: number;
  lastModificationDate: number;
  /** pending until fired; `done` once its one run ended (kept with ActionAfterCompletion NONE). */
  run: 'pending' | 'firing' | 'done';
  /** Bumped by an update that moves the time, so a run in flight does not complete the rescheduled one. */
  generation: number;
}

/** What CreateSchedule and UpdateSchedule take, checked. */
type ScheduleFields = Omit<Schedule, 'name' | 'groupName' | 'arn' | 'creationDate' | 'lastModificationDate' | 'run' | 'generation'>;

export function createLocalScheduler(opts: LocalSchedulerOptions = {}): LocalScheduler {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? (() => new Date());
  const pollMs = opts.pollMs ?? 1_000;
  const retryDelayMs = opts.retryDelayMs ?? ((attempt: number) => 1_000 * attempt);
  const handlerOf = handlerCache(opts.loadHandler ?? importJobHandler);
  const table: readonly JobDef[] = opts.jobs ?? JOBS;
  const jobByArn = new Map(table.map((job) => [localFunctionArn(job.id), job]));
  const groups = new Set([DEFAULT_GROUP, ...(opts.groups ?? [])]);

  const schedules = new Map<string, Schedule>();
  const dead: FiredSchedule[] = [];
  const running = new Set<Promise<FiredSchedule>>();
  const wakers = new Set<() => void>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const keyOf = (groupName: string, name: string) => `${groupName}/${name}`;
  const scheduleArn = (groupName: string, name: string) => `arn:aws:scheduler:${LOCAL_REGION}:${LOCAL_ACCOUNT}:schedule/${groupName}/${name}`;

  function groupOf(groupName: string | undefined): string {
    const group = groupName ?? DEFAULT_GROUP;
    constrained('groupName', group, { min: 1, max: 64, pattern: NAME_PATTERN });
    if (!groups.has(group)) throw new ApiError(404, 'ResourceNotFoundException', `Schedule group ${group} does not exist.`);
    return group;
  }

  function scheduleOf(groupName: string | undefined, name: string): Schedule {
    constrained('name', name, { min: 1, max: 64, pattern: NAME_PATTERN });
    const group = groupOf(groupName);
    const schedule = schedules.get(keyOf(group, name));
    if (!schedule) throw new ApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    return schedule;
  }

  // ---- firing ----------------------------------------------------------------------------------

  function runDue(at: Date): Promise<FiredSchedule[]> {
    if (stopped) return Promise.resolve([]);
    const due = [...schedules.values()]
      .filter((s) => s.state === 'ENABLED' && s.run === 'pending' && s.at <= at.getTime())
      .sort((a, b) => a.at - b.at || keyOf(a.groupName, a.name).localeCompare(keyOf(b.groupName, b.name)));
    // claimed before anything awaits, so an overlapping check (the poll, another run-due) skips them
    for (const s of due) s.run = 'firing';
    return Promise.all(
      due.map((s) => {
        const run = fire(s, s.generation).finally(() => running.delete(run));
        running.add(run);
        return run;
      }),
    );
  }

  async function fire(s: Schedule, generation: number): Promise<FiredSchedule> {
    const target = s.target;
    const job = jobByArn.get(target.Arn);
    const fired: FiredSchedule = { name: s.name, groupName: s.groupName, jobId: job?.id ?? '', scheduledTime: isoSeconds(s.at), outcome: 'invoked' };
    let refusal: string | undefined;
    if (!job) {
      refusal = `${target.Arn} is not a local job function; the targets are localFunctionArn(<job id>) of the jobs table: ${[...jobByArn.keys()].join(', ') || 'none'}`;
    } else if (target.RoleArn !== localSchedulerRoleArn(job.id)) {
      // as IAM would refuse it: each job's scheduler role may invoke that job's function only (lib/stacks/jobs-stack.ts)
      refusal = `AccessDenied: ${target.RoleArn} may not invoke ${target.Arn}; use localSchedulerRoleArn('${job.id}')`;
    }
    if (refusal !== undefined || !job) {
      // a target that cannot be invoked fails alike on every retry: straight to the dead letters
      const failed: FiredSchedule = { ...fired, outcome: 'failed', error: refusal };
      finish(s, generation, failed);
      return failed;
    }

    const retries = target.RetryPolicy?.MaximumRetryAttempts ?? DEFAULT_MAXIMUM_RETRY_ATTEMPTS;
    const attempts = Math.min(1 + retries, LOCAL_MAX_ATTEMPTS);
    const maxAgeMs = (target.RetryPolicy?.MaximumEventAgeInSeconds ?? DEFAULT_MAXIMUM_EVENT_AGE_SECONDS) * 1000;
    const started = Date.now();
    let result: FiredSchedule = fired;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        await invoke(job, eventOf(target.Input, s, attempt));
        result = fired;
        log(`scheduler: ${s.groupName}/${s.name} ran job ${job.id} as of ${fired.scheduledTime}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
        break;
      } catch (error) {
        const why = (error as Error)?.message ?? String(error);
        result = { ...fired, outcome: 'failed', error: why };
        const delay = retryDelayMs(attempt);
        const last = attempt === attempts || stopped || Date.now() - started + delay > maxAgeMs;
        log(`scheduler: ${s.groupName}/${s.name} failed (attempt ${attempt} of ${attempts})${last ? '' : `, retrying in ${delay} ms`}: ${why}`);
        if (last) break;
        await pause(delay);
        if (stopped) break;
      }
    }
    finish(s, generation, result);
    return result;
  }

  /** The handler held to the row's timeout, as Lambda holds the function to it. */
  async function invoke(job: JobDef, event: JobEvent): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      const handler = await handlerOf(job);
      const run = Promise.resolve().then(() => handler(event));
      run.catch(() => {}); // a timed-out run goes on; its later failure is nobody's answer
      const timedOut = new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error(`timed out after ${job.timeoutSeconds} s`)), job.timeoutSeconds * 1000);
      });
      await Promise.race([run, timedOut]);
    } finally {
      clearTimeout(timeout);
    }
  }

  /**
   * After the run (or its last failure): with ActionAfterCompletion DELETE the schedule goes, with NONE it
   * stays (GetSchedule answers it) and does not run again
   * (https://docs.aws.amazon.com/scheduler/latest/UserGuide/managing-schedule-delete.html). Unless it was
   * deleted, recreated or moved to another time meanwhile: then it is no longer the schedule that ran.
   */
  function finish(s: Schedule, generation: number, result: FiredSchedule): void {
    if (result.outcome === 'failed') {
      dead.push(result);
      log(`scheduler: ${s.groupName}/${s.name} dead-lettered: ${result.error}`);
    }
    const key = keyOf(s.groupName, s.name);
    if (schedules.get(key) !== s || s.generation !== generation) return;
    s.run = 'done';
    if (s.actionAfterCompletion === 'DELETE') schedules.delete(key);
  }

  /**
   * The target's Input with the context attributes filled in
   * (https://docs.aws.amazon.com/scheduler/latest/UserGuide/managing-schedule-context-attributes.html), as the
   * Lambda event; without Input, `{}` (the service documents only "a default notification", not its content).
   */
  function eventOf(input: string | undefined, s: Schedule, attempt: number): JobEvent {
    if (input === undefined) return {};
    return JSON.parse(withContext(input, { scheduleArn: s.arn, scheduledTime: isoSeconds(s.at), executionId: executionId(), attempt })) as JobEvent;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(t);
        wakers.delete(wake);
        resolve();
      };
      const t = setTimeout(wake, ms);
      wakers.add(wake);
    });
  }

  function start(): void {
    if (timer || stopped) return;
    timer = setInterval(() => {
      runDue(now()).catch((error: Error) => log(`scheduler: check failed: ${error.stack ?? error.message}`));
    }, pollMs);
    timer.unref(); // the gateway keeps the process alive, not the schedule
  }

  async function stop(): Promise<void> {
    stopped = true;
    clearInterval(timer);
    timer = undefined;
    // a run waiting to retry is not retried: it ends as a dead letter now, as the process is going away
    for (const wake of [...wakers]) wake();
    await Promise.allSettled([...running]);
  }

  function list() {
    return [...schedules.values()].map((s) => ({
      name: s.name,
      groupName: s.groupName,
      expression: s.expression,
      state: s.state,
      target: { arn: s.target.Arn, ...(s.target.Input === undefined ? {} : { input: s.target.Input }) },
    }));
  }

  // ---- the API ---------------------------------------------------------------------------------

  function create(name: string, body: Record<string, unknown>): { ScheduleArn: string } {
    constrained('name', name, { min: 1, max: 64, pattern: NAME_PATTERN });
    const fields = scheduleFields(body);
    const groupName = groupOf(optionalString(body, 'GroupName'));
    const key = keyOf(groupName, name);
    // A repeated request with the same ClientToken gets no special answer: the service says the token "ensures
    // the idempotency of the request" without naming an answer or a window
    // (https://docs.aws.amazon.com/scheduler/latest/APIReference/API_CreateSchedule.html), so a second create is
    // a conflict whatever its token (lambdas/store/scheduler.ts counts on the 409).
    if (schedules.has(key)) throw new ApiError(409, 'ConflictException', `Schedule ${name} already exists.`);
    const at = now().getTime();
    const arn = scheduleArn(groupName, name);
    schedules.set(key, { ...fields, name, groupName, arn, creationDate: at, lastModificationDate: at, run: 'pending', generation: 0 });
    return { ScheduleArn: arn };
  }

  /**
   * UpdateSchedule replaces every member, an omitted optional one taking its default
   * (https://docs.aws.amazon.com/scheduler/latest/APIReference/API_UpdateSchedule.html). A schedule moved to
   * another time is due again; one whose time stays keeps its run (so an update cannot run it twice).
   */
  function update(name: string, body: Record<string, unknown>): { ScheduleArn: string } {
    constrained('name', name, { min: 1, max: 64, pattern: NAME_PATTERN });
    const fields = scheduleFields(body);
    const s = scheduleOf(optionalString(body, 'GroupName'), name);
    const moved = fields.at !== s.at;
    Object.assign(s, fields, { lastModificationDate: now().getTime() });
    if (moved) {
      s.generation++;
      s.run = 'pending';
    }
    return { ScheduleArn: s.arn };
  }

  function get(name: string, groupName: string | undefined) {
    const s = scheduleOf(groupName, name);
    return {
      Arn: s.arn,
      GroupName: s.groupName,
      Name: s.name,
      ScheduleExpression: s.expression,
      ScheduleExpressionTimezone: s.timeZone,
      StartDate: epochSeconds(s.startDate),
      EndDate: epochSeconds(s.endDate),
      Description: s.description,
      State: s.state,
      CreationDate: epochSeconds(s.creationDate),
      LastModificationDate: epochSeconds(s.lastModificationDate),
      KmsKeyArn: s.kmsKeyArn,
      Target: s.target,
      FlexibleTimeWindow: s.flexibleTimeWindow,
      ActionAfterCompletion: s.actionAfterCompletion,
    };
  }

  function remove(name: string, groupName: string | undefined, clientToken: string | undefined): Record<string, never> {
    if (clientToken !== undefined) constrained('clientToken', clientToken, { min: 1, max: 64, pattern: CLIENT_TOKEN_PATTERN });
    const s = scheduleOf(groupName, name);
    schedules.delete(keyOf(s.groupName, s.name));
    return {};
  }

  function listSchedules(query: URLSearchParams) {
    const param = (name: string) => query.get(name) ?? undefined;
    const group = param('ScheduleGroup');
    if (group !== undefined) groupOf(group);
    const prefix = param('NamePrefix');
    if (prefix !== undefined) constrained('namePrefix', prefix, { min: 1, max: 64, pattern: NAME_PATTERN });
    const state = param('State');
    if (state !== undefined) oneOf('state', state, ['ENABLED', 'DISABLED']);
    const maxResults = param('MaxResults') === undefined ? 100 : Number(param('MaxResults'));
    if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 100) throw constraintError('maxResults', param('MaxResults'), 'Member must have value between 1 and 100');
    const token = param('NextToken');
    const offset = token === undefined ? 0 : Number(Buffer.from(token, 'base64url').toString('utf8'));
    if (!Number.isInteger(offset) || offset < 0) throw invalid('The NextToken is not valid.');
    const matching = [...schedules.values()]
      .filter((s) => (group === undefined || s.groupName === group) && (prefix === undefined || s.name.startsWith(prefix)) && (state === undefined || s.state === state))
      .sort((a, b) => a.name.localeCompare(b.name) || a.groupName.localeCompare(b.groupName));
    const page = matching.slice(offset, offset + maxResults);
    const next = offset + maxResults < matching.length ? Buffer.from(String(offset + maxResults)).toString('base64url') : undefined;
    return {
      Schedules: page.map((s) => ({
        Arn: s.arn,
        Name: s.name,
        GroupName: s.groupName,
        State: s.state,
        CreationDate: epochSeconds(s.creationDate),
        LastModificationDate: epochSeconds(s.lastModificationDate),
        Target: { Arn: s.target.Arn },
      })),
      NextToken: next,
    };
  }

  async function mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    if (path !== SCHEDULER_PREFIX && !path.startsWith(`${SCHEDULER_PREFIX}/`)) return false;
    const rest = path.slice(SCHEDULER_PREFIX.length).replace(/\/$/, '');
    try {
      if (rest === '/run-due') return await runDueRoute(req, res);
      if (rest === '/schedules' && req.method === 'GET') return answer(res, listSchedules(url.searchParams));
      const match = /^\/schedules\/([^/]+)$/.exec(rest);
      if (match) {
        const name = safeDecode(match[1] ?? '');
        const groupName = url.searchParams.get('groupName') ?? undefined;
        switch (req.method) {
          case 'POST':
            return answer(res, create(name, await body(req)));
          case 'PUT':
            return answer(res, update(name, await body(req)));
          case 'GET':
            return answer(res, get(name, groupName));
          case 'DELETE':
            return answer(res, remove(name, groupName, url.searchParams.get('clientToken') ?? undefined));
        }
      }
      throw new ApiError(
        404,
        'UnknownOperationException',
        `The local scheduler has no ${req.method} ${path}: it answers CreateSchedule, GetSchedule, UpdateSchedule, DeleteSchedule and ListSchedules under ${SCHEDULER_PREFIX}/schedules, and POST ${SCHEDULER_PREFIX}/run-due`,
      );
    } catch (error) {
      if (error instanceof ApiError) return refuse(res, error);
      log(`scheduler: ${req.method} ${path} failed: ${(error as Error)?.stack ?? String(error)}`);
      return refuse(res, new ApiError(500, 'InternalServerException', (error as Error)?.message ?? String(error)));
    }
  }

  /** `POST /local/scheduler/run-due {"now": "<ISO>"}`: a local-only convenience, answered in the local mounts' style. */
  async function runDueRoute(req: IncomingMessage, res: ServerResponse): Promise<true> {
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'Method not allowed: use POST' }, { allow: 'POST' });
    const read = await readJsonObject(req, 64 * 1024, '{"now": "2026-03-08T08:30:00Z"}');
    if (read instanceof Error) return sendJson(res, 400, { error: read.message });
    let at: Date;
    try {
      at = read.now === undefined ? now() : parseRunTime('now', read.now);
    } catch (error) {
      return sendJson(res, 400, { error: (error as Error).message });
    }
    return sendJson(res, 200, { fired: await runDue(at) });
  }

  return { mount, runDue, start, stop, list, deadLetters: () => [...dead] };
}

// ---- checking a request against the model ----------------------------------------------------------

/** Names of schedules and groups: https://docs.aws.amazon.com/scheduler/latest/APIReference/API_CreateSchedule.html#API_CreateSchedule_RequestSyntax. */
const NAME_PATTERN = /^[0-9a-zA-Z-_.]+$/;
const CLIENT_TOKEN_PATTERN = /^[a-zA-Z0-9-_]+$/;
const ROLE_ARN_PATTERN = /^arn:aws(-[a-z]+)?:iam::\d{12}:role\/[\w+=,.@/-]+$/;
const SQS_ARN_PATTERN = /^arn:aws(-[a-z]+)?:sqs:[a-z0-9-]+:\d{12}:[a-zA-Z0-9\-_]+$/;
const KMS_ARN_PATTERN = /^arn:aws(-[a-z]+)?:kms:[a-z0-9-]+:\d{12}:(key|alias)\/[0-9a-zA-Z-_]*$/;
/** The one-time form, `at(yyyy-mm-ddThh:mm:ss)`: https://docs.aws.amazon.com/scheduler/latest/UserGuide/schedule-types.html#one-time. */
const AT_EXPRESSION = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
/** `rate(value unit)`: a positive integer and minute(s), hour(s) or day(s) (same page, #rate-based). */
const RATE_EXPRESSION = /^rate\(([1-9]\d*) (minutes?|hours?|days?)\)$/;

/** The service's wording for a constraint a member fails (its ValidationException messages). */
function constraintError(member: string, value: unknown, rule: string): ApiError {
  return invalid(`1 validation error detected: Value '${typeof value === 'string' ? value : JSON.stringify(value)}' at '${member}' failed to satisfy constraint: ${rule}`);
}

function constrained(member: string, value: string, rule: { min?: number; max?: number; pattern?: RegExp }): void {
  if (rule.min !== undefined && value.length < rule.min) throw constraintError(member, value, `Member must have length greater than or equal to ${rule.min}`);
  if (rule.max !== undefined && value.length > rule.max) throw constraintError(member, value, `Member must have length less than or equal to ${rule.max}`);
  if (rule.pattern && !rule.pattern.test(value)) throw constraintError(member, value, `Member must satisfy regular expression pattern: ${rule.pattern.source}`);
}

function oneOf<T extends string>(member: string, value: unknown, values: readonly T[]): T {
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value))
    throw constraintError(member, value, `Member must satisfy enum value set: [${values.join(', ')}]`);
  return value as T;
}

const lowerFirst = (member: string) => member.charAt(0).toLowerCase() + member.slice(1);

function optionalString(body: Record<string, unknown>, member: string): string | undefined {
  const value = body[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(`${member} must be a string`);
  return value;
}

function requiredObject(body: Record<string, unknown>, member: string): Record<string, unknown> {
  const value = body[member];
  if (value === undefined || value === null) throw constraintError(lowerFirst(member), null, 'Member must not be null');
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`${member} must be an object`);
  return value as Record<string, unknown>;
}

function optionalInteger(body: Record<string, unknown>, member: string, path: string, min: number, max: number): number | undefined {
  const value = body[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw constraintError(path, value, `Member must have value between ${min} and ${max}`);
  return value;
}

function optionalTimestamp(body: Record<string, unknown>, member: string): number | undefined {
  const value = body[member];
  if (value === undefined || value === null) return undefined;
  // restJson1 timestamps are epoch seconds in JSON (https://smithy.io/2.0/aws/protocols/aws-restjson1-protocol.html#shape-serialization)
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(`${member} must be a timestamp (epoch seconds)`);
  return value * 1000;
}

/** A request's members, checked against the model's constraints (lengths, patterns, ranges, enums) and EventBridge Scheduler's rules. */
function scheduleFields(body: Record<string, unknown>): ScheduleFields {
  const expression = optionalString(body, 'ScheduleExpression');
  if (expression === undefined) throw constraintError('scheduleExpression', null, 'Member must not be null');
  constrained('scheduleExpression', expression, { min: 1, max: 256 });
  const timeZone = optionalString(body, 'ScheduleExpressionTimezone');
  if (timeZone !== undefined) {
    constrained('scheduleExpressionTimezone', timeZone, { min: 1, max: 50 });
    if (!isIanaZone(timeZone)) throw invalid(`Invalid timezone ${timeZone}: use a name of the IANA time zone database, such as America/Chicago or UTC.`);
  }
  const at = oneTimeInstant(expression, timeZone ?? 'UTC');

  const window = requiredObject(body, 'FlexibleTimeWindow');
  const mode = oneOf('flexibleTimeWindow.mode', window.Mode, ['OFF', 'FLEXIBLE']);
  const maximumWindow = optionalInteger(window, 'MaximumWindowInMinutes', 'flexibleTimeWindow.maximumWindowInMinutes', 1, 1440);

  const target = requiredObject(body, 'Target');
  const arn = optionalString(target, 'Arn');
  if (arn === undefined) throw constraintError('target.arn', null, 'Member must not be null');
  constrained('target.arn', arn, { min: 1, max: 1600 });
  const roleArn = optionalString(target, 'RoleArn');
  if (roleArn === undefined) throw constraintError('target.roleArn', null, 'Member must not be null');
  constrained('target.roleArn', roleArn, { min: 1, max: 1600, pattern: ROLE_ARN_PATTERN });
  const input = optionalString(target, 'Input');
  if (input !== undefined) {
    // no maximum length is documented (https://docs.aws.amazon.com/scheduler/latest/APIReference/API_Target.html), only this
    constrained('target.input', input, { min: 1 });
    // "If you are configuring a templated Lambda ... target, the input must be a well-formed JSON" (same page);
    // checked with the context attributes filled in, so one may stand for a whole value
    if (arn.startsWith('arn:aws:lambda:') && !isJson(withContext(input, { scheduleArn: 'arn', scheduledTime: '2000-01-01T00:00:00Z', executionId: 'id', attempt: 1 }))) {
      throw invalid('Target.Input must be well-formed JSON for a Lambda target.');
    }
  }
  if (target.RetryPolicy !== undefined && target.RetryPolicy !== null) {
    const policy = requiredObject(target, 'RetryPolicy');
    optionalInteger(policy, 'MaximumEventAgeInSeconds', 'target.retryPolicy.maximumEventAgeInSeconds', 60, 86_400);
    optionalInteger(policy, 'MaximumRetryAttempts', 'target.retryPolicy.maximumRetryAttempts', 0, 185);
  }
  if (target.DeadLetterConfig !== undefined && target.DeadLetterConfig !== null) {
    const deadLetterArn = optionalString(requiredObject(target, 'DeadLetterConfig'), 'Arn');
    if (deadLetterArn !== undefined) constrained('target.deadLetterConfig.arn', deadLetterArn, { min: 1, max: 1600, pattern: SQS_ARN_PATTERN });
  }

  const description = optionalString(body, 'Description');
  if (description !== undefined) constrained('description', description, { max: 512 });
  const kmsKeyArn = optionalString(body, 'KmsKeyArn');
  if (kmsKeyArn !== undefined) constrained('kmsKeyArn', kmsKeyArn, { min: 1, max: 2048, pattern: KMS_ARN_PATTERN });
  const clientToken = optionalString(body, 'ClientToken');
  if (clientToken !== undefined) constrained('clientToken', clientToken, { min: 1, max: 64, pattern: CLIENT_TOKEN_PATTERN });
  const state = body.State === undefined || body.State === null ? 'ENABLED' : oneOf('state', body.State, ['ENABLED', 'DISABLED']);
  const actionAfterCompletion =
    body.ActionAfterCompletion === undefined || body.ActionAfterCompletion === null ? 'NONE' : oneOf('actionAfterCompletion', body.ActionAfterCompletion, ['NONE', 'DELETE']);

  return {
    expression,
    timeZone,
    at,
    state,
    description,
    // ignored for one-time schedules (API_CreateSchedule, StartDate and EndDate), kept for GetSchedule
    startDate: optionalTimestamp(body, 'StartDate'),
    endDate: optionalTimestamp(body, 'EndDate'),
    kmsKeyArn,
    target: target as TargetInput,
    flexibleTimeWindow: { Mode: mode, ...(maximumWindow === undefined ? {} : { MaximumWindowInMinutes: maximumWindow }) },
    actionAfterCompletion,
  };
}

/**
 * The instant an `at(...)` expression names, read in `timeZone`. A time already past is accepted and runs at
 * the next check: the documentation does not say what the service does with one. A wall-clock time that does
 * not exist (clocks turned forward) is read an hour later, and one that happens twice as its first pass; the
 * documentation describes daylight saving for recurring schedules only (schedule-types.html#daylist-savings-time).
 * Recurring expressions are read, then refused: the local stand-in runs one-time schedules only.
 */
function oneTimeInstant(expression: string, timeZone: string): number {
  const at = AT_EXPRESSION.exec(expression);
  if (at) {
    const [year, month, day, hour, minute, second] = at.slice(1).map(Number) as [number, number, number, number, number, number];
    const valid = month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate() && hour <= 23 && minute <= 59 && second <= 59;
    if (!valid) throw invalid(`Invalid Schedule Expression ${expression}: not a date and time (at(yyyy-mm-ddThh:mm:ss)).`);
    return zonedInstant({ year, month, day, hour, minute, second }, timeZone);
  }
  let recurring = false;
  if (RATE_EXPRESSION.test(expression)) recurring = true;
  else if (/^cron\(.*\)$/.test(expression)) {
    try {
      parseCron(expression);
      recurring = true;
    } catch (error) {
      throw invalid(`Invalid Schedule Expression: ${(error as Error).message}`);
    }
  }
  if (recurring) {
    throw invalid(
      `The local scheduler runs one-time schedules only (at(yyyy-mm-ddThh:mm:ss)), not ${expression}: recurring jobs are the jobs table's schedule rows (lambdas/jobs.ts), which the local jobs runner runs.`,
    );
  }
  throw invalid(`Invalid Schedule Expression ${expression}: use at(yyyy-mm-ddThh:mm:ss), rate(value unit) or cron(fields).`);
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The instant a wall-clock time shows in `timeZone`: the earliest whose clock reads it, else (a gap) past the gap. */
function zonedInstant(w: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // the zone's offsets a day either side bracket any change of offset near this time
  const candidates = [offsetMs(asUtc - DAY_MS, timeZone), offsetMs(asUtc + DAY_MS, timeZone)].map((offset) => asUtc - offset).sort((a, b) => a - b);
  const reads = (t: number) => {
    const c = wallClock(new Date(t), timeZone);
    return c.year === w.year && c.month === w.month && c.day === w.day && c.hour === w.hour && c.minute === w.minute;
  };
  return candidates.find(reads) ?? asUtc - offsetMs(asUtc - DAY_MS, timeZone);
}

/** How far `timeZone` is ahead of UTC at `at`, in ms (whole minutes, as time zones now are). */
function offsetMs(at: number, timeZone: string): number {
  const c = wallClock(new Date(at), timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute) - Math.floor(at / 60_000) * 60_000;
}

/** IANA names only (not offsets such as +05:00, which newer engines also accept). */
function isIanaZone(timeZone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

interface Context {
  scheduleArn: string;
  scheduledTime: string;
  executionId: string;
  attempt: number;
}

/** https://docs.aws.amazon.com/scheduler/latest/UserGuide/managing-schedule-context-attributes.html */
function withContext(input: string, c: Context): string {
  return input
    .replaceAll('<aws.scheduler.schedule-arn>', c.scheduleArn)
    .replaceAll('<aws.scheduler.scheduled-time>', c.scheduledTime)
    .replaceAll('<aws.scheduler.execution-id>', c.executionId)
    .replaceAll('<aws.scheduler.attempt-number>', String(c.attempt));
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** As the context attribute shows it: 2022-03-22T18:59:43Z (no milliseconds). */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** Each attempt's id, like the documented d32c5kddcf5bb8c3. */
const executionId = () => randomUUID().replaceAll('-', '').slice(0, 16);
const epochSeconds = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const read = await readJsonObject(req, MAX_BODY_BYTES, '{"ScheduleExpression": "at(2026-03-08T08:30:00)", ...}');
  if (read instanceof Error) throw invalid(read.message);
  return read;
}

function answer(res: ServerResponse, body: unknown): true {
  return sendJson(res, 200, body, { 'x-amzn-requestid': randomUUID() });
}

/** The status, `x-amzn-errortype` and `{"Message"}`: what the SDK turns into an error of that name. */
function refuse(res: ServerResponse, error: ApiError): true {
  return sendJson(res, error.status, { Message: error.message }, { 'x-amzn-errortype': error.type, 'x-amzn-requestid': randomUUID() });
}
