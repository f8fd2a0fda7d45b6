/**
 * POST /api/compliance/submissions/ and POST /api/compliance/submissions/{id}/decision/ against DynamoDB Local
 * and s3rver: a student's evidence with files uploaded through presigned URLs, the refusals, the decisions of
 * the list (who may decide, what each decision needs, deciding twice), the indexes a decision moves the
 * item between, and a reviewer's hand-in for a student.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ComplianceRequirement } from '../../lambdas/contract/compliance.js';
import { complianceKeys } from '../../lambdas/store/compliance.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { makePdf, makePng } from '../../lib/local/seed/sample-files.js';
import { auditEntriesOf } from './support/audit-entries.js';
import {
  complianceCohort,
  complianceStaff,
  complianceStudent,
  daysFromToday,
  decideAs,
  newReviewer,
  pendingSubmission,
  putTemplates,
  submitAs,
  template,
  uploadEvidence,
  viewComplianceAs,
} from './support/compliance.js';
import { objectExists, readObject } from './support/documents.js';
import type { Caller } from './support/events.js';

const { reviewer, admin } = complianceStaff();
let cohortId: string;
let bls: ComplianceRequirement;
let flu: ComplianceRequirement;
let attestation: ComplianceRequirement;
let neverExpires: ComplianceRequirement;
let student: Caller;

/** The submission's item as stored, with its index keys. */
async function stored(username: string, submission: { id: string; submitted_at: string }) {
  return (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: complianceKeys.submission(username, submission.submitted_at, submission.id) }))).Item!;
}
const statusOf = async (who: Caller, requirementId: string) => {
  const res = await viewComplianceAs(who, who.username);
  return res.body.requirements.find((s: { requirement: { id: string } }) => s.requirement.id === requirementId);
};

describe('compliance submissions and decisions', () => {
  beforeAll(async () => {
    cohortId = (await complianceCohort()).id;
    bls = template(cohortId, { name: 'BLS card' });
    flu = template(cohortId, { name: 'Flu shot', evidence: 'date_only', validity: { kind: 'seasonal', month: 3, day: 31 } });
    attestation = template(cohortId, { name: 'HIPAA training', category: 'training', evidence: 'attestation', validity: { kind: 'none' } });
    neverExpires = template(cohortId, { name: 'Background check', category: 'background_check', evidence: 'date_only', validity: { kind: 'none' } });
    student = (await complianceStudent(cohortId)).caller;
  });
  beforeEach(() => putTemplates([bls, flu, attestation, neverExpires]));

  it('takes BLS evidence with two presigned uploads: pending, the files copied under compliance/<username>/', async () => {
    const front = makePdf('BLS front');
    const back = makePng();
    const keys = [await uploadEvidence(student, 'BLS front.pdf', front), await uploadEvidence(student, 'back.png', back)];
    const res = await submitAs(student, { requirement_id: bls.id, upload_keys: keys, completed_on: daysFromToday(-3) });
    expect(res).toMatchObject({
      status: 201,
      body: { username: student.username, requirement_id: bls.id, kind: 'evidence', status: 'pending', expires_on: null, decided_by: null, submitted_by: student.username },
    });
    const files = res.body.files as Array<{ key: string; name: string; size: number; content_type: string }>;
    expect(files.map((f) => [f.name, f.size, f.content_type])).toEqual([
      ['BLS_front.pdf', front.length, 'application/pdf'],
      ['back.png', back.length, 'image/png'],
    ]);
    for (const [i, file] of files.entries()) {
      expect(file.key.startsWith(`compliance/${student.username}/${res.body.id}/${i}-`)).toBe(true);
      expect((await readObject(file.key)).equals(Buffer.from(i === 0 ? front : back))).toBe(true);
    }
    // waiting for review: on the queue index, in the cohort's grid index
    expect(await stored(student.username, res.body)).toMatchObject({ gsi2pk: complianceKeys.queue, gsi1pk: complianceKeys.cohort(cohortId) });
    expect((await auditEntriesOf(res.body.id))[0]).toMatchObject({ action: 'compliance.submit', actor: student.username });
    expect(await statusOf(student, bls.id)).toMatchObject({ status: 'pending', pending: { id: res.body.id } });
    // the uploads were adopted: gone, so they cannot be handed in a second time
    for (const key of keys) expect(await objectExists(key)).toBe(false);
    expect(await submitAs(student, { requirement_id: bls.id, upload_keys: [keys[0]], completed_on: daysFromToday(-3) })).toMatchObject({
      status: 400,
      body: { error: 'upload_keys.0: no such upload (it may have expired)' },
    });
  });

  it('refuses uploads of another user, a requirement that is not theirs, an attestation not attested and a future completion date', async () => {
    const { caller: other } = await complianceStudent(cohortId);
    const theirs = await uploadEvidence(other, 'card.pdf', makePdf('theirs'));
    const notMine = template((await complianceCohort()).id, { name: 'Elsewhere' });
    await putTemplates([notMine]);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['upload keys of another user', { requirement_id: bls.id, upload_keys: [theirs], completed_on: daysFromToday(-1) }, 'upload_keys: must be uploads of yours'],
      ['a requirement of another cohort', { requirement_id: notMine.id, completed_on: daysFromToday(-1) }, 'requirement_id: is not a requirement of this student'],
      ['no such requirement', { requirement_id: 'no-such-one', completed_on: daysFromToday(-1) }, 'requirement_id: is not a requirement of this student'],
      ['an attestation without attested', { requirement_id: attestation.id }, 'attested: must be true'],
      ['an attestation attested false', { requirement_id: attestation.id, attested: false }, 'attested: must be true'],
      ['a completion date in the future', { requirement_id: flu.id, completed_on: daysFromToday(1) }, 'completed_on: must not be in the future'],
      ['evidence without its file', { requirement_id: bls.id, completed_on: daysFromToday(-1) }, 'upload_keys: at least one file is required'],
      ['a date-only item without its date', { requirement_id: flu.id }, 'completed_on: is required'],
      ['an exemption the requirement does not allow', { requirement_id: flu.id, kind: 'exemption', note: 'allergic' }, 'kind: this requirement allows no exemption'],
    ];
    for (const [name, body, error] of cases) {
      const res = await submitAs(student, body);
      expect(res.status, name).toBe(400);
      expect(res.body.error, name).toMatch(new RegExp(`^${error.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
    // the other student's upload is still theirs, untouched
    expect(await objectExists(theirs)).toBe(true);
    // bytes that are not what the name says are refused, naming which upload
    const spoof = await uploadEvidence(student, 'card.pdf', makePng());
    expect(await submitAs(student, { requirement_id: bls.id, upload_keys: [spoof], completed_on: daysFromToday(-1) })).toMatchObject({
      status: 400,
      body: { error: 'upload_keys.0: the content is a PNG image, not a .pdf file' },
    });
    expect(await submitAs(reviewer, { requirement_id: flu.id, username: 'cmp-nobody-here', completed_on: daysFromToday(-1), expires_on: daysFromToday(99) })).toMatchObject({
      status: 400,
      body: { error: 'username: is not a student' },
    });
    expect(await submitAs(student, { requirement_id: attestation.id, attested: true })).toMatchObject({ status: 201, body: { attested: true, status: 'pending' } });
    // a student hands in only their own
    expect(await submitAs(student, { requirement_id: flu.id, username: other.username, completed_on: daysFromToday(-1) })).toMatchObject({ status: 403 });
  });

  it('lets no student decide, not even their own; nor a reviewer their own hand-in', async () => {
    const id = await pendingSubmission(student, flu.id);
    const approve = { decision: 'approved', completed_on: daysFromToday(-10), expires_on: daysFromToday(100) };
    expect((await decideAs(student, id, approve)).status).toBe(403);
    expect((await decideAs({ username: 'cmp-other-student' }, id, approve)).status).toBe(403);
    expect((await decideAs({ username: 'cmp-staff', roles: ['staff'] }, id, approve)).status).toBe(403);
    expect((await decideAs({ username: 'cmp-finance', roles: ['finance'] }, id, approve)).status).toBe(403);

    // a reviewer who is a student too hands in their own: it waits, and they cannot approve it
    const { caller: both } = await complianceStudent(cohortId);
    const reviewerStudent: Caller = { username: both.username, roles: ['compliance'] };
    const own = await submitAs(reviewerStudent, { requirement_id: flu.id, completed_on: daysFromToday(-2), expires_on: daysFromToday(100) });
    expect(own).toMatchObject({ status: 201, body: { status: 'pending', decided_by: null } });
    expect(await decideAs(reviewerStudent, own.body.id, approve)).toMatchObject({ status: 403, body: { error: 'You may not decide your own submission' } });
    expect((await statusOf(both, flu.id)).status).toBe('pending');
  });

  it('needs a reason to refuse and dates to approve (no expiry only when the requirement never expires); 409 the second time', async () => {
    // a student of their own: another pending hand-in would keep the status Pending review
    const { caller: student } = await complianceStudent(cohortId);
    const id = await pendingSubmission(student, flu.id);
    expect(await decideAs(reviewer, id, { decision: 'not_approved' })).toMatchObject({ status: 400, body: { error: 'reason: is required when not approved' } });
    expect(await decideAs(reviewer, id, { decision: 'not_approved', reason: '  ' })).toMatchObject({ status: 400, body: { error: 'reason: is required when not approved' } });
    expect(await decideAs(reviewer, id, { decision: 'approved' })).toMatchObject({ status: 400, body: { error: 'completed_on: is required to approve' } });
    expect(await decideAs(reviewer, id, { decision: 'approved', completed_on: daysFromToday(-10) })).toMatchObject({
      status: 400,
      body: { error: 'expires_on: is required to approve' },
    });
    expect(await decideAs(reviewer, id, { decision: 'approved', completed_on: daysFromToday(-10), expires_on: daysFromToday(-10) })).toMatchObject({
      status: 400,
      body: { error: 'expires_on: must be after the completion date' },
    });
    expect(await decideAs(reviewer, id, { decision: 'approved', completed_on: daysFromToday(1), expires_on: daysFromToday(100) })).toMatchObject({
      status: 400,
      body: { error: 'completed_on: must not be in the future' },
    });
    expect((await statusOf(student, flu.id)).status).toBe('pending');

    const refused = await decideAs(reviewer, id, { decision: 'not_approved', reason: 'The date is not legible' });
    expect(refused).toMatchObject({ status: 200, body: { status: 'not_approved', reason: 'The date is not legible', decided_by: reviewer.username } });
    expect(await statusOf(student, flu.id)).toMatchObject({ status: 'not_approved', status_label: 'Not approved', reason: 'The date is not legible' });
    expect(await decideAs(admin, id, { decision: 'approved', completed_on: daysFromToday(-10), expires_on: daysFromToday(100) })).toMatchObject({ status: 409 });

    // a background check never expires: approved with its completion date alone
    const check = await pendingSubmission(student, neverExpires.id);
    expect(await decideAs(admin, check, { decision: 'approved', completed_on: daysFromToday(-10) })).toMatchObject({ status: 200, body: { status: 'approved', expires_on: null } });
    expect(await statusOf(student, neverExpires.id)).toMatchObject({ status: 'approved', expires_on: null });
    expect(await decideAs(reviewer, randomUUID(), { decision: 'not_approved', reason: 'x' })).toMatchObject({ status: 404 });
  });

  it('moves an approval off the queue onto the expiry index; the status is Approved or Expiring by its dates', async () => {
    const { caller: s } = await complianceStudent(cohortId);
    const later = await submitAs(s, { requirement_id: flu.id, completed_on: daysFromToday(-5) });
    const approved = await decideAs(reviewer, later.body.id, { decision: 'approved', completed_on: daysFromToday(-5), expires_on: daysFromToday(31) });
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved', decided_by: reviewer.username, completed_on: daysFromToday(-5), expires_on: daysFromToday(31) } });
    const item = await stored(s.username, later.body);
    expect(item).toMatchObject({ gsi2pk: complianceKeys.expiry, gsi2sk: `${daysFromToday(31)}#${s.username}#${later.body.id}` });
    // 31 days ahead is Approved; the 30-day window starts one day later
    expect(await statusOf(s, flu.id)).toMatchObject({ status: 'approved', expires_on: daysFromToday(31) });
    const audit = (await auditEntriesOf(later.body.id)).find((e) => e.action === 'compliance.decide');
    expect(audit).toMatchObject({ actor: reviewer.username, after: { decision: 'approved', expires_on: daysFromToday(31) } });

    const check = await pendingSubmission(s, neverExpires.id);
    const checked = await decideAs(reviewer, check, { decision: 'approved', completed_on: daysFromToday(-5) });
    // never expires: approved, and on neither gsi2 index (nothing to review, nothing to remind about)
    expect((await stored(s.username, checked.body)).gsi2pk).toBeUndefined();

    const { caller: t } = await complianceStudent(cohortId);
    const soon = await pendingSubmission(t, flu.id);
    await decideAs(admin, soon, { decision: 'approved', completed_on: daysFromToday(-5), expires_on: daysFromToday(30) });
    expect(await statusOf(t, flu.id)).toMatchObject({ status: 'expiring', status_label: 'Expiring' });
  });

  it("approves a reviewer's hand-in for a student at once, audited with the reviewer, needing its dates", async () => {
    const { caller: s, profile } = await complianceStudent(cohortId, 'Okafor');
    const key = await uploadEvidence(reviewer, 'scan.pdf', makePdf('BLS scan'));
    expect(await submitAs(reviewer, { requirement_id: bls.id, username: s.username, upload_keys: [key] })).toMatchObject({
      status: 400,
      body: { error: 'completed_on: is required' },
    });
    expect(await submitAs(reviewer, { requirement_id: bls.id, username: s.username, upload_keys: [key], completed_on: daysFromToday(-1) })).toMatchObject({
      status: 400,
      body: { error: 'expires_on: is required to approve' },
    });
    const res = await submitAs(reviewer, { requirement_id: bls.id, username: s.username, upload_keys: [key], completed_on: daysFromToday(-1), expires_on: daysFromToday(700) });
    expect(res).toMatchObject({
      status: 201,
      body: { username: s.username, status: 'approved', submitted_by: reviewer.username, decided_by: reviewer.username, expires_on: daysFromToday(700) },
    });
    expect(res.body.files[0].key.startsWith(`compliance/${s.username}/`)).toBe(true);
    expect((await auditEntriesOf(res.body.id))[0]).toMatchObject({
      action: 'compliance.submit',
      actor: reviewer.username,
      subject: `compliance-submission BLS card of Ada Okafor (${profile.username})`,
      after: { status: 'approved', files: 1 },
    });
    expect(await statusOf(s, bls.id)).toMatchObject({ status: 'approved' });
    // their own hand-in is not theirs to decide again (403 before "already decided")
    expect((await decideAs(reviewer, res.body.id, { decision: 'not_approved', reason: 'x' })).status).toBe(403);
    expect((await decideAs(newReviewer(), res.body.id, { decision: 'not_approved', reason: 'x' })).status).toBe(409);
  });
});
