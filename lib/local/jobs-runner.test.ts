import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobDef } from '../../lambdas/jobs.js';
import type { JobEvent } from '../../lambdas/schedule/job.js';
import { createJobsRunner, UnknownJobError, type JobHandler } from './jobs-runner.js';
import { FIXTURE_HANDLER } from '../../test/support/fixture-handler.js';
import { requestUrl } from './request-url.js';

/** Made-up rows: an hourly one in the school's zone, a nightly one in UTC, a queue row (never scheduled). */
const HOURLY: JobDef = { id: 'hourly', description: 'test', handler: 'unused.ts', trigger: { schedule: 'cron(15 * * * ? *)' }, grants: [], timeoutSeconds: 60 };
const NIGHTLY_UTC: JobDef = {
  id: 'nightly-utc',
  description: 'test',
  handler: 'unused.ts',
  trigger: { schedule: 'cron(30 2 * * ? *)', timeZone: 'UTC' },
  grants: [],
  timeoutSeconds: 60,
};
const QUEUED: JobDef = { id: 'queued', description: 'test', handler: 'unused.ts', trigger: { queue: 'work' }, grants: [], timeoutSeconds: 60 };
const TABLE = [HOURLY, NIGHTLY_UTC, QUEUED];

/** A runner whose handlers record their events and answer what `behaviour` says. */
function runnerWith(behaviour: (id: string, event: JobEvent) => Promise<unknown> = async (_id, event) => ({ ranAt: event.now ?? null })) {
  const calls: Array<{ id: string; event: JobEvent }> = [];
  const logs: string[] = [];
  const runner = createJobsRunner({
    jobs: TABLE,
    loadHandler:
      async (job): Promise<JobHandler> =>
      async (event) => {
        calls.push({ id: job.id, event });
        return behaviour(job.id, event);
      },
    log: (m) => logs.push(m),
  });
  return { runner, calls, logs };
}

function deferred() {
  let resolve!: (value: unknown) => void;
  const promise = new Promise<unknown>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('due jobs', () => {
  it('are the schedule rows whose cron matches the minute in their time zone', () => {
    const { runner } = runnerWith();
    expect(runner.dueAt(new Date('2026-01-15T08:15:00Z')).map((j) => j.id)).toEqual(['hourly']);
    expect(runner.dueAt(new Date('2026-01-15T08:15:59Z')).map((j) => j.id)).toEqual(['hourly']);
    expect(runner.dueAt(new Date('2026-01-15T02:30:00Z')).map((j) => j.id)).toEqual(['nightly-utc']);
    expect(runner.dueAt(new Date('2026-01-15T08:16:00Z'))).toEqual([]);
  });

  it('refuses a table with a cron or time zone it cannot evaluate', () => {
    expect(() => createJobsRunner({ jobs: [{ ...HOURLY, trigger: { schedule: 'cron(0 0 L * ? *)' } }] })).toThrow(/not supported/);
    expect(() => createJobsRunner({ jobs: [{ ...HOURLY, trigger: { schedule: 'cron(15 * * * ? *)', timeZone: 'Nowhere/Land' } }] })).toThrow(RangeError);
  });
});

describe('tick', () => {
  it('runs each due job once with {now: <the minute>}', async () => {
    const { runner, calls, logs } = runnerWith();
    await runner.tick(new Date('2026-01-15T08:15:42.500Z'));
    expect(calls).toEqual([{ id: 'hourly', event: { now: '2026-01-15T08:15:00.000Z' } }]);
    expect(logs).toEqual(['job hourly as of 2026-01-15T08:15:00.000Z: {"ranAt":"2026-01-15T08:15:00.000Z"}']);
  });

  it('does not start a job again while its previous run is still going', async () => {
    const slow = deferred();
    const { runner, calls, logs } = runnerWith(async () => slow.promise);
    const first = runner.tick(new Date('2026-01-15T08:15:00Z'));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await runner.tick(new Date('2026-01-15T09:15:00Z'));
    expect(calls).toHaveLength(1);
    expect(logs).toContain('job hourly: still running, the 2026-01-15T09:15:00.000Z run is skipped');
    slow.resolve('done');
    await first;
    await runner.tick(new Date('2026-01-15T10:15:00Z'));
    expect(calls.map((c) => c.event.now)).toEqual(['2026-01-15T08:15:00.000Z', '2026-01-15T10:15:00.000Z']);
  });

  it('logs a failing job and keeps going', async () => {
    const { runner, calls, logs } = runnerWith(async () => {
      throw new Error('Stripe is down');
    });
    await expect(runner.tick(new Date('2026-01-15T08:15:00Z'))).resolves.toBeUndefined();
    expect(logs[0]).toMatch(/^job hourly as of 2026-01-15T08:15:00.000Z failed: Error: Stripe is down/);
    await runner.tick(new Date('2026-01-15T09:15:00Z'));
    expect(calls).toHaveLength(2);
  });
});

describe('run', () => {
  it('runs any row, queue rows included, as of the given time or the real clock', async () => {
    const { runner, calls } = runnerWith();
    await expect(runner.run('queued', new Date('2026-05-01T12:00:00Z'))).resolves.toEqual({ ranAt: '2026-05-01T12:00:00.000Z' });
    await expect(runner.run('hourly')).resolves.toEqual({ ranAt: null });
    expect(calls.map((c) => c.event)).toEqual([{ now: '2026-05-01T12:00:00.000Z' }, {}]);
  });

  it('runs one job at a time: a second run waits for the first', async () => {
    const gates = [deferred(), deferred()];
    const order: string[] = [];
    const { runner } = runnerWith(async (_id, event) => {
      order.push(`start ${event.now}`);
      await gates[order.filter((o) => o.startsWith('start')).length - 1]!.promise;
      order.push(`end ${event.now}`);
    });
    const a = runner.run('hourly', new Date('2026-01-01T00:00:00Z'));
    const b = runner.run('hourly', new Date('2026-01-02T00:00:00Z'));
    await vi.waitFor(() => expect(order).toEqual(['start 2026-01-01T00:00:00.000Z']));
    gates[0]!.resolve(null);
    await a;
    await vi.waitFor(() => expect(order).toHaveLength(3));
    gates[1]!.resolve(null);
    await b;
    expect(order).toEqual(['start 2026-01-01T00:00:00.000Z', 'end 2026-01-01T00:00:00.000Z', 'start 2026-01-02T00:00:00.000Z', 'end 2026-01-02T00:00:00.000Z']);
  });

  it('refuses an unknown job', async () => {
    await expect(runnerWith().runner.run('nope')).rejects.toBeInstanceOf(UnknownJobError);
  });

  it("imports the row's handler module from lambdas/ by default", async () => {
    const runner = createJobsRunner({ jobs: [{ ...QUEUED, handler: FIXTURE_HANDLER }] });
    await expect(runner.run('queued')).resolves.toMatchObject({ statusCode: 204 });
  });
});

describe('scheduling', () => {
  afterEach(() => vi.useRealTimers());

  it('fires at each minute boundary, each minute once, until stopped', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-15T08:13:30Z') });
    const { runner, calls } = runnerWith();
    runner.startScheduling();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000); // 08:15:00
    expect(calls.map((c) => c.event.now)).toEqual(['2026-01-15T08:15:00.000Z']);
    await vi.advanceTimersByTimeAsync(60 * 60_000); // to 09:15:00
    expect(calls.map((c) => c.event.now)).toEqual(['2026-01-15T08:15:00.000Z', '2026-01-15T09:15:00.000Z']);
    await runner.stop();
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(calls).toHaveLength(2);
  });
});

describe('POST /local/jobs/{id}/run', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const { runner } = runnerWith(async (id, event) => {
      if (id === 'nightly-utc') throw new Error('reconcile failed');
      return { id, now: event.now ?? 'real clock' };
    });
    server = http.createServer(async (req, res) => {
      if (await runner.mount(req, res, requestUrl(req)!)) return;
      res.writeHead(418);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (path: string, body?: string, method = 'POST') => {
    const res = await fetch(base + path, { method, body, headers: { 'content-type': 'application/json' } });
    return { status: res.status, body: res.status === 418 ? null : await res.json() };
  };

  it('runs the job as of the given time and answers its result', async () => {
    expect(await post('/local/jobs/hourly/run', '{"now":"2026-03-08T02:30:00-06:00"}')).toEqual({ status: 200, body: { id: 'hourly', now: '2026-03-08T08:30:00.000Z' } });
    expect(await post('/local/jobs/hourly/run/', '{"now":"2026-03-08T08:30:00Z"}')).toMatchObject({ status: 200 });
  });

  it('uses the real clock without a now (no body, or an empty object)', async () => {
    expect(await post('/local/jobs/queued/run')).toEqual({ status: 200, body: { id: 'queued', now: 'real clock' } });
    expect(await post('/local/jobs/queued/run', '{}')).toEqual({ status: 200, body: { id: 'queued', now: 'real clock' } });
  });

  it('answers 404 for an unknown job, 400 for a bad now or body, 500 with the message for a failing job', async () => {
    expect(await post('/local/jobs/nope/run', '{}')).toEqual({ status: 404, body: { error: 'Unknown job nope; jobs: hourly, nightly-utc, queued' } });
    const badNow = await post('/local/jobs/hourly/run', '{"now":"tomorrow"}');
    expect(badNow.status).toBe(400);
    expect(badNow.body.error).toMatch(/^now: expected an ISO 8601 time/);
    expect((await post('/local/jobs/hourly/run', '{"now":"2026-02-30T00:00:00Z"}')).status).toBe(400);
    expect((await post('/local/jobs/hourly/run', 'not json')).body.error).toMatch(/^body: /);
    expect((await post('/local/jobs/hourly/run', '["2026-01-01T00:00:00Z"]')).status).toBe(400);
    expect(await post('/local/jobs/nightly-utc/run', '{}')).toEqual({ status: 500, body: { error: 'reconcile failed' } });
  });

  it('answers only POST on the run path, and leaves other paths to other mounts', async () => {
    expect(await post('/local/jobs/hourly/run', undefined, 'GET')).toMatchObject({ status: 405 });
    expect(await post('/local/jobs/hourly', '{}')).toMatchObject({ status: 404 });
    expect(await post('/local/stripe/v1/charges/ch_1', '{}')).toEqual({ status: 418, body: null });
  });
});
