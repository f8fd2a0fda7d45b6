/**
 * The transactional outbox (lambdas/store/outbox.ts): a notice's event is written in the transaction of
 * the change it tells of, so it exists exactly when the change does, and the table's stream (DynamoDB
 * Local's, read by lib/local/local-stream.ts as Lambda's event source mapping reads the cloud's) brings
 * it to the fan-out. Outbox items are looked up by Scan: a test's look at the table, never a request path.
 * A notice whose subject is gone by the time it is delivered is not written.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as createCohort } from '../../lambdas/functions/cohorts/create.js';
import { handler as createStudent } from '../../lambdas/functions/students/create.js';
import { handler as listNotices } from '../../lambdas/functions/notifications/list.js';
import { sendAnnouncement } from '../../lambdas/notify/announcements.js';
import { deliver } from '../../lambdas/notify/deliver.js';
import { DOCUMENT_REQUIRED } from '../../lambdas/notify/events.js';
import { createAnnouncement } from '../../lambdas/store/announcement.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { outboxTopicPrefix, type OutboxTopic } from '../../lambdas/store/table-schema.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createSignIn, createStudentRecord, uniqueName } from './support/fixtures.js';
import { waitFor } from './support/mail.js';

const admin: Caller = { username: 'outbox-admin', roles: ['admin'] };

/** The outbox messages of `topic` that mention `needle` (a username, an announcement id). */
async function outboxMessages<T>(topic: OutboxTopic, needle: string): Promise<T[]> {
  const found: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        FilterExpression: 'begins_with(pk, :outbox) AND contains(message, :needle)',
        ExpressionAttributeValues: { ':outbox': outboxTopicPrefix(topic), ':needle': needle },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    for (const item of page.Items ?? []) found.push(JSON.parse(String(item.message)) as T);
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

/** The notification events that mention `needle`. */
const outboxEvents = (needle: string) => outboxMessages<{ event: string; entity: string; audience: unknown }>('notifications', needle);

async function newCohort() {
  const year = 2400 + Math.floor(Math.random() * 500);
  const res = await invoke(
    createCohort,
    apiEvent('cohorts-create', {
      caller: admin,
      body: { academic_year: `${year}-${year + 1}`, cohort_number: 1 + Math.floor(Math.random() * 998), program_type: 'certificate', program_name: 'Phlebotomy' },
    }),
  );
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const studentBody = (username: string, cohortId: string) => ({
  username,
  first_name: 'Ola',
  last_name: 'Outbox',
  email: `${username}@example.edu`,
  phone_number: '555-0100',
  program_type: 'certificate',
  program_name: 'Phlebotomy',
  cohort_id: cohortId,
  on_payment_plan: false,
  temporary_password: 'Temp!pass123',
});

describe('the outbox', () => {
  it("writes a new student's welcome with the finished account, and the stream brings it to their inbox", async () => {
    const username = uniqueName('welcome').toLowerCase();
    const res = await invoke(createStudent, apiEvent('students-create', { caller: admin, body: studentBody(username, await newCohort()) }));
    expect(res.status).toBe(201);
    expect(await outboxEvents(`"${username}"`)).toEqual([
      expect.objectContaining({ event: 'account.created', entity: 'account', audience: { kind: 'students', usernames: [username] } }),
    ]);
    // deliveries queued by other test files (a 1,000-row import's welcomes) may be ahead of it on the shared queue
    await waitFor(
      async () => {
        const inbox = await invoke(listNotices, apiEvent('notifications-list', { caller: { username } }));
        return inbox.body.results?.length === 1;
      },
      "the welcome in the student's inbox",
      100_000,
    );
  }, 120_000);

  it('writes no welcome when the sign-in cannot be created (the account is undone, the answer an error)', async () => {
    const username = uniqueName('taken').toLowerCase();
    await createSignIn({ username, password: 'Temp!pass123', profile: false }); // Cognito has the name; the table does not
    const res = await invoke(createStudent, apiEvent('students-create', { caller: admin, body: studentBody(username, await newCohort()) }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await outboxEvents(`"${username}"`)).toEqual([]);
  });

  it('does not deliver the notice of a document deleted since its upload (it would ask to acknowledge nothing)', async () => {
    const { username } = await createStudentRecord();
    const gone = {
      kind: 'delivery' as const,
      event: DOCUMENT_REQUIRED,
      entity: 'deleted-document',
      template: 'document_required' as const,
      params: { documentTitle: 'Old rules' },
      email: true,
      recipient: { username },
    };
    expect(await deliver(gone)).toBe('obsolete');
    expect((await invoke(listNotices, apiEvent('notifications-list', { caller: { username } }))).body.results).toEqual([]);
  });

  it("writes a scheduled announcement's event once, in the transaction that takes it out of the due index, whoever sends it", async () => {
    const { username } = await createStudentRecord();
    const at = new Date().toISOString();
    const record = await createAnnouncement(
      {
        subject: 'Fire drill',
        body: 'At noon.',
        audience: 'students',
        programType: null,
        cohortId: null,
        usernames: [username],
        sendEmail: false,
        sendAt: at,
        status: 'scheduled',
        createdBy: admin.username,
        createdAt: at,
      },
      () => [],
    );
    // its one-time schedule's run and the hourly run at once
    const sends = await Promise.all([sendAnnouncement(record), sendAnnouncement(record)]);
    expect(sends.filter((s) => s !== null)).toHaveLength(1);
    expect(await outboxEvents(record.id)).toEqual([expect.objectContaining({ event: 'announcement', entity: record.id })]);
    // a send of one already sent writes nothing
    expect(await sendAnnouncement(record)).toBeNull();
    expect(await outboxEvents(record.id)).toHaveLength(1);
  });
});
