/**
 * The local stand-in for EventBridge Scheduler (queue rows' messages are delivered by lib/local/local-queue.ts,
 * which loads handlers the same way): the same jobs table, the same handler modules imported in-process
 * as the gateway imports route handlers.
 *  - Scheduling (npm start): at every minute boundary, each schedule row whose cron matches that
 *    minute in its time zone runs with `{"now": "<that minute>"}`, as the cloud passes its scheduled
 *    time. A run still going when its next minute comes is not doubled; a failure is logged.
 *  - `POST /local/jobs/{id}/run` with `{"now": "<ISO time>"}` (now optional) runs one job as of that
 *    time and answers its result; runs of one job wait for each other.
 * Unlike the cloud, scheduled runs have no retries, no dead-letter queue and exactly one delivery.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jobs as JOBS, SCHOOL_TIME_ZONE, type JobDef } from '../../lambdas/jobs.js';
import type { JobEvent } from '../../lambdas/schedule/job.js';
import { parseRunTime } from '../../lambdas/schedule/run-time.js';
import { cronMatches, nextRun, parseCron, wallClock } from './cron.js';
import { LAMBDAS_DIR } from './paths.js';
import { readJsonObject, safeDecode, sendJson } from './http-json.js';

export type JobHandler = (event: JobEvent) => Promise<unknown>;

export interface JobsRunnerOptions {
  /** Defaults to THE jobs table; a parameter so tests can run made-up rows. */
  readonly jobs?: readonly JobDef[];
  /** Defaults to importing the row's handler module from lambdas/. */
  readonly loadHandler?: (job: JobDef) => Promise<JobHandler>;
  readonly log?: (message: string) => void;
}

export interface JobsRunner {
  /** Runs a job as of `at` (without it, the real clock), after any run of it still in progress. */
  run(id: string, at?: Date): Promise<unknown>;
  /** The schedule rows that fire in the minute containing `minute`. */
  dueAt(minute: Date): JobDef[];
  /** Starts every job due at `minute` that is not already running; resolves when those runs end. */
  tick(minute: Date): Promise<void>;
  /** Calls `tick` at every minute boundary of the real clock until `stop`. */
  startScheduling(): void;
  /** Stops scheduling and waits for runs in progress. */
  stop(): Promise<void>;
  /** The gateway mount for `POST /local/jobs/{id}/run`. */
  mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export class UnknownJobError extends Error {}

export const JOBS_PREFIX = '/local/jobs/';
const MINUTE_MS = 60_000;
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Each row's handler, loaded once (as a warm Lambda keeps its module); a module that failed to load is
 * loaded again next time, so one fixed on disk is picked up.
 */
export function handlerCache(load: (job: JobDef) => Promise<JobHandler>): (job: JobDef) => Promise<JobHandler> {
  const handlers = new Map<string, Promise<JobHandler>>();
  return (job) => {
    let loaded = handlers.get(job.id);
    if (!loaded) {
      loaded = load(job);
      loaded.catch(() => handlers.delete(job.id));
      handlers.set(job.id, loaded);
    }
    return loaded;
  };
}

/** A row's handler, imported from lambdas/ as the CDK bundles it. */
export function importJobHandler(job: JobDef): Promise<JobHandler> {
  return import(pathToFileURL(path.join(LAMBDAS_DIR, job.handler)).href).then((m: { handler: JobHandler }) => m.handler);
}

export function createJobsRunner(opts: JobsRunnerOptions = {}): JobsRunner {
  const table: readonly JobDef[] = opts.jobs ?? JOBS;
  const log = opts.log ?? (() => {});
  const load = opts.loadHandler ?? importJobHandler;
  // parsed once, so a bad cron or time zone stops the start instead of failing every minute
  const schedules = table.flatMap((job) => {
    const { trigger } = job;
    return 'schedule' in trigger ? [{ job, cron: parseCron(trigger.schedule), timeZone: trigger.timeZone ?? SCHOOL_TIME_ZONE }] : [];
  });
  for (const s of schedules) wallClock(new Date(), s.timeZone);

  const running = new Map<string, Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let lastTick = -Infinity;

  const handlerOf = handlerCache(load);

  function run(id: string, at?: Date): Promise<unknown> {
    const job = table.find((j) => j.id === id);
    if (!job) return Promise.reject(new UnknownJobError(`Unknown job ${id}; jobs: ${table.map((j) => j.id).join(', ')}`));
    const previous = running.get(id) ?? Promise.resolve();
    const current = previous.then(noop, noop).then(async () => (await handlerOf(job))(at ? { now: at.toISOString() } : {}));
    running.set(id, current);
    const release = () => {
      if (running.get(id) === current) running.delete(id);
    };
    current.then(release, release);
    return current;
  }

  function dueAt(minute: Date): JobDef[] {
    return schedules.filter((s) => cronMatches(s.cron, minute, s.timeZone)).map((s) => s.job);
  }

  async function tick(minute: Date): Promise<void> {
    const at = new Date(Math.floor(minute.getTime() / MINUTE_MS) * MINUTE_MS);
    const started = dueAt(at).flatMap((job) => {
      if (running.has(job.id)) {
        log(`job ${job.id}: still running, the ${at.toISOString()} run is skipped`);
        return [];
      }
      return [
        run(job.id, at).then(
          (result) => log(`job ${job.id} as of ${at.toISOString()}: ${JSON.stringify(result) ?? 'done'}`),
          (error: Error) => log(`job ${job.id} as of ${at.toISOString()} failed: ${error.stack ?? error.message}`),
        ),
      ];
    });
    await Promise.all(started);
  }

  function startScheduling(): void {
    if (timer) return;
    const scheduleNext = () => {
      // never the same minute twice, even if a timer fires a millisecond early
      const next = Math.max(Math.floor(Date.now() / MINUTE_MS) + 1, lastTick / MINUTE_MS + 1) * MINUTE_MS;
      timer = setTimeout(() => {
        lastTick = next;
        void tick(new Date(next));
        scheduleNext();
      }, next - Date.now());
      timer.unref(); // the gateway keeps the process alive, not the schedule
    };
    scheduleNext();
    for (const s of schedules) {
      log(`job ${s.job.id}: ${s.cron.expression} (${s.timeZone}), next run ${nextRun(s.cron, new Date(), s.timeZone)?.toISOString() ?? 'never'}`);
    }
  }

  async function stop(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    await Promise.allSettled([...running.values()]);
  }

  async function mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith(JOBS_PREFIX)) return false;
    const match = /^\/local\/jobs\/([^/]+)\/run\/?$/.exec(url.pathname);
    if (!match) return sendJson(res, 404, { error: 'Not found: the jobs runner answers POST /local/jobs/{id}/run' });
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'Method not allowed: use POST' }, { allow: 'POST' });
    const id = safeDecode(match[1]);
    if (!table.some((j) => j.id === id)) {
      return sendJson(res, 404, { error: `Unknown job ${id}; jobs: ${table.map((j) => j.id).join(', ')}` });
    }
    const body = await readJsonObject(req, MAX_BODY_BYTES, '{"now": "2026-03-08T08:30:00Z"}');
    if (body instanceof Error) return sendJson(res, 400, { error: body.message });
    let at: Date | undefined;
    try {
      at = body.now === undefined ? undefined : parseRunTime('now', body.now);
    } catch (error) {
      return sendJson(res, 400, { error: (error as Error).message });
    }
    try {
      return sendJson(res, 200, (await run(id, at)) ?? null);
    } catch (error) {
      log(`job ${id} failed: ${(error as Error).stack ?? String(error)}`);
      return sendJson(res, 500, { error: (error as Error).message ?? String(error) });
    }
  }

  return { run, dueAt, tick, startScheduling, stop, mount };
}

function noop(): void {}
