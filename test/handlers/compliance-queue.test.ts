/**
 * GET /api/compliance/queue/ and GET /api/cohorts/{id}/compliance/ against DynamoDB Local: the review queue
 * (oldest first, filters, expiring and expired approvals by their expiry window, cursor paging, the audit of
 * who was shown) and the cohort grid with its counts, which follows a student moved to another cohort.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ComplianceRequirement, QueueEntry } from '../../lambdas/contract/compliance.js';
import { handler as grid } from '../../lambdas/functions/compliance/cohort-grid.js';
import { handler as queue } from '../../lambdas/functions/compliance/queue.js';
import { moveStudentToCohort } from '../../lambdas/store/cohort.js';
import { complianceKeys, createSubmission, decideSubmission, getSubmission } from '../../lambdas/store/compliance.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { auditEntriesOf } from './support/audit-entries.js';
import { complianceCohort, complianceStaff, complianceStudent, daysFromToday, decideAs, pendingSubmission, putTemplates, template } from './support/compliance.js';
import { apiEvent, invoke, type Caller } from './support/events.js';

const { reviewer, admin } = complianceStaff();
const queueAs = (caller: Caller, query: Record<string, string>) => invoke(queue, apiEvent('compliance-queue', { caller, query }));
const gridOf = (caller: Caller, id: string) => invoke(grid, apiEvent('cohorts-compliance', { caller, pathParameters: { id } }));

/** Every entry the queue lists for this query, page by page (a filter may leave a page short, its cursor goes on). */
async function allPages(query: Record<string, string>, limit: number) {
  const entries: QueueEntry[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1_000; pages++) {
    const res = await queueAs(reviewer, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeLessThanOrEqual(limit);
    entries.push(...res.body.results);
    cursor = res.body.next;
    if (!cursor) return entries;
  }
  throw new Error('the queue never ended');
}

describe('the review queue', () => {
  let cohortId: string;
  let flu: ComplianceRequirement;
  let tb: ComplianceRequirement;
  const ids: string[] = [];
  beforeAll(async () => {
    cohortId = (await complianceCohort()).id;
    flu = template(cohortId, { name: 'Flu shot', evidence: 'date_only', validity: { kind: 'months', months: 12 } });
    tb = template(cohortId, { name: 'TB test', category: 'tb', evidence: 'date_only', validity: { kind: 'months', months: 12 } });
    await putTemplates([flu, tb]);
    const a = await complianceStudent(cohortId, 'Abara');
    const b = await complianceStudent(cohortId, 'Baptiste');
    ids.push(await pendingSubmission(a.caller, flu.id), await pendingSubmission(b.caller, tb.id), await pendingSubmission(b.caller, flu.id));
  });
  beforeEach(() => putTemplates([flu, tb]));

  it('lists what waits for review oldest first with the students’ names, filtered by cohort and requirement, audited', async () => {
    const res = await queueAs(reviewer, { cohort_id: cohortId });
    expect(res.status).toBe(200);
    expect(res.body.results.map((e: QueueEntry) => e.submission.id)).toEqual(ids);
    expect(res.body.results[0]).toMatchObject({
      requirement_name: 'Flu shot',
      student: { first_name: 'Ada', last_name: 'Abara', cohort_id: cohortId },
      submission: { status: 'pending' },
    });
    expect((await queueAs(reviewer, { cohort_id: cohortId, requirement_id: flu.id })).body.results.map((e: QueueEntry) => e.submission.id)).toEqual([ids[0], ids[2]]);
    expect((await queueAs(reviewer, { cohort_id: cohortId, requirement_id: 'no-such' })).body.results).toEqual([]);
    const audit = (await auditEntriesOf('pending')).filter((e) => e.actor === reviewer.username && e.action === 'compliance.queue.read');
    const shown = [...new Set(res.body.results.map((e: QueueEntry) => e.student.username))];
    expect(audit.some((e) => e.detail.count === 2 && JSON.stringify([...e.detail.students].sort()) === JSON.stringify([...shown].sort()))).toBe(true);
    // other staff and students never see it
    expect((await queueAs({ username: 'cmp-staff', roles: ['staff'] }, {})).status).toBe(403);
    expect((await queueAs({ username: 'cmp-student' }, {})).status).toBe(403);
  });

  it('pages with a cursor, every entry once and in order', async () => {
    const paged = await allPages({ cohort_id: cohortId }, 1);
    expect(paged.map((e) => e.submission.id)).toEqual(ids);
    expect((await queueAs(reviewer, { cursor: 'not-a-cursor' })).status).toBe(400);
  });

  it('lists approvals expiring within 30 days and those expired by their expiry day; a decided one leaves the pending list', async () => {
    const c = await complianceStudent(cohortId, 'Chen');
    const soon = await pendingSubmission(c.caller, flu.id, daysFromToday(-300));
    const gone = await pendingSubmission(c.caller, tb.id, daysFromToday(-300));
    expect((await decideAs(admin, soon, { decision: 'approved', completed_on: daysFromToday(-300), expires_on: daysFromToday(30) })).status).toBe(200);
    expect((await decideAs(admin, gone, { decision: 'approved', completed_on: daysFromToday(-300), expires_on: daysFromToday(-1) })).status).toBe(200);
    const d = await complianceStudent(cohortId, 'Diaz');
    const later = await pendingSubmission(d.caller, flu.id, daysFromToday(-300));
    expect((await decideAs(admin, later, { decision: 'approved', completed_on: daysFromToday(-300), expires_on: daysFromToday(31) })).status).toBe(200);

    const pending = (await allPages({ cohort_id: cohortId }, 25)).map((e) => e.submission.id);
    expect(pending).toEqual(ids);
    const expiring = await allPages({ cohort_id: cohortId, status: 'expiring' }, 25);
    expect(expiring.map((e) => [e.submission.id, e.submission.expires_on])).toEqual([[soon, daysFromToday(30)]]);
    const expired = await allPages({ cohort_id: cohortId, status: 'expired' }, 25);
    expect(expired.map((e) => e.submission.id)).toEqual([gone]);
    expect(expired[0]).toMatchObject({ requirement_name: 'TB test', student: { last_name: 'Chen' } });
    expect((await allPages({ cohort_id: cohortId, status: 'expired', requirement_id: flu.id }, 25)).map((e) => e.submission.id)).toEqual([]);
  });
});

describe('the cohort compliance grid', () => {
  let from: string;
  let to: string;
  let flu: ComplianceRequirement;
  let check: ComplianceRequirement;
  // templates by program type, so they follow a student into another cohort; associates students are this file's only
  beforeAll(async () => {
    from = (await complianceCohort('2026-09-01', 'associates')).id;
    to = (await complianceCohort('2026-09-01', 'associates')).id;
    flu = template(from, { name: 'Flu shot', evidence: 'date_only', validity: { kind: 'months', months: 12 }, applies_to: { kind: 'program_type', program_type: 'associates' } });
    check = template(from, { name: 'Background check', evidence: 'date_only', validity: { kind: 'none' }, applies_to: { kind: 'program_type', program_type: 'associates' } });
  });
  beforeEach(() => putTemplates([flu, check]));
  /** Each student's [flu, background check] statuses. */
  const cells = (body: { students: Array<{ username: string; statuses: Record<string, { status: string }> }> }) =>
    Object.fromEntries(body.students.map((s) => [s.username, [s.statuses[flu.id]?.status, s.statuses[check.id]?.status]]));
  // nobody else's associates students are asked for them after this file
  afterAll(async () => {
    for (const t of [flu, check]) await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: complianceKeys.requirement(t.id) }));
  });

  it('counts pending, expiring, expired and missing per cohort, and follows a student moved to another cohort', async () => {
    const s1 = await complianceStudent(from, 'Adams', 'associates');
    const s2 = await complianceStudent(from, 'Brown', 'associates');
    const s3 = await complianceStudent(from, 'Cruz', 'associates');
    await pendingSubmission(s1.caller, flu.id);
    await decideAs(reviewer, await pendingSubmission(s1.caller, check.id), { decision: 'approved', completed_on: daysFromToday(-10) });
    await decideAs(reviewer, await pendingSubmission(s2.caller, flu.id, daysFromToday(-300)), {
      decision: 'approved',
      completed_on: daysFromToday(-300),
      expires_on: daysFromToday(10),
    });
    await decideAs(reviewer, await pendingSubmission(s3.caller, flu.id, daysFromToday(-400)), {
      decision: 'approved',
      completed_on: daysFromToday(-400),
      expires_on: daysFromToday(-1),
    });

    const res = await gridOf(reviewer, from);
    expect(res.status).toBe(200);
    expect(res.body.requirements).toEqual(
      expect.arrayContaining([
        { id: flu.id, name: 'Flu shot' },
        { id: check.id, name: 'Background check' },
      ]),
    );
    expect(cells(res.body)).toEqual({
      [s1.profile.username]: ['pending', 'approved'],
      [s2.profile.username]: ['expiring', 'missing'],
      [s3.profile.username]: ['expired', 'missing'],
    });
    expect(res.body.counts).toEqual({ pending: 1, expiring: 1, expired: 1, missing: 2 });
    expect(res.body.students.map((s: { last_name: string }) => s.last_name)).toEqual(['Adams', 'Brown', 'Cruz']);
    const audit = (await auditEntriesOf(from)).filter((e) => e.action === 'cohort.compliance.read' && e.actor === reviewer.username);
    expect(audit).toEqual([expect.objectContaining({ detail: expect.objectContaining({ count: 3 }) })]);

    await moveStudentToCohort(s3.profile.username, to, admin.username);
    const after = await gridOf(admin, from);
    expect(Object.keys(cells(after.body)).sort()).toEqual([s1.profile.username, s2.profile.username].sort());
    expect(after.body.counts).toEqual({ pending: 1, expiring: 1, expired: 0, missing: 1 });
    const moved = await gridOf(admin, to);
    expect(cells(moved.body)).toEqual({ [s3.profile.username]: ['expired', 'missing'] });
    expect(moved.body.counts).toEqual({ pending: 0, expiring: 0, expired: 1, missing: 1 });
    // and the queue's cohort filter follows too
    expect((await allPages({ cohort_id: to, status: 'expired' }, 25)).map((e) => e.student.username)).toEqual([s3.profile.username]);
  });

  it('keeps a hand-in or a decision racing a cohort move out of the old cohort’s grid', async () => {
    const s = await complianceStudent(from, 'Ezeh', 'associates');
    const id = await pendingSubmission(s.caller, flu.id);
    // what a decision read before the move; the move then rewrites the student's items
    const read = (await getSubmission(id))!;
    await moveStudentToCohort(s.profile.username, to, admin.username);
    const at = new Date().toISOString();
    await decideSubmission(
      { ...read, status: 'approved', completed_on: daysFromToday(-3), expires_on: daysFromToday(200), decided_by: reviewer.username, decided_at: at },
      {
        actor: reviewer.username,
        action: 'compliance.decide',
        entityType: 'compliance-submission',
        entityId: id,
      },
    );
    expect(await getSubmission(id)).toMatchObject({ status: 'approved', cohortId: to });
    expect(cells((await gridOf(admin, to)).body)[s.profile.username]).toEqual(['approved', 'missing']);
    expect(cells((await gridOf(admin, from)).body)[s.profile.username]).toBeUndefined();
    // a hand-in placed in the cohort read before the move is refused, not written into the old grid
    const stale = { ...read, id: randomUUID(), submitted_at: new Date().toISOString(), cohortId: from };
    await expect(createSubmission(stale, { actor: s.profile.username, action: 'compliance.submit', entityType: 'compliance-submission', entityId: stale.id })).rejects.toThrow(
      'The student was moved to another cohort meanwhile; try again',
    );
    expect(await getSubmission(stale.id)).toBeNull();
  });

  it('is for compliance staff and admins only; an unknown cohort is a 404', async () => {
    expect((await gridOf({ username: 'cmp-staff', roles: ['staff'] }, from)).status).toBe(403);
    expect((await gridOf({ username: 'cmp-finance', roles: ['finance'] }, from)).status).toBe(403);
    expect((await gridOf({ username: 'cmp-student' }, from)).status).toBe(403);
    expect((await gridOf(reviewer, 'no-such-cohort')).status).toBe(404);
  });
});
