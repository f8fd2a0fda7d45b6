/**
 * GET /api/compliance/students/{username}/ and GET /api/compliance/submissions/{id}/files/{index}/ against
 * DynamoDB Local and s3rver: who sees the statuses, who only whether the student is cleared, which reads are
 * audited, clearance as an approval runs out (the clock moved with runAt), and a file fetched through its
 * presigned URL.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ComplianceRequirement } from '../../lambdas/contract/compliance.js';
import { DAY_MS, now, runAt } from '../../lambdas/domain/clock.js';
import { handler as file } from '../../lambdas/functions/compliance/file.js';
import { makePdf } from '../../lib/local/seed/sample-files.js';
import { auditEntriesOf } from './support/audit-entries.js';
import {
  complianceCohort,
  complianceStaff,
  complianceStudent,
  daysFromToday,
  decideAs,
  pendingSubmission,
  putTemplates,
  submitAs,
  template,
  uploadEvidence,
  viewComplianceAs,
} from './support/compliance.js';
import { apiEvent, invoke, type Caller } from './support/events.js';

const { reviewer, admin } = complianceStaff();
let cohortId: string;
let flu: ComplianceRequirement;
let check: ComplianceRequirement;

const fileAs = (caller: Caller, id: string, index = 0) => invoke(file, apiEvent('compliance-file', { caller, pathParameters: { id, index: String(index) } }));
const readsOf = async (username: string, actor: string) => (await auditEntriesOf(username)).filter((e) => e.actor === actor && e.action === 'compliance.read');

describe("a student's compliance record", () => {
  beforeAll(async () => {
    cohortId = (await complianceCohort('2026-09-01')).id;
    flu = template(cohortId, { name: 'Flu shot', evidence: 'date_only', validity: { kind: 'seasonal', month: 3, day: 31 }, due_days_from_cohort_start: -14 });
    check = template(cohortId, { name: 'Background check', evidence: 'date_only', validity: { kind: 'none' }, due_days_from_cohort_start: null });
  });
  beforeEach(() => putTemplates([flu, check]));

  it('shows the student their statuses, due days from the cohort start and the history newest first; no audit of their own read', async () => {
    const { caller: student } = await complianceStudent(cohortId);
    const first = await pendingSubmission(student, flu.id, daysFromToday(-20));
    await decideAs(reviewer, first, { decision: 'not_approved', reason: 'Wrong year' });
    const second = await pendingSubmission(student, flu.id, daysFromToday(-2));
    const res = await viewComplianceAs(student, student.username);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: student.username, cleared: false });
    const byId = new Map(res.body.requirements.map((s: { requirement: { id: string } }) => [s.requirement.id, s]));
    expect(byId.get(flu.id)).toMatchObject({ status: 'pending', status_label: 'Pending review', due_on: '2026-08-18', pending: { id: second } });
    expect((byId.get(flu.id) as { history: Array<{ id: string }> }).history.map((h) => h.id)).toEqual([second, first]);
    expect(byId.get(check.id)).toMatchObject({ status: 'missing', due_on: null, history: [] });
    expect(res.body.reasons).toEqual(expect.arrayContaining(['Flu shot is waiting for review', 'Background check is missing']));
    expect(await readsOf(student.username, student.username)).toEqual([]);
    // another student's record is refused before anything is read
    expect(await viewComplianceAs({ username: 'cmp-nosy' }, student.username)).toMatchObject({ status: 403 });
    expect(await viewComplianceAs({ username: 'cmp-nosy' }, 'cmp-no-such-student')).toMatchObject({ status: 403 });
  });

  it('shows finance and other staff only whether the student is cleared, and audits it', async () => {
    const { caller: student } = await complianceStudent(cohortId);
    await pendingSubmission(student, flu.id);
    for (const caller of [
      { username: 'cmp-finance', roles: ['finance'] },
      { username: 'cmp-staff', roles: ['staff'] },
    ] as Caller[]) {
      const res = await viewComplianceAs(caller, student.username);
      // no statuses, no reasons (which would name what is missing, a health detail)
      expect(res).toEqual(expect.objectContaining({ status: 200, body: { username: student.username, cleared: false, reasons: [] } }));
      expect(await readsOf(student.username, caller.username)).toEqual([expect.objectContaining({ entityType: 'student', after: { view: 'cleared only' } })]);
    }
    expect(await viewComplianceAs({ username: 'cmp-finance', roles: ['finance'] }, 'cmp-no-such-student')).toMatchObject({ status: 404 });
  });

  it('shows compliance staff and admins everything, audited', async () => {
    const { caller: student } = await complianceStudent(cohortId, 'Reyes');
    for (const caller of [reviewer, admin]) {
      const res = await viewComplianceAs(caller, student.username);
      expect(res.status).toBe(200);
      expect(res.body.requirements.map((s: { status: string }) => s.status)).toEqual(['missing', 'missing']);
      expect(res.body.reasons).toHaveLength(2);
      expect(await readsOf(student.username, caller.username)).toEqual([expect.objectContaining({ subject: expect.stringContaining('Reyes'), after: { view: 'statuses' } })]);
    }
  });

  it('is cleared while every approval holds, and no longer once one has expired (the clock moved on)', async () => {
    const { caller: student } = await complianceStudent(cohortId);
    await decideAs(reviewer, await pendingSubmission(student, check.id), { decision: 'approved', completed_on: daysFromToday(-30) });
    await decideAs(reviewer, await pendingSubmission(student, flu.id, daysFromToday(-30)), {
      decision: 'approved',
      completed_on: daysFromToday(-30),
      expires_on: daysFromToday(5),
    });
    const today = await viewComplianceAs(student, student.username);
    expect(today.body).toMatchObject({ cleared: true, reasons: [] });
    expect(today.body.requirements.find((s: { requirement: { id: string } }) => s.requirement.id === flu.id)).toMatchObject({ status: 'expiring' });
    // good through its expiry day (in the school's time zone), expired the day after
    const at = (days: number) => new Date(now().getTime() + days * DAY_MS);
    expect((await runAt(at(5), () => viewComplianceAs(student, student.username))).body).toMatchObject({ cleared: true });
    const later = await runAt(at(6), () => viewComplianceAs(student, student.username));
    expect(later.body.cleared).toBe(false);
    expect(later.body.requirements.find((s: { requirement: { id: string } }) => s.requirement.id === flu.id)).toMatchObject({ status: 'expired', status_label: 'Expired' });
    expect(later.body.reasons).toEqual([expect.stringMatching(/^Flu shot expired \d{1,2} [A-Z][a-z]{2} \d{4}$/)]);
    // what finance sees flips with it
    expect((await runAt(at(6), () => viewComplianceAs({ username: 'cmp-finance', roles: ['finance'] }, student.username))).body).toEqual({
      username: student.username,
      cleared: false,
      reasons: [],
    });
  });
});

describe('compliance files', () => {
  it("presigns the student's own file (the bytes come back), anyone's for compliance and admins (audited), nobody else's", async () => {
    const cohort = (await complianceCohort()).id;
    const bls = template(cohort, { name: 'BLS card' });
    await putTemplates([bls]);
    const { caller: student } = await complianceStudent(cohort);
    const pdf = makePdf('BLS card');
    const key = await uploadEvidence(student, 'card.pdf', pdf);
    const sub = await submitAs(student, { requirement_id: bls.id, upload_keys: [key], completed_on: daysFromToday(-1) });
    expect(sub.status).toBe(201);

    const own = await fileAs(student, sub.body.id);
    expect(own).toMatchObject({ status: 200, body: { file_name: 'card.pdf', file_type: 'pdf', expires_in: 300 } });
    const fetched = await fetch(own.body.download_url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    expect((await auditEntriesOf(sub.body.id)).filter((e) => e.action === 'compliance.file.read')).toEqual([]);

    for (const caller of [reviewer, admin]) {
      expect((await fileAs(caller, sub.body.id)).status).toBe(200);
      expect((await auditEntriesOf(sub.body.id)).filter((e) => e.action === 'compliance.file.read' && e.actor === caller.username)).toHaveLength(1);
    }
    expect((await fileAs(reviewer, sub.body.id, 1)).status).toBe(404);
    expect((await fileAs({ username: 'cmp-finance', roles: ['finance'] }, sub.body.id)).status).toBe(403);
    expect((await fileAs({ username: 'cmp-staff', roles: ['staff'] }, sub.body.id)).status).toBe(403);
    expect((await fileAs({ username: 'cmp-nosy' }, sub.body.id)).status).toBe(403);
  });
});
