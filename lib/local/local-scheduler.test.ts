/**
 * The EventBridge Scheduler stand-in as producers meet it: the real SchedulerClient against the mount on an
 * ephemeral server, a made-up job row whose handler records its events. Each refusal is checked by the
 * error the SDK raises (its name, message and status), each run by what the handler got.
 */
import './quiet-node-version-warning.js';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  ValidationException,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobDef } from '../../lambdas/jobs.js';
import type { JobEvent } from '../../lambdas/schedule/job.js';
import { FIXTURE_HANDLER } from '../../test/support/fixture-handler.js';
import { LOCAL_REGION } from './endpoints.js';
import {
  createLocalScheduler,
  LOCAL_MAX_ATTEMPTS,
  localFunctionArn,
  localSchedulerRoleArn,
  SCHEDULER_PREFIX,
  type LocalScheduler,
  type LocalSchedulerOptions,
} from './local-scheduler.js';

const JOB = 'test-reminders';
const row: JobDef = { id: JOB, description: 'test', handler: FIXTURE_HANDLER, trigger: { schedule: 'cron(5 * * * ? *)' }, grants: [], timeoutSeconds: 60 };
const GROUP = 'portal-test';
const AT = 'at(2030-01-01T12:00:00)';
const AT_UTC = '2030-01-01T12:00:00Z';
const CREATED = new Date('2029-12-31T08:00:00.000Z');

const schedule = (Name: string, over: Partial<CreateScheduleCommandInput> = {}): CreateScheduleCommandInput => ({
  Name,
  GroupName: GROUP,
  ScheduleExpression: AT,
  ScheduleExpressionTimezone: 'UTC',
  FlexibleTimeWindow: { Mode: 'OFF' },
  ActionAfterCompletion: 'DELETE',
  Target: { Arn: localFunctionArn(JOB), RoleArn: localSchedulerRoleArn(JOB), Input: JSON.stringify({ scheduledTime: '<aws.scheduler.scheduled-time>' }) },
  ...over,
});

interface Served {
  scheduler: LocalScheduler;
  client: SchedulerClient;
  /** The events the job's handler got, in order. */
  calls: JobEvent[];
  base: string;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The scheduler's mount on an ephemeral server, a real SchedulerClient pointed at it, and a recording handler. */
async function serve(opts: Partial<LocalSchedulerOptions> & { handler?: (event: JobEvent) => Promise<unknown> } = {}): Promise<Served> {
  const calls: JobEvent[] = [];
  const { handler, ...rest } = opts;
  const scheduler = createLocalScheduler({
    jobs: [row],
    groups: [GROUP],
    now: () => CREATED,
    retryDelayMs: () => 5,
    loadHandler: async () => async (event) => {
      calls.push(event);
      return handler?.(event);
    },
    ...rest,
  });
  const server = http.createServer((req, res) => void scheduler.mount(req, res, new URL(req.url!, 'http://x')).then((done) => done || res.writeHead(418).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new SchedulerClient({
    endpoint: `${base}${SCHEDULER_PREFIX}`,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' },
    maxAttempts: 1,
  });
  cleanups.push(async () => {
    client.destroy();
    await scheduler.stop();
    await new Promise((resolve) => server.close(resolve));
  });
  return { scheduler, client, calls, base };
}

describe('local scheduler (EventBridge Scheduler one-time schedules that start a job)', () => {
  it('creates a schedule the SDK reads back, fires it once at its time with the scheduled time, then deletes it (DELETE)', async () => {
    const { scheduler, client, calls } = await serve();
    const input = schedule('reminder-1', {
      Description: 'remind',
      Target: {
        Arn: localFunctionArn(JOB),
        RoleArn: localSchedulerRoleArn(JOB),
        Input: JSON.stringify({ scheduledTime: '<aws.scheduler.scheduled-time>' }),
        RetryPolicy: { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 5 },
        DeadLetterConfig: { Arn: 'arn:aws:sqs:us-east-1:000000000000:portal-local-dlq' },
      },
    });
    const created = await client.send(new CreateScheduleCommand(input));
    expect(created.ScheduleArn).toBe(`arn:aws:scheduler:${LOCAL_REGION}:000000000000:schedule/${GROUP}/reminder-1`);

    const got = await client.send(new GetScheduleCommand({ Name: 'reminder-1', GroupName: GROUP }));
    expect(got).toMatchObject({
      Arn: created.ScheduleArn,
      Name: 'reminder-1',
      GroupName: GROUP,
      ScheduleExpression: AT,
      ScheduleExpressionTimezone: 'UTC',
      Description: 'remind',
      State: 'ENABLED',
      ActionAfterCompletion: 'DELETE',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: input.Target,
    });
    expect(got.CreationDate).toBeInstanceOf(Date);
    expect(got.CreationDate?.toISOString()).toBe(CREATED.toISOString());
    expect(scheduler.list()).toEqual([
      { name: 'reminder-1', groupName: GROUP, expression: AT, state: 'ENABLED', target: { arn: localFunctionArn(JOB), input: input.Target!.Input } },
    ]);

    expect(await scheduler.runDue(new Date('2030-01-01T11:59:59.999Z'))).toEqual([]);
    expect(calls).toEqual([]);

    expect(await scheduler.runDue(new Date(AT_UTC))).toEqual([{ name: 'reminder-1', groupName: GROUP, jobId: JOB, scheduledTime: AT_UTC, outcome: 'invoked' }]);
    expect(calls).toEqual([{ scheduledTime: AT_UTC }]);

    await expect(client.send(new GetScheduleCommand({ Name: 'reminder-1', GroupName: GROUP }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    expect(scheduler.list()).toEqual([]);
    expect(await scheduler.runDue(new Date('2030-01-02T00:00:00Z'))).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(scheduler.deadLetters()).toEqual([]);
  });

  it('keeps a schedule with ActionAfterCompletion NONE after its run, and runs it once even when checks overlap', async () => {
    const { scheduler, client, calls } = await serve();
    await client.send(new CreateScheduleCommand(schedule('kept', { GroupName: undefined, ActionAfterCompletion: 'NONE' })));
    const due = new Date('2030-01-01T12:00:30Z');
    const [first, second] = await Promise.all([scheduler.runDue(due), scheduler.runDue(due)]);
    expect([...first!, ...second!]).toEqual([{ name: 'kept', groupName: 'default', jobId: JOB, scheduledTime: AT_UTC, outcome: 'invoked' }]);
    expect(await scheduler.runDue(new Date('2030-01-02T00:00:00Z'))).toEqual([]);
    expect(calls).toHaveLength(1);
    // no GroupName: the default group, as the service reads it
    await expect(client.send(new GetScheduleCommand({ Name: 'kept' }))).resolves.toMatchObject({ GroupName: 'default', ActionAfterCompletion: 'NONE', State: 'ENABLED' });
  });

  it('refuses a second schedule of the same name in a group (ConflictException), whatever its client token', async () => {
    const { client } = await serve();
    await client.send(new CreateScheduleCommand(schedule('twice', { ClientToken: 'token-1' })));
    const again = client.send(new CreateScheduleCommand(schedule('twice', { ClientToken: 'token-1' })));
    await expect(again).rejects.toBeInstanceOf(ConflictException);
    await expect(again).rejects.toMatchObject({ name: 'ConflictException', message: 'Schedule twice already exists.', $metadata: { httpStatusCode: 409 } });
    // names are per group
    await expect(client.send(new CreateScheduleCommand(schedule('twice', { GroupName: 'default' })))).resolves.toMatchObject({
      ScheduleArn: expect.stringMatching(/:schedule\/default\/twice$/),
    });
  });

  it('answers ResourceNotFoundException for an unknown group or schedule', async () => {
    const { client } = await serve();
    await expect(client.send(new CreateScheduleCommand(schedule('lost', { GroupName: 'no-such-group' })))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Schedule group no-such-group does not exist.',
      $metadata: { httpStatusCode: 404 },
    });
    await expect(client.send(new GetScheduleCommand({ Name: 'lost', GroupName: 'no-such-group' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(client.send(new DeleteScheduleCommand({ Name: 'never-made', GroupName: GROUP }))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Schedule never-made does not exist.',
    });
    await client.send(new CreateScheduleCommand(schedule('made')));
    await expect(client.send(new DeleteScheduleCommand({ Name: 'made', GroupName: GROUP }))).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    await expect(client.send(new GetScheduleCommand({ Name: 'made', GroupName: GROUP }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it.each([
    ['a name outside [0-9a-zA-Z-_.]', schedule('bad name!'), /at 'name' failed to satisfy constraint: Member must satisfy regular expression pattern/],
    ['a name of 65 characters', schedule('n'.repeat(65)), /at 'name' failed to satisfy constraint: Member must have length less than or equal to 64/],
    ['an at() date that does not exist', schedule('s', { ScheduleExpression: 'at(2030-02-30T12:00:00)' }), /Invalid Schedule Expression at\(2030-02-30T12:00:00\)/],
    ['an at() without seconds', schedule('s', { ScheduleExpression: 'at(2030-01-01T12:00)' }), /Invalid Schedule Expression/],
    ['a rate expression', schedule('s', { ScheduleExpression: 'rate(5 minutes)' }), /runs one-time schedules only .* not rate\(5 minutes\)/],
    ['a cron expression', schedule('s', { ScheduleExpression: 'cron(0 12 * * ? *)' }), /runs one-time schedules only .* not cron\(0 12 \* \* \? \*\)/],
    ['a malformed cron expression', schedule('s', { ScheduleExpression: 'cron(0 12 * *)' }), /^Invalid Schedule Expression: cron\(0 12 \* \*\): a cron expression has 6 fields/],
    ['an unknown time zone', schedule('s', { ScheduleExpressionTimezone: 'Mars/Olympus_Mons' }), /Invalid timezone Mars\/Olympus_Mons/],
    ['no target', schedule('s', { Target: undefined }), /at 'target' failed to satisfy constraint: Member must not be null/],
    ['a target without a role', schedule('s', { Target: { Arn: localFunctionArn(JOB) } as never }), /at 'target.roleArn' failed to satisfy constraint: Member must not be null/],
    ['no flexible time window', schedule('s', { FlexibleTimeWindow: undefined }), /at 'flexibleTimeWindow' failed to satisfy constraint: Member must not be null/],
    [
      'an unknown window mode',
      schedule('s', { FlexibleTimeWindow: { Mode: 'SOMETIMES' as never } }),
      /at 'flexibleTimeWindow.mode' failed to satisfy constraint: Member must satisfy enum value set: \[OFF, FLEXIBLE\]/,
    ],
    [
      'more than 185 retries',
      schedule('s', { Target: { Arn: localFunctionArn(JOB), RoleArn: localSchedulerRoleArn(JOB), RetryPolicy: { MaximumRetryAttempts: 186 } } }),
      /at 'target.retryPolicy.maximumRetryAttempts' failed to satisfy constraint: Member must have value between 0 and 185/,
    ],
    ['a Lambda input that is not JSON', schedule('s', { Target: { Arn: localFunctionArn(JOB), RoleArn: localSchedulerRoleArn(JOB), Input: 'hello' } }), /must be well-formed JSON/],
    ['an unknown ActionAfterCompletion', schedule('s', { ActionAfterCompletion: 'ARCHIVE' as never }), /at 'actionAfterCompletion' failed to satisfy constraint/],
  ])('refuses %s (ValidationException)', async (_case, input, message) => {
    const { client, scheduler } = await serve();
    const sent = client.send(new CreateScheduleCommand(input));
    await expect(sent).rejects.toBeInstanceOf(ValidationException);
    await expect(sent).rejects.toMatchObject({ name: 'ValidationException', message: expect.stringMatching(message), $metadata: { httpStatusCode: 400 } });
    expect(scheduler.list()).toEqual([]);
  });

  it("reads at() in the schedule's time zone, daylight saving included", async () => {
    const { scheduler, client, calls } = await serve();
    const chicago = { ScheduleExpressionTimezone: 'America/Chicago' };
    await client.send(new CreateScheduleCommand(schedule('summer', { ...chicago, ScheduleExpression: 'at(2030-07-01T07:00:00)' }))); // CDT, UTC-5
    await client.send(new CreateScheduleCommand(schedule('winter', { ...chicago, ScheduleExpression: 'at(2030-01-15T07:00:00)' }))); // CST, UTC-6
    await expect(client.send(new GetScheduleCommand({ Name: 'summer', GroupName: GROUP }))).resolves.toMatchObject({ ScheduleExpressionTimezone: 'America/Chicago' });

    expect(await scheduler.runDue(new Date('2030-01-15T12:59:59Z'))).toEqual([]);
    expect((await scheduler.runDue(new Date('2030-01-15T13:00:00Z'))).map((f) => [f.name, f.scheduledTime])).toEqual([['winter', '2030-01-15T13:00:00Z']]);
    expect(await scheduler.runDue(new Date('2030-07-01T11:59:59Z'))).toEqual([]);
    expect((await scheduler.runDue(new Date('2030-07-01T12:00:00Z'))).map((f) => [f.name, f.scheduledTime])).toEqual([['summer', '2030-07-01T12:00:00Z']]);
    expect(calls).toEqual([{ scheduledTime: '2030-01-15T13:00:00Z' }, { scheduledTime: '2030-07-01T12:00:00Z' }]);

    // 02:30 on 10 March 2030 does not exist in Chicago (clocks go 02:00 CST -> 03:00 CDT): read as 03:30 CDT
    await client.send(new CreateScheduleCommand(schedule('gap', { ...chicago, ScheduleExpression: 'at(2030-03-10T02:30:00)' })));
    expect(await scheduler.runDue(new Date('2030-03-10T08:29:59Z'))).toEqual([]);
    expect((await scheduler.runDue(new Date('2030-03-10T08:30:00Z'))).map((f) => f.name)).toEqual(['gap']);
  });

  it('fills in the context attributes, retries a failing run per the retry policy, then dead-letters it (and deletes it: DELETE)', async () => {
    const { scheduler, client, calls } = await serve({
      handler: async () => {
        throw new Error('boom');
      },
    });
    const Input = JSON.stringify({
      scheduledTime: '<aws.scheduler.scheduled-time>',
      arn: '<aws.scheduler.schedule-arn>',
      execution: '<aws.scheduler.execution-id>',
      attempt: '<aws.scheduler.attempt-number>',
    });
    const created = await client.send(
      new CreateScheduleCommand(
        schedule('flaky', { Target: { Arn: localFunctionArn(JOB), RoleArn: localSchedulerRoleArn(JOB), Input, RetryPolicy: { MaximumRetryAttempts: 2 } } }),
      ),
    );
    const fired = await scheduler.runDue(new Date(AT_UTC));
    expect(fired).toEqual([{ name: 'flaky', groupName: GROUP, jobId: JOB, scheduledTime: AT_UTC, outcome: 'failed', error: 'boom' }]);
    const events = calls as unknown as Array<{ scheduledTime: string; arn: string; execution: string; attempt: string }>;
    expect(events.map((e) => e.attempt)).toEqual(['1', '2', '3']);
    expect(events.every((e) => e.scheduledTime === AT_UTC && e.arn === created.ScheduleArn && /^[0-9a-f]{16}$/.test(e.execution))).toBe(true);
    expect(new Set(events.map((e) => e.execution)).size).toBe(3);
    expect(scheduler.deadLetters()).toEqual(fired);
    await expect(client.send(new GetScheduleCommand({ Name: 'flaky', GroupName: GROUP }))).rejects.toBeInstanceOf(ResourceNotFoundException);

    // without a retry policy the service retries 185 times; locally the attempts stop at LOCAL_MAX_ATTEMPTS
    calls.length = 0;
    await client.send(new CreateScheduleCommand(schedule('flaky-default')));
    await scheduler.runDue(new Date(AT_UTC));
    expect(calls).toHaveLength(LOCAL_MAX_ATTEMPTS);
    expect(scheduler.deadLetters().map((d) => d.name)).toEqual(['flaky', 'flaky-default']);
  });

  it('dead-letters a run whose target is not a job function or whose role may not invoke it, without retrying', async () => {
    const { scheduler, client, calls } = await serve();
    await client.send(
      new CreateScheduleCommand(
        schedule('elsewhere', { Target: { Arn: 'arn:aws:lambda:us-east-1:000000000000:function:someone-else', RoleArn: localSchedulerRoleArn(JOB), Input: '{}' } }),
      ),
    );
    await client.send(new CreateScheduleCommand(schedule('wrong-role', { Target: { Arn: localFunctionArn(JOB), RoleArn: localSchedulerRoleArn('another-job'), Input: '{}' } })));
    const fired = await scheduler.runDue(new Date(AT_UTC));
    expect(fired).toEqual([
      expect.objectContaining({
        name: 'elsewhere',
        jobId: '',
        outcome: 'failed',
        error: expect.stringMatching(/is not a local job function; the targets are .*portal-local-test-reminders/),
      }),
      expect.objectContaining({
        name: 'wrong-role',
        jobId: JOB,
        outcome: 'failed',
        error: expect.stringMatching(/^AccessDenied: .*portal-local-scheduler-another-job may not invoke/),
      }),
    ]);
    expect(calls).toEqual([]);
    expect(scheduler.deadLetters()).toHaveLength(2);
  });

  it('never fires a DISABLED schedule, and fires one created with a time already past at the next check', async () => {
    const { scheduler, client, calls } = await serve();
    await client.send(new CreateScheduleCommand(schedule('off', { State: 'DISABLED' })));
    await client.send(new CreateScheduleCommand(schedule('late', { ScheduleExpression: 'at(2020-01-01T00:00:00)' })));
    expect((await scheduler.runDue(new Date('2031-01-01T00:00:00Z'))).map((f) => f.name)).toEqual(['late']);
    expect(calls).toEqual([{ scheduledTime: '2020-01-01T00:00:00Z' }]);
    await expect(client.send(new GetScheduleCommand({ Name: 'off', GroupName: GROUP }))).resolves.toMatchObject({ State: 'DISABLED' });
  });

  it('moves a schedule with UpdateSchedule and lists schedules by group, prefix and page', async () => {
    const { scheduler, client, calls } = await serve();
    await client.send(new CreateScheduleCommand(schedule('a-1')));
    await client.send(new CreateScheduleCommand(schedule('a-2')));
    await client.send(new CreateScheduleCommand(schedule('b-1', { GroupName: 'default' })));
    await client.send(new UpdateScheduleCommand({ ...schedule('a-1'), ScheduleExpression: 'at(2030-01-01T13:00:00)', ActionAfterCompletion: undefined }));
    await expect(client.send(new GetScheduleCommand({ Name: 'a-1', GroupName: GROUP }))).resolves.toMatchObject({
      ScheduleExpression: 'at(2030-01-01T13:00:00)',
      // an omitted optional member takes its default on update
      ActionAfterCompletion: 'NONE',
    });
    await expect(client.send(new UpdateScheduleCommand(schedule('missing')))).rejects.toBeInstanceOf(ResourceNotFoundException);

    const page1 = await client.send(new ListSchedulesCommand({ GroupName: GROUP, NamePrefix: 'a-', MaxResults: 1 }));
    expect(page1.Schedules?.map((s) => [s.Name, s.GroupName, s.State, s.Target?.Arn])).toEqual([['a-1', GROUP, 'ENABLED', localFunctionArn(JOB)]]);
    expect(page1.Schedules?.[0]?.CreationDate).toBeInstanceOf(Date);
    const page2 = await client.send(new ListSchedulesCommand({ GroupName: GROUP, NamePrefix: 'a-', MaxResults: 1, NextToken: page1.NextToken }));
    expect(page2.Schedules?.map((s) => s.Name)).toEqual(['a-2']);
    expect(page2.NextToken).toBeUndefined();
    expect((await client.send(new ListSchedulesCommand({}))).Schedules?.map((s) => `${s.GroupName}/${s.Name}`)).toEqual([`${GROUP}/a-1`, `${GROUP}/a-2`, 'default/b-1']);
    await expect(client.send(new ListSchedulesCommand({ GroupName: 'no-such-group' }))).rejects.toBeInstanceOf(ResourceNotFoundException);

    expect((await scheduler.runDue(new Date(AT_UTC))).map((f) => f.name).sort()).toEqual(['a-2', 'b-1']);
    expect((await scheduler.runDue(new Date('2030-01-01T13:00:00Z'))).map((f) => [f.name, f.scheduledTime])).toEqual([['a-1', '2030-01-01T13:00:00Z']]);
    expect(calls).toHaveLength(3);
  });

  it('start() fires a due schedule by the injected clock, once', async () => {
    let clock = new Date('2030-01-01T11:59:00Z');
    const { scheduler, client, calls } = await serve({ now: () => clock, pollMs: 5 });
    await client.send(new CreateScheduleCommand(schedule('polled')));
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    clock = new Date('2030-01-01T12:00:20Z');
    await vi.waitFor(() => expect(calls).toEqual([{ scheduledTime: AT_UTC }]), { timeout: 2_000, interval: 5 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
  });

  it('stop() waits for runs in flight', async () => {
    let finished = false;
    const { scheduler, client } = await serve({
      handler: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished = true;
      },
    });
    await client.send(new CreateScheduleCommand(schedule('slow')));
    const run = scheduler.runDue(new Date(AT_UTC));
    await scheduler.stop();
    expect(finished).toBe(true);
    expect(await run).toEqual([expect.objectContaining({ name: 'slow', outcome: 'invoked' })]);
    expect(await scheduler.runDue(new Date('2031-01-01T00:00:00Z'))).toEqual([]);
  });

  it('answers POST /local/scheduler/run-due, names unknown operations under its prefix, and leaves other paths', async () => {
    const { client, base, calls } = await serve();
    await client.send(new CreateScheduleCommand(schedule('via-http')));
    const post = (body: unknown) =>
      fetch(`${base}${SCHEDULER_PREFIX}/run-due`, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await post({ now: '2030-01-01T11:00:00Z' })).toEqual({ status: 200, body: { fired: [] } });
    expect(await post({ now: '2030-01-01T12:00:00Z' })).toEqual({
      status: 200,
      body: { fired: [{ name: 'via-http', groupName: GROUP, jobId: JOB, scheduledTime: AT_UTC, outcome: 'invoked' }] },
    });
    expect(calls).toHaveLength(1);
    expect(await post({ now: 'tomorrow' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^now: expected an ISO 8601 time/) } });

    const unknown = await fetch(`${base}${SCHEDULER_PREFIX}/schedule-groups/${GROUP}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-amzn-errortype')).toBe('UnknownOperationException');
    expect((await fetch(`${base}/local/schedulerx`)).status).toBe(418);
    expect((await fetch(`${base}/local/other`)).status).toBe(418);
  });
});
