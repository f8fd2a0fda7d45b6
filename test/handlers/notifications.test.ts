/**
 * Notifications on the real stand-ins: the inbox routes, exactly-once delivery, preferences, the digest
 * rule, suppression after a bounce, announcements to an audience (now and scheduled), the message log.
 * Emails are read back from the SES stand-in's store (support/mail.ts); queued work runs on the local
 * queue (lib/local/local-queue.ts), so the tests wait for its results.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as listNotices } from '../../lambdas/functions/notifications/list.js';
import { handler as readNotice } from '../../lambdas/functions/notifications/read.js';
import { handler as readAll } from '../../lambdas/functions/notifications/read-all.js';
import { handler as getPrefs } from '../../lambdas/functions/notifications/preferences-get.js';
import { handler as putPrefs } from '../../lambdas/functions/notifications/preferences-put.js';
import { handler as createAnnouncement } from '../../lambdas/functions/announcements/create.js';
import { handler as listAnnouncements } from '../../lambdas/functions/announcements/list.js';
import { handler as messages } from '../../lambdas/functions/students/messages.js';
import { handler as sendDue } from '../../lambdas/functions/jobs/send-due-announcements.js';
import { handler as digest } from '../../lambdas/functions/jobs/send-digests.js';
import { handler as createIntent } from '../../lambdas/functions/payments/create-intent.js';
import { deliver } from '../../lambdas/notify/deliver.js';
import type { Delivery } from '../../lambdas/notify/events.js';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { GetScheduleCommand, ResourceNotFoundException, SchedulerClient, type GetScheduleCommandOutput } from '@aws-sdk/client-scheduler';
import { documentKeys } from '../../lambdas/store/document.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { getSuppression, listEmailMessages } from '../../lambdas/store/notification.js';
import { randomCohort } from './support/cohorts.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createStudentRecord, uniqueName } from './support/fixtures.js';
import { bounce, emailsTo, waitFor } from './support/mail.js';
import { deliver as deliverEvent, succeeded } from './support/stripe-events.js';

const staff: Caller = { username: 'notify-staff', roles: ['staff'] };
// the local Scheduler stand-in (lib/local/local-scheduler.ts), at AWS_ENDPOINT_URL_SCHEDULER as the handlers reach it
const scheduler = new SchedulerClient({});

/** Fires every one-time schedule due by `now` (the stand-in's run-due); answers the names of those it ran. */
async function runDueSchedules(now: Date): Promise<string[]> {
  const res = await fetch(`${process.env.AWS_ENDPOINT_URL_SCHEDULER}/run-due`, { method: 'POST', body: JSON.stringify({ now: now.toISOString() }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { fired: Array<{ name: string; outcome: string }> }).fired.filter((f) => f.outcome === 'invoked').map((f) => f.name);
}
const asStudent = (username: string): Caller => ({ username });

const delivery = (username: string, over: Partial<Delivery> = {}): Delivery => ({
  kind: 'delivery',
  event: 'payment.succeeded',
  entity: `pi_${randomUUID().slice(0, 8)}`,
  template: 'payment_succeeded',
  params: { intentId: 'pi_x', amountCents: 12_500 },
  email: true,
  recipient: { username },
  ...over,
});

/** A document's record, for a notice about it (one about a deleted document is not delivered): bare, so no list shows it. */
async function documentOnFile(): Promise<string> {
  const id = `doc-${randomUUID()}`;
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...documentKeys.document(id), type: 'document' } }));
  return id;
}

async function inbox(username: string, query: Record<string, string> = {}) {
  return invoke(listNotices, apiEvent('notifications-list', { caller: asStudent(username), query }));
}

describe('the inbox', () => {
  it("lists own notices newest first with the unread count, marks one and then all read, and refuses another person's id", async () => {
    const { username } = await createStudentRecord();
    const other = await createStudentRecord();
    expect(await deliver(delivery(username, { entity: 'pi_first' }))).toBe('sent');
    expect(
      await deliver(delivery(username, { event: 'document.required', entity: await documentOnFile(), template: 'document_required', params: { documentTitle: 'Handbook' } })),
    ).toBe('sent');
    await deliver(delivery(other.username));

    const page = await inbox(username);
    expect(page.status).toBe(200);
    expect(page.body.unread_count).toBe(2);
    expect(page.body.results.map((n: { title: string }) => n.title)).toEqual(['A document needs your acknowledgement', 'Payment received']);
    expect(page.body.results[1]).toMatchObject({ category: 'billing', body: 'Your payment of $125.00 was received. Thank you.', link: '/payments/pi_x/receipt', read: false });

    const first = page.body.results[1].id;
    expect((await invoke(readNotice, apiEvent('notifications-read', { caller: asStudent(username), pathParameters: { id: first } }))).body).toEqual({ unread_count: 1 });
    // again: nothing changes
    expect((await invoke(readNotice, apiEvent('notifications-read', { caller: asStudent(username), pathParameters: { id: first } }))).body).toEqual({ unread_count: 1 });
    // the other student's notice is not in this inbox
    const theirs = (await inbox(other.username)).body.results[0].id;
    const refused = await invoke(readNotice, apiEvent('notifications-read', { caller: asStudent(username), pathParameters: { id: theirs } }));
    expect(refused).toMatchObject({ status: 404, body: { error: 'Notification not found' } });
    expect((await inbox(other.username)).body.unread_count).toBe(1);

    expect((await invoke(readAll, apiEvent('notifications-read-all', { caller: asStudent(username) }))).body).toEqual({ unread_count: 0 });
    const after = await inbox(username);
    expect(after.body.unread_count).toBe(0);
    expect(after.body.results.every((n: { read: boolean }) => n.read)).toBe(true);
    // a notice after "all read" is unread again
    await deliver(delivery(username, { event: 'payment.refunded', template: 'refund_issued', occasion: '500' }));
    const later = await inbox(username);
    expect(later.body.unread_count).toBe(1);
    expect(later.body.results[0]).toMatchObject({ title: 'Refund issued', read: false });
  });

  it("pages with a cursor, and refuses a cursor of another person's inbox", async () => {
    const { username } = await createStudentRecord();
    const other = await createStudentRecord();
    for (let i = 0; i < 3; i++) await deliver(delivery(username, { entity: `pi_page${i}`, email: false }));
    await deliver(delivery(other.username, { email: false }));
    const one = await inbox(username, { limit: '2' });
    expect(one.body.results).toHaveLength(2);
    const two = await inbox(username, { limit: '2', cursor: one.body.next });
    expect(two.body.results).toHaveLength(1);
    const theirs = await inbox(other.username, { limit: '1' });
    const forged = Buffer.from(JSON.stringify({ pk: `INBOX#${other.username}`, sk: 'N#99999999T999999999Z-ffffff' })).toString('base64url');
    expect(await inbox(username, { cursor: forged })).toMatchObject({ status: 400, body: { error: 'cursor: does not belong to this list' } });
    expect(theirs.body.results).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('writes one notice and sends one email however often the same event is delivered', async () => {
    const { username, email } = await createStudentRecord();
    const d = delivery(username);
    const outcomes = await Promise.all([deliver(d), deliver(d), deliver(d)]);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(await deliver(d)).toBe('duplicate');
    expect((await inbox(username)).body.results).toHaveLength(1);
    const mail = await emailsTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Payment received');
    // no amount in the email: "a payment was received; view your receipt"
    expect(mail[0]!.body.text).not.toContain('125');
    expect(mail[0]!.body.text).toContain('/payments/pi_x/receipt');
  });

  it('keeps announcements in-app for a student who chose so, and still emails billing notices', async () => {
    const { username, email } = await createStudentRecord();
    expect((await invoke(getPrefs, apiEvent('notification-preferences-get', { caller: asStudent(username) }))).body).toEqual({ announcement: 'email', reminder: 'email' });
    const put = await invoke(putPrefs, apiEvent('notification-preferences-put', { caller: asStudent(username), body: { announcement: 'in_app', reminder: 'email' } }));
    expect(put).toMatchObject({ status: 200, body: { announcement: 'in_app', reminder: 'email' } });
    const bad = await invoke(putPrefs, apiEvent('notification-preferences-put', { caller: asStudent(username), body: { announcement: 'never', reminder: 'email' } }));
    expect(bad).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^announcement: must be email or in_app/) } });

    expect(await deliver(delivery(username, { event: 'announcement', entity: 'a-1', template: 'announcement', params: { subject: 'Flu clinic', body: 'Tuesday' } }))).toBe(
      'in_app',
    );
    expect(await deliver(delivery(username))).toBe('sent');
    expect((await inbox(username)).body.results.map((n: { title: string }) => n.title)).toEqual(['Payment received', 'Flu clinic']);
    const mail = await emailsTo(email);
    expect(mail.map((m) => m.subject)).toEqual(['Payment received']);
  });

  it("sends the first email of a category in a school day and holds the rest for the next morning's digest, once", async () => {
    const { username, email } = await createStudentRecord();
    expect(await deliver(delivery(username))).toBe('sent');
    expect(await deliver(delivery(username))).toBe('held');
    expect(await deliver(delivery(username))).toBe('held');
    // another category is its own day
    expect(await deliver(delivery(username, { event: 'document.required', entity: await documentOnFile(), template: 'document_required', params: { documentTitle: 'X' } }))).toBe(
      'sent',
    );
    expect((await emailsTo(email)).length).toBe(2);

    // the digest runs the next morning (the day is taken today: it would wait)
    const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const run = await digest({ now: tomorrow });
    expect(run.digests).toBeGreaterThanOrEqual(1);
    const mail = await emailsTo(email);
    expect(mail.map((m) => m.subject)).toContain('You have 2 new notices in Portal');
    expect(mail).toHaveLength(3);
    // SES's events then move the two sent ones and the digest (it reports on the newest held email) to delivered
    const statuses = async () => (await listEmailMessages(username, 10)).messages.map((m) => m.status).sort();
    await waitFor(async () => JSON.stringify(await statuses()) === JSON.stringify(['delivered', 'delivered', 'delivered', 'digested']), 'the delivery events');
    // run again: nothing is held any more
    await digest({ now: tomorrow });
    expect(await emailsTo(email)).toHaveLength(3);
  });

  it('stops email to an address after a hard bounce: the next notice is in-app only and the message log says why', async () => {
    const { username, email } = await createStudentRecord();
    expect(await deliver(delivery(username))).toBe('sent');
    await bounce(email);
    await waitFor(async () => (await getSuppression(email)) !== null, 'the bounce to suppress the address');
    await waitFor(async () => (await listEmailMessages(username, 10)).messages[0]?.status === 'bounced', 'the message to be marked bounced');
    expect(await deliver(delivery(username, { event: 'payment.refunded', template: 'refund_issued', occasion: '1' }))).toBe('suppressed');
    expect(await emailsTo(email)).toHaveLength(1);

    const log = await invoke(messages, apiEvent('students-messages', { caller: staff, pathParameters: { username } }));
    expect(log.status).toBe(200);
    expect(log.body.results.map((m: { status: string; subject: string }) => [m.subject, m.status])).toEqual([
      ['A refund was issued', 'suppressed'],
      ['Payment received', 'bounced'],
    ]);
  });
});

describe('payments notify', () => {
  it('sends one receipt for a payment however often Stripe delivers its event, and says no amount in it', async () => {
    const student = await createStudentRecord({
      enrollments: [{ programType: 'certificate', programId: 'na', programName: 'Nursing Assistant', nextDueDate: '2026-12-15', enrolledAt: '2026-09-01T00:00:00.000Z' }],
      entries: [{ entryId: 'c1', kind: 'charge', programType: 'certificate', programId: 'na', amountCents: 35_000, createdAt: '2026-09-01T00:00:00.000Z' }],
    });
    const open = await invoke(
      createIntent,
      apiEvent('payments-create-intent', {
        caller: { username: student.username },
        body: { username: student.username, totalCost: '150.00', items: [{ program_type: 'certificate', program_id: 'na', amount: '150.00' }], idempotency_key: randomUUID() },
      }),
    );
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    const intent = open.body.paymentIntentId as string;
    const event = succeeded(intent, 15_000);
    expect((await deliverEvent(event)).body.outcome).toBe('applied');
    expect((await deliverEvent(event)).body.outcome).toBe('duplicate');
    expect((await deliverEvent(succeeded(intent, 15_000))).body.outcome).toBe('duplicate'); // another event id, same payment

    await waitFor(async () => (await inbox(student.username)).body.results.length === 1, 'the receipt notice');
    await waitFor(async () => (await emailsTo(student.email)).length === 1, 'the receipt email');
    await new Promise((resolve) => setTimeout(resolve, 500)); // the redeliveries' messages, had they sent anything
    const mail = await emailsTo(student.email);
    expect(mail.map((m) => m.subject)).toEqual(['Payment received']);
    expect(mail[0]!.body.text).not.toMatch(/150/);
    expect(mail[0]!.body.text).toContain(`/payments/${intent}/receipt`);
    expect((await inbox(student.username)).body.results).toEqual([
      expect.objectContaining({ title: 'Payment received', body: 'Your payment of $150.00 was received. Thank you.' }),
    ]);
  });
});

describe('announcements', () => {
  it('reaches exactly a cohort: one notice and one email each, none outside it', async () => {
    const cohort = await randomCohort('notify-admin', { programName: 'LPN', programType: 'diploma', firstYear: 2031, years: 1 });
    const members = await Promise.all([1, 2, 3].map(() => createStudentRecord({ profile: { cohortId: cohort.id, programType: 'diploma', lastName: uniqueName('Roster') } })));
    const outsider = await createStudentRecord({ profile: { programType: 'diploma' } });

    const res = await invoke(
      createAnnouncement,
      apiEvent('announcements-create', {
        caller: staff,
        body: { subject: 'Clinical orientation', body: '**Bring** your badge', audience: 'cohort', cohort_id: cohort.id, send_email: true },
      }),
    );
    expect(res).toMatchObject({ status: 201, body: { audience: 'cohort', cohort_id: cohort.id, status: 'sending', created_by: staff.username } });

    for (const m of members) {
      await waitFor(async () => (await emailsTo(m.email)).length === 1, `the email to ${m.username}`);
      expect((await inbox(m.username)).body.results.map((n: { title: string }) => n.title)).toEqual(['Clinical orientation']);
      const [mail] = await emailsTo(m.email);
      expect(mail!.body.html).toContain('<strong>Bring</strong> your badge');
    }
    await waitFor(
      async () =>
        (await invoke(listAnnouncements, apiEvent('announcements-list', { caller: staff }))).body.results.some(
          (a: { id: string; status: string }) => a.id === res.body.id && a.status === 'sent',
        ),
      'the announcement to be sent',
    );
    const listed = (await invoke(listAnnouncements, apiEvent('announcements-list', { caller: staff }))).body.results.find((a: { id: string }) => a.id === res.body.id);
    expect(listed).toMatchObject({ recipient_count: 3, flagged_recipients: [] });
    expect((await inbox(outsider.username)).body.results).toEqual([]);
    expect(await emailsTo(outsider.email)).toEqual([]);
  });

  it('waits for its send time: the due-sweep sends it when run at that time, not before', async () => {
    const { username, email } = await createStudentRecord();
    const sendAt = new Date(Date.now() + 3 * 86_400_000);
    const res = await invoke(
      createAnnouncement,
      apiEvent('announcements-create', {
        caller: staff,
        body: { subject: 'Graduation rehearsal', body: 'In the gym.', audience: 'students', usernames: [username], send_email: true, send_at: sendAt.toISOString() },
      }),
    );
    expect(res).toMatchObject({ status: 201, body: { status: 'scheduled', send_at: sendAt.toISOString() } });
    expect((await sendDue({ now: new Date(sendAt.getTime() - 60_000).toISOString() })).sent).not.toContain(res.body.id);
    expect((await inbox(username)).body.results).toEqual([]);
    expect((await sendDue({ now: sendAt.toISOString() })).sent).toContain(res.body.id);
    await waitFor(async () => (await emailsTo(email)).length === 1, 'the scheduled email');
    expect((await inbox(username)).body.results.map((n: { title: string }) => n.title)).toEqual(['Graduation rehearsal']);
    // a second run finds nothing due
    expect((await sendDue({ now: sendAt.toISOString() })).sent).not.toContain(res.body.id);
  });

  it('is sent at its time by a one-time schedule of its own, made from the outbox, which is gone once it ran', async () => {
    const { username, email } = await createStudentRecord();
    // two days ahead (the test above uses three: firing this one's time must not fire that one's), off the minute
    const sendAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 2 * 86_400_000 + 30_000);
    const res = await invoke(
      createAnnouncement,
      apiEvent('announcements-create', {
        caller: staff,
        body: { subject: 'Skills lab moved', body: 'Room 4.', audience: 'students', usernames: [username], send_email: true, send_at: sendAt.toISOString() },
      }),
    );
    expect(res).toMatchObject({ status: 201, body: { status: 'scheduled' } });
    const name = `announcements-send-due-${res.body.id}`;
    let schedule: GetScheduleCommandOutput | null = null;
    await waitFor(
      async () => (schedule = await scheduler.send(new GetScheduleCommand({ Name: name, GroupName: 'portal-local' })).catch(() => null)) !== null,
      'its one-time schedule',
    );
    // the first whole minute at or after its time, in UTC; deleted once it ran; as of its time when run
    const runAt = new Date(sendAt.getTime() + 30_000);
    expect(schedule).toMatchObject({
      ScheduleExpression: `at(${runAt.toISOString().slice(0, 19)})`,
      ScheduleExpressionTimezone: 'UTC',
      ActionAfterCompletion: 'DELETE',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Target: { Arn: expect.stringMatching(/:function:portal-local-announcements-send-due$/), Input: JSON.stringify({ scheduledTime: '<aws.scheduler.scheduled-time>' }) },
    });
    expect(await runDueSchedules(new Date(runAt.getTime() - 60_000))).not.toContain(name);
    expect((await inbox(username)).body.results).toEqual([]);
    expect(await runDueSchedules(runAt)).toContain(name);
    await waitFor(async () => (await emailsTo(email)).length === 1, 'the scheduled email');
    expect((await inbox(username)).body.results.map((n: { title: string }) => n.title)).toEqual(['Skills lab moved']);
    await expect(scheduler.send(new GetScheduleCommand({ Name: name, GroupName: 'portal-local' }))).rejects.toThrow(ResourceNotFoundException);
  });

  it('refuses what cannot be sent, naming the field', async () => {
    const post = (body: unknown) => invoke(createAnnouncement, apiEvent('announcements-create', { caller: staff, body }));
    expect(await post({ subject: ' ', body: 'x', audience: 'general', send_email: true })).toMatchObject({ status: 400, body: { error: 'subject: is required' } });
    expect(await post({ subject: 'x', body: 'x', audience: 'cohort', send_email: true })).toMatchObject({
      status: 400,
      body: { error: 'cohort_id: is required for a cohort audience' },
    });
    expect(await post({ subject: 'x', body: 'x', audience: 'cohort', cohort_id: 'no-such-cohort', send_email: true })).toMatchObject({
      status: 400,
      body: { error: 'cohort_id: no such cohort' },
    });
    expect(await post({ subject: 'x', body: 'x', audience: 'students', usernames: ['nobody-here-x'], send_email: true })).toMatchObject({
      status: 400,
      body: { error: 'usernames: no student named nobody-here-x' },
    });
    expect(await post({ subject: 'x', body: 'x', audience: 'general', send_email: true, send_at: '2099-01-01T00:00:00Z' })).toMatchObject({
      status: 400,
      body: { error: 'send_at: must be within a year' },
    });
  });
});
