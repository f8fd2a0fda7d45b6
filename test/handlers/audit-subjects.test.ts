/**
 * Every audit entry names its subject in words, stored on the entry when it is
 * written (so a later rename or deletion does not change it), and carries the changed record's
 * before / after; entries written before labels existed are named from their own snapshot when
 * listed. Against DynamoDB Local and the Stripe sandbox.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as listAudit } from '../../lambdas/functions/audit/list.js';
import { handler as cohortRoster } from '../../lambdas/functions/cohorts/students.js';
import { handler as createCourseRoute } from '../../lambdas/functions/courses/create.js';
import { handler as deleteCourseRoute } from '../../lambdas/functions/courses/delete.js';
import { handler as updateCourseRoute } from '../../lambdas/functions/courses/update.js';
import { handler as acknowledge } from '../../lambdas/functions/documents/acknowledge.js';
import { handler as deleteDocumentRoute } from '../../lambdas/functions/documents/delete.js';
import { handler as createIntent } from '../../lambdas/functions/payments/create-intent.js';
import { handler as refund } from '../../lambdas/functions/payments/refund.js';
import { handler as getStudent } from '../../lambdas/functions/students/get.js';
import { handler as signIn } from '../../lambdas/functions/students/sign-in.js';
import { auditItem } from '../../lambdas/store/audit.js';
import { moveStudentToCohort, updateCohort } from '../../lambdas/store/cohort.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { postLedgerEntry } from '../../lambdas/store/student-ledger.js';
import { auditEntriesOf } from './support/audit-entries.js';
import { createTestCohort, uploadText } from './support/documents.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createSignIn, createStudentRecord, uniqueName } from './support/fixtures.js';
import { confirmAtStripe, settle } from './support/stripe-sandbox.js';

const admin: Caller = { username: 'subjects-admin', roles: ['admin'] };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The entries about `entityId`, oldest first, as [action, subject]. */
const subjects = async (entityId: string) => (await auditEntriesOf(entityId)).sort((a, b) => a.sk.localeCompare(b.sk)).map((e) => [e.action, e.subject]);

describe('audit subjects are stored by name', () => {
  it('course: named as it was at each change; an update keeps before and after', async () => {
    const crn = `S${randomUUID().slice(0, 6)}`.toUpperCase();
    const body = { name: 'Physics', CRN: crn, credit_hours: 4, application_price: '', tuition_price: 1500, is_certificate_course: true };
    const course = (await invoke(createCourseRoute, apiEvent('courses-create', { caller: admin, body }))).body;
    const updated = await invoke(updateCourseRoute, apiEvent('courses-update', { caller: admin, pathParameters: { id: course.id }, body: { ...body, name: 'Biology' } }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await invoke(deleteCourseRoute, apiEvent('courses-delete', { caller: admin, pathParameters: { id: course.id } }))).status).toBeLessThan(300);

    expect(await subjects(course.id)).toEqual([
      ['course.create', `course Physics (${crn})`],
      ['course.update', `course Biology (${crn})`],
      ['course.delete', `course Biology (${crn})`],
    ]);
    const update = (await auditEntriesOf(course.id)).find((e) => e.action === 'course.update');
    expect(update).toMatchObject({ before: { name: 'Physics', crn }, after: { name: 'Biology', crn } });
  });

  it('document: by title, on upload, acknowledgement and deletion (after which the record is gone)', async () => {
    const title = `Clinical Handbook ${randomUUID().slice(0, 6)}`;
    const doc = await uploadText({ title, is_mandatory: 'true' });
    const student = await createStudentRecord({ profile: { firstName: 'Ada', lastName: 'Reader' } });
    expect((await invoke(acknowledge, apiEvent('documents-acknowledge', { caller: { username: student.username }, pathParameters: { id: doc.id } }))).status).toBe(200);
    expect((await invoke(deleteDocumentRoute, apiEvent('documents-delete', { caller: admin, pathParameters: { id: doc.id } }))).status).toBeLessThan(300);
    expect(await subjects(doc.id)).toEqual([
      ['document.create', `document ${title}`],
      ['document.acknowledge', `document ${title}`],
      ['document.delete', `document ${title}`],
    ]);
  });

  it('cohort: by year, number and program, on create, update and a roster read', async () => {
    const cohort = await createTestCohort('certificate', '2096-2097');
    await updateCohort(cohort.id, { ...cohort, programName: 'Renamed program' }, admin.username);
    expect((await invoke(cohortRoster, apiEvent('cohorts-students', { caller: admin, pathParameters: { id: cohort.id } }))).status).toBe(200);
    const n = cohort.cohortNumber;
    expect(await subjects(cohort.id)).toEqual([
      ['cohort.create', `cohort 2096-2097 Cohort ${n} (Test certificate)`],
      ['cohort.update', `cohort 2096-2097 Cohort ${n} (Renamed program)`],
      ['cohort.roster.read', `cohort 2096-2097 Cohort ${n} (Renamed program)`],
    ]);
  });

  it('student: by name and username, on a read, a charge, a move and sign-in off (with before and after)', async () => {
    const cohort = await createTestCohort('certificate', '2097-2098');
    const username = uniqueName('ben');
    await createSignIn({ username, password: `Ab!${randomUUID().slice(0, 8)}aA1` });
    await createStudentRecord({
      username,
      profile: { firstName: 'Ben', lastName: 'Nguyen' },
      enrollments: [{ programType: 'certificate', programId: 'na', programName: 'Nursing Assistant', nextDueDate: null, enrolledAt: '2026-09-01T00:00:00.000Z' }],
      entries: [{ entryId: 'c1', kind: 'charge', programType: 'certificate', programId: 'na', amountCents: 10_000, createdAt: '2026-09-01T00:00:00.000Z' }],
    });
    expect((await invoke(getStudent, apiEvent('students-get', { caller: admin, pathParameters: { username } }))).status).toBe(200);
    await postLedgerEntry(username, { programType: 'certificate', programId: 'na', kind: 'charge', amountCents: 500, reason: 'Lab fee' }, admin.username);
    await moveStudentToCohort(username, cohort.id, admin.username);
    expect((await invoke(signIn, apiEvent('students-sign-in', { caller: admin, pathParameters: { username }, body: { enabled: false } }))).status).toBe(200);
    const label = `student Ben Nguyen (${username})`;
    expect(await subjects(username)).toEqual([
      ['student.read', label],
      ['student.charge', label],
      ['student.move', label],
      ['student.disable', label],
    ]);
    expect((await auditEntriesOf(username)).find((e) => e.action === 'student.disable')).toMatchObject({ before: { signInEnabled: true }, after: { signInEnabled: false } });
    const move = (await auditEntriesOf(username)).find((e) => e.action === 'student.move');
    expect(move).toMatchObject({ before: { cohortId: null }, after: { cohortId: cohort.id, cohort: `2097-2098 Cohort ${cohort.cohortNumber} (Test certificate)` } });
  });

  it('payment: by intent id, amount and student, on an admin refund', async () => {
    const student = await createStudentRecord({
      enrollments: [{ programType: 'certificate', programId: 'na', programName: 'Nursing Assistant', nextDueDate: null, enrolledAt: '2026-09-01T00:00:00.000Z' }],
      entries: [{ entryId: 'c1', kind: 'charge', programType: 'certificate', programId: 'na', amountCents: 150_000, createdAt: '2026-09-01T00:00:00.000Z' }],
    });
    const { username } = student;
    const opened = await invoke(
      createIntent,
      apiEvent('payments-create-intent', {
        caller: { username },
        body: { username, totalCost: '1200.00', items: [{ program_type: 'certificate', program_id: 'na', amount: '1200.00' }], idempotency_key: randomUUID() },
      }),
    );
    const id = opened.body.paymentIntentId as string;
    expect(await confirmAtStripe(id)).toEqual({ ok: true });
    await settle(new Set([id]));
    expect((await invoke(refund, apiEvent('payments-refund', { caller: admin, pathParameters: { id }, body: { amount: '20.00' } }))).status).toBe(202);
    const label = `payment ${id} $1,200.00 for ${username}`;
    expect(await subjects(id)).toEqual([
      ['payment.refund', label],
      ['payment.refund.succeeded', label],
    ]);
    expect((await auditEntriesOf(id)).find((e) => e.action === 'payment.refund')).toMatchObject({ before: { refundedCents: 0 }, after: { amountCents: 2000 } });
  });
});

describe('GET /api/audit/ names every entry', () => {
  // a year no other test writes in, so this day partition holds exactly these entries
  const day = `${6000 + Math.floor(Math.random() * 3000)}-05-01`;
  const actor = uniqueName('subjects-old');

  it('a stored label as stored; an entry from before labels by its snapshot or kind and short id, never a full record id', async () => {
    const courseId = randomUUID();
    const cohortId = randomUUID();
    const old = (at: string, entry: Parameters<typeof auditItem>[0]) => {
      const { subject: _none, ...item } = auditItem(entry, `${day}T${at}.000Z`);
      return item;
    };
    const items = [
      old('10:00:00', {
        actor,
        action: 'course.update',
        entityType: 'course',
        entityId: courseId,
        before: { name: 'Chem', crn: '40100' },
        after: { name: 'Chemistry', crn: '40100' },
      }),
      old('10:00:01', { actor, action: 'cohort.roster.read', entityType: 'cohort', entityId: cohortId, detail: { count: 0, students: [] } }),
      old('10:00:02', { actor, action: 'student.read', entityType: 'student', entityId: 'ben' }),
      auditItem(
        { actor, action: 'course.delete', entityType: 'course', entityId: randomUUID(), subject: 'course Physics (40101)', before: { name: 'Renamed later', crn: '1' } },
        `${day}T10:00:03.000Z`,
      ),
    ];
    for (const Item of items) await db.send(new PutCommand({ TableName: TABLE_NAME, Item }));

    const res = await invoke(listAudit, apiEvent('audit-list', { caller: admin, query: { from: day, to: day } }));
    expect(res.status).toBe(200);
    const shown = res.body.results as Array<{ subject: string; before?: unknown; after?: unknown }>;
    expect(shown.map((e) => e.subject)).toEqual(['course Physics (40101)', 'student ben', `cohort ${cohortId.slice(0, 8)}`, 'course Chemistry (40100)']);
    for (const e of shown) expect(e.subject).not.toMatch(UUID);
    expect(shown[3]).toMatchObject({ before: { name: 'Chem' }, after: { name: 'Chemistry' } });
  });
});
