/**
 * A CSV import that finishes: POST /api/students/import/ answers 202 at once (held to its route's
 * timeout as the local gateway holds it), and the students-import-chunks job creates the students chunk by
 * chunk through the local queue (lib/local/local-queue.ts), on DynamoDB Local and cognito-local. Each row
 * is done once, whatever the deliveries: re-running a file creates nobody twice, a redelivered chunk
 * changes nothing, and a failing row is reported while the rest are created.
 *
 * This file runs its own local queue (PORTAL_LOCAL_QUEUE_URL pointed at it), so the times it reports are
 * its own imports' and not whatever other test files queue meanwhile.
 */
import { randomUUID } from 'node:crypto';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../../lambdas/contract/new-student.js';
import type { ImportDetail, ImportList } from '../../lambdas/contract/student-import.js';
import { chunkRows, toStoredRow } from '../../lambdas/domain/import-rows.js';
import { readImportFile } from '../../lambdas/domain/student-import.js';
import { routeById, routeTimeoutSeconds } from '../../lambdas/routes.js';
import { jobById } from '../../lambdas/jobs.js';
import { cohortKeys } from '../../lambdas/store/cohort.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { auditKeys } from '../../lambdas/store/audit.js';
import { studentKeys } from '../../lambdas/store/student.js';
import { createStudentAccount } from '../../lambdas/store/student-account.js';
import { claimRow, createImport } from '../../lambdas/store/student-import.js';
import type { ApiEvent } from '../../lambdas/http/types.js';
import { invoke as gatewayInvoke, type Handler } from '../../lib/local/invoke.js';
import { createLocalQueue, type LocalQueue } from '../../lib/local/local-queue.js';
import { randomCohort } from './support/cohorts.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createSignIn, uniqueName } from './support/fixtures.js';
import { emailsTo, waitFor } from './support/mail.js';
import { everyResult } from './support/pages.js';
import { handler as listNotices } from '../../lambdas/functions/notifications/list.js';

const JOB = 'students-import-chunks';
const admin: Caller = { username: uniqueName('import-admin'), roles: ['admin'] };
/** Another admin, a real sign-in with an address: the import's "finished" notice goes to it by email too. */
const notified: Caller = { username: uniqueName('import-notified'), roles: ['admin'] };
const NOTIFIED_EMAIL = `${notified.username}@staff.example.edu`;
const TEMP = 'Temp!pass123';
let cohortId: string;
let queue: LocalQueue;
let server: Server;
const savedQueueUrl = process.env.PORTAL_LOCAL_QUEUE_URL;

type Handlers = {
  start: Handler;
  get: Handler;
  list: Handler;
  consume: (event: { Records: unknown[] }) => Promise<{ chunks: Array<Record<string, number | string>> }>;
};
let h: Handlers;

beforeAll(async () => {
  queue = createLocalQueue({
    loadHandler: async () => (await import('../../lambdas/functions/jobs/import-student-chunks.js')).handler as never,
    retryDelayMs: () => 50,
  });
  server = http.createServer((req, res) => {
    void queue.mount(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // read by lambdas/store/queue.ts at its first send
  process.env.PORTAL_LOCAL_QUEUE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/local/queues/`;
  h = {
    start: (await import('../../lambdas/functions/students/import.js')).handler as unknown as Handler,
    get: (await import('../../lambdas/functions/students/import-get.js')).handler as unknown as Handler,
    list: (await import('../../lambdas/functions/students/imports-list.js')).handler as unknown as Handler,
    consume: (await import('../../lambdas/functions/jobs/import-student-chunks.js')).handler as never,
  };
  await createSignIn({ username: notified.username, password: TEMP, group: 'admin', email: NOTIFIED_EMAIL });
  cohortId = (await randomCohort(admin.username, { programName: 'Phlebotomy', firstYear: 5000, years: 4000 })).id;
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  await new Promise((resolve) => server?.close(resolve));
  if (savedQueueUrl === undefined) delete process.env.PORTAL_LOCAL_QUEUE_URL;
  else process.env.PORTAL_LOCAL_QUEUE_URL = savedQueueUrl;
});

const HEADER = IMPORT_COLUMNS.join(',');
const rowOf = (username: string, over: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>> = {}) => {
  const cells: Record<(typeof IMPORT_COLUMNS)[number], string> = {
    username,
    first_name: 'Ima',
    last_name: `Port-${username}`,
    email: `${username}@import.example.edu`,
    phone_number: '555-0100',
    program_type: 'certificate',
    program_name: 'Phlebotomy',
    cohort_id: cohortId,
    on_payment_plan: 'no',
    temporary_password: TEMP,
    ...over,
  };
  return IMPORT_COLUMNS.map((c) => cells[c]).join(',');
};
const csvOf = (rows: string[]) => [HEADER, ...rows].join('\n');

/** POST /api/students/import/ as the local gateway runs it: past the route's timeout it would be API Gateway's 500. */
async function startImport(csv: string, fileName = 'students.csv', caller = admin) {
  const route = routeById('students-import');
  const started = Date.now();
  const out = await gatewayInvoke(h.start, apiEvent('students-import', { caller, body: { csv, file_name: fileName } }) as ApiEvent, {
    functionName: route.id,
    timeoutSeconds: routeTimeoutSeconds(route),
    log: () => {},
  });
  const ms = Date.now() - started;
  if (out.kind !== 'result') throw new Error(`the import request did not answer within ${routeTimeoutSeconds(route)} s`);
  return { ms, status: out.result.statusCode, body: JSON.parse(String(out.result.body)) };
}

const detail = async (id: string, query?: Record<string, string>) =>
  invoke(h.get as never, apiEvent('students-import-get', { caller: admin, pathParameters: { id }, ...(query ? { query } : {}) }));

/** Every row of the report, page by page. */
async function allRows(id: string): Promise<ImportDetail['rows']> {
  const rows: ImportDetail['rows'] = [];
  let cursor: string | null = null;
  do {
    const res = await detail(id, { limit: '400', ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    rows.push(...(res.body as ImportDetail).rows);
    cursor = (res.body as ImportDetail).next;
  } while (cursor);
  return rows;
}

async function count(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<number> {
  let total = 0;
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: startKey }));
    total += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return total;
}
const createdByAdmin = () =>
  count({
    TableName: TABLE_NAME,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: '#action = :create',
    ExpressionAttributeNames: { '#action': 'action' },
    ExpressionAttributeValues: { ':pk': auditKeys.byActor(admin.username), ':create': 'student.create' },
  });
const cohortCount = async () => Number((await db.send(new GetCommand({ TableName: TABLE_NAME, Key: cohortKeys.cohort(cohortId) }))).Item?.studentCount ?? 0);
const sqsEvent = (body: unknown, receiveCount = 1) => ({
  Records: [{ messageId: randomUUID(), body: JSON.stringify(body), attributes: { ApproximateReceiveCount: String(receiveCount) }, eventSource: 'aws:sqs' }],
});

describe('CSV import as a job', () => {
  const tag = randomUUID().slice(0, 6);
  // made once the cohort exists
  let big: string;
  let firstId: string;

  // first: the 1,000 welcomes of the next test queue ahead of any later notice
  it('tells the admin who started it that it finished: in the portal, and by email at their sign-in address', async () => {
    // its own cohort: the tests below count the students of theirs
    const own = await randomCohort(notified.username, { programName: 'Phlebotomy', firstYear: 3000, years: 1000 });
    const res = await startImport(csvOf([rowOf(`first${tag}`, { cohort_id: own.id })]), 'one.csv', notified);
    expect(res.status).toBe(202);
    await queue.idle(JOB);
    await waitFor(async () => (await emailsTo(NOTIFIED_EMAIL)).some((m) => m.subject === 'Your student import has finished'), "the admin's email");
    const notices = await invoke(listNotices, apiEvent('notifications-list', { caller: notified }));
    expect(notices.body.results).toEqual([expect.objectContaining({ title: 'Student import finished', body: '1 created, 0 already there, 0 not created.', link: '/admin' })]);
  }, 60_000);

  it('imports 1,000 rows completely: the request answers at once, the job creates every student', async () => {
    big = csvOf(Array.from({ length: 1_000 }, (_, i) => rowOf(`imp${tag}-${String(i).padStart(4, '0')}`)));
    const started = Date.now();
    const res = await startImport(big, 'thousand.csv');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'processing', total: 1_000, processed: 0, file_name: 'thousand.csv', created_by: admin.username });
    firstId = res.body.id;
    expect(res.ms).toBeLessThan(routeTimeoutSeconds(routeById('students-import')) * 1000);

    await queue.idle(JOB);
    const elapsed = Date.now() - started;
    const done = (await detail(firstId)).body as ImportDetail;
    expect(done).toMatchObject({ status: 'done', total: 1_000, processed: 1_000, created: 1_000, skipped: 0, failed: 0, finished_at: expect.any(String) });
    console.log(
      `[import] 1,000 rows: request answered in ${res.ms} ms (route timeout ${routeTimeoutSeconds(routeById('students-import'))} s), all created in ${(elapsed / 1000).toFixed(1)} s through the local queue (${Math.ceil(1_000 / 25)} chunks, job timeout ${jobById(JOB)!.timeoutSeconds} s each)`,
    );

    expect(queue.stats(JOB)).toMatchObject({ queued: 0, inFlight: 0, deadLetters: [] });
    const rows = await allRows(firstId);
    expect(rows).toHaveLength(1_000);
    expect(rows.map((r) => r.line)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 2));
    expect(rows.every((r) => r.outcome === 'created' && r.reason === '')).toBe(true);
    // audited as the import always was: one student.create per student, by the admin who imported
    expect(await createdByAdmin()).toBe(1_000);
    expect(await cohortCount()).toBe(1_000);
    const profile = (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: studentKeys.profile(`imp${tag}-0999`) }))).Item;
    expect(profile).toMatchObject({ email: `imp${tag}-0999@import.example.edu`, cohortId, sub: expect.stringMatching(/\S/) });
  }, 600_000);

  it('re-running the same file creates nothing twice: every row already exists', async () => {
    const res = await startImport(big, 'thousand-again.csv');
    expect(res.status).toBe(202);
    await queue.idle(JOB);
    const again = (await detail(res.body.id, { limit: '5' })).body as ImportDetail;
    expect(again).toMatchObject({ status: 'done', total: 1_000, processed: 1_000, created: 0, skipped: 1_000, failed: 0 });
    expect(again.rows[0]).toEqual({
      line: 2,
      username: `imp${tag}-0000`,
      outcome: 'exists',
      reason: `A student with username imp${tag}-0000 and this email already exists, so nothing was changed.`,
    });
    expect(again.next).toEqual(expect.any(String));
    expect(await createdByAdmin()).toBe(1_000);
    expect(await cohortCount()).toBe(1_000);

    // both imports, newest first, for the admin to reopen (paged: other files import at the same time)
    const listed = await everyResult<ImportList['results'][number]>((query) => invoke(h.list as never, apiEvent('students-imports-list', { caller: admin, query })), {
      limit: '50',
    });
    const ours = listed.filter((i) => i.id === firstId || i.id === res.body.id);
    expect(ours.map((i) => [i.id, i.status, i.created, i.skipped])).toEqual([
      [res.body.id, 'done', 0, 1_000],
      [firstId, 'done', 1_000, 0],
    ]);
  }, 600_000);

  it('reports each failing row with a plain sentence and creates the rest', async () => {
    const taken = `imp${tag}-0001`;
    const u = (n: string) => `fail${tag}-${n}`;
    const csv = csvOf([
      rowOf(u('good1')),
      rowOf(u('mail'), { email: 'not-an-email' }),
      rowOf(u('good2'), { temporary_password: '' }),
      rowOf(u('good1'), { email: `${u('twice')}@import.example.edu` }),
      rowOf(taken, { email: `someone-else-${tag}@import.example.edu` }),
      rowOf(u('dipl'), { program_type: 'diploma' }),
      rowOf(u('mail2'), { email: `imp${tag}-0002@import.example.edu` }),
    ]);
    const res = await startImport(csv, 'some-bad.csv');
    expect(res.status).toBe(202);
    await queue.idle(JOB);
    const report = (await detail(res.body.id)).body as ImportDetail;
    expect(report).toMatchObject({ status: 'done', total: 7, processed: 7, created: 2, skipped: 0, failed: 5 });
    expect(report.rows.map((r) => [r.line, r.username, r.outcome, r.reason])).toEqual([
      [2, u('good1'), 'created', ''],
      [3, u('mail'), 'failed', 'Email must be an email address.'],
      [4, u('good2'), 'created', ''],
      [5, u('good1'), 'failed', 'Username repeats line 2.'],
      [6, taken, 'failed', `Username ${taken} is already taken by another student.`],
      [7, u('dipl'), 'failed', 'Cohort is a certificate cohort, not diploma.'],
      [8, u('mail2'), 'failed', `Email imp${tag}-0002@import.example.edu is already used by another student.`],
    ]);
  }, 120_000);

  it('refuses a file it cannot read at all, before storing anything (400)', async () => {
    const res = await startImport('username,first_name\nx,y');
    expect(res).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^file: missing columns/) } });
  });

  it('a redelivered chunk message creates nothing twice, delivered again after the import or twice at once', async () => {
    // after the import finished: the message of its first chunk once more
    const before = await createdByAdmin();
    const late = await h.consume(sqsEvent({ import_id: firstId, chunk: 0 }, 2));
    expect(late.chunks).toEqual([{ import_id: firstId, chunk: 0, created: 0, skipped: 0, failed: 0, already: 0 }]);
    expect((await detail(firstId)).body).toMatchObject({ processed: 1_000, created: 1_000 });

    // an import stored but not yet delivered, then its one chunk delivered twice at the same time
    const names = Array.from({ length: 25 }, (_, i) => `dup${tag}-${i}`);
    const { rows } = readImportFile(csvOf(names.map((n) => rowOf(n))));
    const id = randomUUID();
    await createImport({ id, fileName: 'twice.csv', createdBy: admin.username, createdAt: new Date().toISOString(), chunks: chunkRows(rows.map(toStoredRow)) });
    // and an earlier delivery that created the first row's student, then stopped before recording it
    await claimRow(id, { line: 2, username: names[0]! }, new Date().toISOString());
    await createStudentAccount(
      {
        username: names[0]!,
        firstName: 'Ima',
        lastName: `Port-${names[0]}`,
        email: `${names[0]}@import.example.edu`,
        phone: null,
        programType: 'certificate',
        programName: 'Phlebotomy',
        cohortId,
        onPaymentPlan: false,
        temporaryPassword: TEMP,
      },
      admin.username,
    );

    const [a, b] = await Promise.allSettled([h.consume(sqsEvent({ import_id: id, chunk: 0 })), h.consume(sqsEvent({ import_id: id, chunk: 0 }))]);
    // a delivery that lost a race on the chunk's counters fails, as a Lambda would, and SQS delivers it again
    for (const settled of [a, b]) if (settled.status === 'rejected') await h.consume(sqsEvent({ import_id: id, chunk: 0 }, 2));
    const report = (await detail(id)).body as ImportDetail;
    expect(report).toMatchObject({ status: 'done', total: 25, processed: 25, created: 25, skipped: 0, failed: 0 });
    expect(report.rows.map((r) => r.outcome)).toEqual(Array(25).fill('created'));
    expect(await createdByAdmin()).toBe(before + 25);
    for (const name of names.slice(0, 3)) {
      expect(await count({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': studentKeys.student(name) } })).toBe(1);
    }
  }, 120_000);

  it('drops a message that is not an import chunk, and answers 404 for an unknown import and 400 for a bad cursor', async () => {
    expect(await h.consume({ Records: [{ body: 'not json' }, { body: '{"import_id": 5}' }] })).toEqual({ chunks: [] });
    expect(await h.consume(sqsEvent({ import_id: randomUUID(), chunk: 0 }))).toMatchObject({ chunks: [{ created: 0, failed: 0 }] });
    expect(await detail(randomUUID())).toMatchObject({ status: 404, body: { error: 'Import not found' } });
    expect(await detail('not-an-id')).toMatchObject({ status: 400, body: { error: 'id: is not an import id' } });
    const other = Buffer.from(JSON.stringify({ pk: 'STUDENT#x', sk: 'PROFILE' })).toString('base64url');
    expect(await detail(firstId, { cursor: other })).toMatchObject({ status: 400, body: { error: 'cursor: does not belong to this import' } });
  });
});
