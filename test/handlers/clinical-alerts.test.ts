/**
 * The clinical and compliance jobs that tell people things, on the real stand-ins (the coordinators are read from the
 * Cognito group, the notices from the inbox route):
 *  - clinical-alerts: students not cleared for a rotation starting within 28 days, and the coordinators, once per
 *    threshold (28, 14, 0 days), nobody for a cleared student; an affiliation agreement ending within 60 days, once per
 *    threshold (60, 30), to coordinators and admins;
 *  - compliance-summary: each coordinator's counts, once a day;
 *  - compliance-digest: a student with items still to hand in gets one digest a week, one with none gets none.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { schoolDay } from '../../lambdas/domain/clock.js';
import { addDays } from '../../lambdas/domain/compliance.js';
import { handler as clinicalAlerts } from '../../lambdas/functions/jobs/send-clinical-alerts.js';
import { handler as digest } from '../../lambdas/functions/jobs/send-compliance-digest.js';
import { handler as summary } from '../../lambdas/functions/jobs/send-compliance-summary.js';
import type { Caller } from './support/events.js';
import { clinicalStaff, createCourse, createRotation, createSite, ok } from './support/clinical.js';
import { pendingSubmission, putTemplates, template } from './support/compliance.js';
import { createSignIn, createStudentRecord } from './support/fixtures.js';
import { waitFor } from './support/mail.js';
import { noticeTitles as titles } from './support/notices.js';

const DAY_MS = 86_400_000;
const { admin } = clinicalStaff();
/** A coordinator with a real sign-in in the compliance group: the jobs find whom to tell there. */
const coordinator: Caller = { username: `alert-coord-${randomUUID().slice(0, 8)}`, roles: ['compliance'] };
const siteAdmin: Caller = { username: `alert-admin-${randomUUID().slice(0, 8)}`, roles: ['admin'] };
let course: string;

beforeAll(async () => {
  await createSignIn({ username: coordinator.username, password: `Co!${randomUUID().slice(0, 8)}aA1`, group: 'compliance' });
  await createSignIn({ username: siteAdmin.username, password: `Ad!${randomUUID().slice(0, 8)}aA1`, group: 'admin' });
  course = await createCourse(admin);
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));
const at = (ms: number) => new Date(ms).toISOString();

describe('clinical alerts', () => {
  it('tells each student not cleared, and the coordinators, once per threshold before the rotation starts; nobody of a cleared one', { timeout: 180_000 }, async () => {
    const now = Date.now();
    const today = schoolDay(new Date(now));
    // a cohort that asks for a BLS card (so its student is blocked) and one that asks for nothing (cleared)
    const blockedCohort = `alert-cohort-${randomUUID().slice(0, 8)}`;
    await putTemplates([template(blockedCohort, { id: `alert-bls-${randomUUID().slice(0, 8)}`, name: 'BLS card', due_days_from_cohort_start: null })]);
    const blocked = await createStudentRecord({ profile: { cohortId: blockedCohort, programType: null } });
    const cleared = await createStudentRecord({ profile: { cohortId: `alert-free-${randomUUID().slice(0, 8)}`, programType: null } });
    const site = await createSite(admin);
    const rotation = await createRotation(coordinator, site.id, course, { starts_on: addDays(today, 20), ends_on: addDays(today, 60) });
    await ok('rotations-assign', coordinator, { pathParameters: { id: rotation.id }, body: { usernames: [blocked.username, cleared.username] } });

    const first = await clinicalAlerts({ now: at(now) });
    expect(first.rotationAlerts).toContain(`${rotation.id} 28d: 1 of 2 not cleared`);
    await waitFor(async () => (await titles(blocked.username)).length === 1, "the student's 28-day notice");
    await waitFor(async () => (await titles(coordinator.username)).some((t) => t.includes(site.name)), "the coordinator's notice");
    expect(await titles(blocked.username)).toEqual(['Your clinical rotation starts in 20 days and you are not cleared yet']);
    expect((await titles(coordinator.username)).filter((t) => t.includes(site.name))).toEqual([`1 of 2 not cleared for ${site.name} Med-Surg`]);

    // the same morning again, and the next day (still the 28-day threshold): nothing new; 14 days before: once more
    await clinicalAlerts({ now: at(now) });
    await clinicalAlerts({ now: at(now + DAY_MS) });
    await clinicalAlerts({ now: at(now + 6 * DAY_MS) });
    await waitFor(async () => (await titles(blocked.username)).length === 2, "the student's 14-day notice");
    await settle();
    expect(await titles(blocked.username)).toEqual([
      'Your clinical rotation starts in 14 days and you are not cleared yet',
      'Your clinical rotation starts in 20 days and you are not cleared yet',
    ]);
    expect((await titles(coordinator.username)).filter((t) => t.includes(site.name))).toHaveLength(2);
    expect(await titles(cleared.username)).toEqual([]);
  });

  it('flags an affiliation agreement 60 and 30 days before it ends, once each, to the coordinators and the admins', { timeout: 180_000 }, async () => {
    const now = Date.now();
    const today = schoolDay(new Date(now));
    const site = await createSite(admin, { agreement: { starts_on: addDays(today, -300), ends_on: addDays(today, 45) } });
    const mine = async (username: string) => (await titles(username)).filter((t) => t.includes(site.name));
    const first = await clinicalAlerts({ now: at(now) });
    expect(first.agreementAlerts).toContain(`${site.id} 60d`);
    await clinicalAlerts({ now: at(now) });
    await waitFor(async () => (await mine(siteAdmin.username)).length === 1 && (await mine(coordinator.username)).length === 1, 'the 60-day flags');
    await clinicalAlerts({ now: at(now + 15 * DAY_MS) });
    await waitFor(async () => (await mine(siteAdmin.username)).length === 2, 'the 30-day flag');
    await settle();
    expect(await mine(coordinator.username)).toEqual([
      `The affiliation agreement with ${site.name} ends in 30 days`,
      `The affiliation agreement with ${site.name} ends in 45 days`,
    ]);
  });
});

describe('compliance summary and digest', () => {
  it("gives each coordinator the day's counts once a day", { timeout: 120_000 }, async () => {
    // something to review, whatever other tests left in the queue
    const cohortId = `summary-cohort-${randomUUID().slice(0, 8)}`;
    const flu = template(cohortId, { id: `summary-flu-${randomUUID().slice(0, 8)}`, name: 'Flu shot', evidence: 'date_only', due_days_from_cohort_start: null });
    await putTemplates([flu]);
    const student = await createStudentRecord({ profile: { cohortId, programType: null } });
    await pendingSubmission({ username: student.username }, flu.id);
    const now = at(Date.now());
    const first = await summary({ now });
    expect(first.pending).toBeGreaterThanOrEqual(1);
    await summary({ now });
    await waitFor(async () => (await titles(coordinator.username)).some((t) => t.startsWith('Compliance today:')), 'the summary');
    await settle();
    // other tests leave items in the queue, so the counts are the shared table's; there is one summary all the same
    expect((await titles(coordinator.username)).filter((t) => t.startsWith('Compliance today:'))).toHaveLength(1);
  });

  it('sends a student with items to hand in one digest a week, and none to a student with nothing to do', { timeout: 120_000 }, async () => {
    const cohortId = `digest-cohort-${randomUUID().slice(0, 8)}`;
    await putTemplates([template(cohortId, { id: `digest-tb-${randomUUID().slice(0, 8)}`, name: 'TB test', due_days_from_cohort_start: null })]);
    const owing = await createStudentRecord({ profile: { cohortId, programType: null } });
    const done = await createStudentRecord({ profile: { cohortId: `digest-free-${randomUUID().slice(0, 8)}`, programType: null } });
    const monday = '2031-03-03T13:00:00Z';
    await digest({ now: monday });
    await digest({ now: monday });
    await waitFor(async () => (await titles(owing.username)).length === 1, 'the digest');
    await settle();
    expect(await titles(owing.username)).toEqual(['1 clinical compliance item to complete']);
    expect(await titles(done.username)).toEqual([]);
  });
});
