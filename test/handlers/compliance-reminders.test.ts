/**
 * The compliance reminder sweep (jobs table: compliance-reminders) on the real stand-ins: each approval that
 * counts gets one reminder per threshold (30, 14, 7, 0 days before its expiry), in the inbox and by email (read
 * back from the SES stand-in's store); a rerun for the same day, or a later day inside the same threshold,
 * sends nothing new; a replaced approval and one far from its expiry get none.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as sweep } from '../../lambdas/functions/jobs/send-compliance-reminders.js';
import { schoolDay } from '../../lambdas/domain/clock.js';
import { addDays } from '../../lambdas/domain/compliance.js';
import { createSubmission, type SubmissionRecord } from '../../lambdas/store/compliance.js';
import { putTemplates, template } from './support/compliance.js';
import { createStudentRecord } from './support/fixtures.js';
import { emailsTo, waitFor } from './support/mail.js';
import { noticeTitles as titles } from './support/notices.js';

const DAY_MS = 86_400_000;

/** A template of this test's own, applying to its own cohort: put as one item, so other files' templates stay. */
async function requirementOfCohort(cohortId: string, name: string) {
  const r = template(cohortId, { id: `rem-${randomUUID().slice(0, 8)}`, name, due_days_from_cohort_start: null });
  await putTemplates([r]);
  return r;
}

async function approved(student: { username: string; lastName: string; cohortId: string | null }, requirementId: string, expiresOn: string, submittedAt: string) {
  const record: SubmissionRecord = {
    id: randomUUID(),
    username: student.username,
    lastName: student.lastName,
    cohortId: student.cohortId,
    requirement_id: requirementId,
    kind: 'evidence',
    alternative: null,
    files: [],
    completed_on: addDays(expiresOn, -700),
    expires_on: expiresOn,
    attested: false,
    note: '',
    status: 'approved',
    reason: null,
    submitted_by: 'reminder-test',
    submitted_at: submittedAt,
    decided_by: 'reminder-test',
    decided_at: submittedAt,
  };
  await createSubmission(record, { actor: 'reminder-test', action: 'compliance.submit', entityType: 'compliance-submission', entityId: record.id, subject: 'test' });
  return record;
}

describe('compliance reminders', () => {
  it('sends each reminder once per threshold, in the inbox and by email, and none for a replaced or distant approval', { timeout: 120_000 }, async () => {
    const cohortId = `rem-cohort-${randomUUID().slice(0, 8)}`;
    const student = await createStudentRecord({ profile: { cohortId } });
    const bls = await requirementOfCohort(cohortId, 'BLS card');
    const tb = await requirementOfCohort(cohortId, 'TB test');
    const flu = await requirementOfCohort(cohortId, 'Flu vaccine');
    const now = Date.now();
    const today = schoolDay(new Date(now));
    await approved(student, bls.id, addDays(today, 14), '2026-01-01T00:00:00.000Z');
    // TB: an old approval about to expire, replaced by a renewal good for two years: nothing to remind of
    await approved(student, tb.id, addDays(today, 7), '2026-01-02T00:00:00.000Z');
    await approved(student, tb.id, addDays(today, 730), '2026-02-02T00:00:00.000Z');
    await approved(student, flu.id, addDays(today, 45), '2026-01-03T00:00:00.000Z');

    const first = await sweep({ now: new Date(now).toISOString() });
    expect(first.reminded.filter((r) => r.startsWith(student.username))).toEqual([`${student.username} ${bls.id} 14d`]);
    await waitFor(async () => (await titles(student.username)).length === 1, 'the 14-day notice');
    expect(await titles(student.username)).toEqual(['BLS card expires in 14 days']);
    await waitFor(async () => (await emailsTo(student.email)).length === 1, 'the reminder email');
    const [email] = await emailsTo(student.email);
    expect(email!.subject).toBe('A clinical compliance item expires soon');
    // no record contents in the email: not the requirement, not its date
    expect(JSON.stringify(email)).not.toMatch(/BLS|TB test|Flu/);

    // the same day again, and the next day (13 days left: still the 14-day threshold): nothing new
    await sweep({ now: new Date(now).toISOString() });
    await sweep({ now: new Date(now + DAY_MS).toISOString() });
    // a week later: the 7-day threshold, once
    const week = await sweep({ now: new Date(now + 7 * DAY_MS).toISOString() });
    expect(week.reminded.filter((r) => r.startsWith(student.username))).toEqual([`${student.username} ${bls.id} 7d`]);
    await waitFor(async () => (await titles(student.username)).length === 2, 'the 7-day notice');
    expect(await titles(student.username)).toEqual(['BLS card expires in 14 days', 'BLS card expires in 7 days']);
    // let any stray delivery land before counting for good
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await titles(student.username)).toHaveLength(2);
    // its email is held for the morning digest: the deliveries ran today, and a reminder email already went today (a
    // digest another test file's digest run sends meanwhile may carry it, never a second reminder email)
    const emails = await emailsTo(student.email);
    expect(emails.filter((e) => e.subject === 'A clinical compliance item expires soon')).toHaveLength(1);
    expect(emails.filter((e) => !/^You have \d+ new notices? in Portal$/.test(String(e.subject)))).toHaveLength(1);
  });
});
