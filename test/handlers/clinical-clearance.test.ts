/**
 * Clearance for a rotation, read fresh on every roster: requirements good through the rotation's
 * last day, a site's extra requirements, the cohort's mandatory documents, and past-due holds from the ledger (a
 * charge and a payment change the answer with no write to the rotation). Then sharing the roster with the site:
 * refused while someone is blocked unless the coordinator says why, recorded as a disclosure, shown to the site as
 * names, statuses and expiry dates only, each opening audited, gone (410) once the link expires.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RotationPlace } from '../../lambdas/contract/clinical.js';
import { runAt } from '../../lambdas/domain/clock.js';
import { longDate } from '../../lambdas/domain/clearance.js';
import { stripe } from '../../lambdas/store/payment-gateway.js';
import { auditEntriesBy } from './support/audit-entries.js';
import { call, clinicalStaff, createCourse, createRotation, createSite, ok, openShared, placementsOf, roster, rotationItems, share, tokenOf } from './support/clinical.js';
import { complianceCohort, daysFromToday, putTemplates, submitAs, template, viewComplianceAs } from './support/compliance.js';
import { uploadText } from './support/documents.js';
import type { Caller } from './support/events.js';
import { createStudentRecord, uniqueName } from './support/fixtures.js';
import { deliver, succeeded } from './support/stripe-events.js';

const { admin, coordinator } = clinicalStaff();
const ENDS = daysFromToday(90);
let course: string;
let cohort: { id: string };
let bls: ReturnType<typeof template>;

beforeAll(async () => {
  course = await createCourse(admin);
  cohort = await complianceCohort();
  bls = template(cohort.id, { name: `BLS ${randomUUID().slice(0, 6)}`, evidence: 'date_only' });
}, 60_000);

/** A student of the cohort, with a program they owe nothing on yet (due in a year). */
async function newStudent(firstName = 'Ada') {
  const profile = await createStudentRecord({
    username: uniqueName('clr-stu'),
    profile: { firstName, lastName: `Lee${randomUUID().slice(0, 4)}`, cohortId: cohort.id, programType: 'diploma' },
    enrollments: [{ programType: 'diploma', programId: 'pct', programName: 'Patient Care Technician', nextDueDate: daysFromToday(365), enrolledAt: '2026-09-01T00:00:00.000Z' }],
  });
  return { username: profile.username, caller: { username: profile.username } satisfies Caller, profile };
}

/** The reviewer hands in the BLS card for the student (approved at once), good through `expiresOn`. */
async function approve(username: string, requirementId: string, expiresOn: string) {
  const res = await submitAs(coordinator, { username, requirement_id: requirementId, completed_on: daysFromToday(-10), expires_on: expiresOn });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe('approved');
}

async function rotationWith(usernames: string[], siteOver: Record<string, unknown> = {}) {
  const site = await createSite(admin, siteOver);
  const rotation = await createRotation(coordinator, site.id, course, { ends_on: ENDS });
  await ok('rotations-assign', coordinator, { pathParameters: { id: rotation.id }, body: { usernames } });
  return { site, rotation };
}

/** A student cleared today (BLS approved well past the rotation's end) and a new rotation with them on it. */
async function clearedOnRotation(firstName?: string) {
  await putTemplates([bls]);
  const student = await newStudent(firstName);
  await approve(student.username, bls.id, daysFromToday(400));
  const { site, rotation } = await rotationWith([student.username]);
  return { student, site, rotation };
}

/** An admin charges the student's program `amount` for a clinical fee, due on `dueOn`. */
async function chargeClinicalFee(username: string, amount: string, dueOn: string) {
  const charged = await call(
    'students-ledger-entry',
    { username: uniqueName('clr-admin'), roles: ['admin'] },
    { pathParameters: { username }, body: { program_type: 'diploma', program_id: 'pct', kind: 'charge', amount, reason: 'Clinical fee', next_due_date: dueOn } },
  );
  expect(charged.status, JSON.stringify(charged.body)).toBe(201);
}

/** Where and when a rotation of rotationWith is, as each view of it names it. */
const placeOf = (site: { name: string }, rotation: { starts_on: string }): RotationPlace => ({
  site_name: site.name,
  unit: 'Med-Surg',
  course_name: 'Phlebotomy',
  instructor: 'Ina Structor',
  starts_on: rotation.starts_on,
  ends_on: ENDS,
});

const entryOf = async (id: string, username: string) =>
  ((await roster(coordinator, id)).students as Array<{ username: string; cleared: boolean; reasons: string[] }>).find((s) => s.username === username)!;

describe('requirements must be good through the rotation’s last day', () => {
  it('an approval that expires the day before the rotation ends does not clear; one that expires on its last day does', async () => {
    await putTemplates([bls]);
    const early = await newStudent();
    const onTime = await newStudent();
    await approve(early.username, bls.id, daysFromToday(89));
    await approve(onTime.username, bls.id, ENDS);
    const { rotation } = await rotationWith([early.username, onTime.username]);

    expect(await entryOf(rotation.id, early.username)).toMatchObject({
      cleared: false,
      reasons: [`${bls.name} expires ${longDate(daysFromToday(89))}, before the rotation ends ${longDate(ENDS)}`],
    });
    expect(await entryOf(rotation.id, onTime.username)).toMatchObject({ cleared: true, reasons: [] });
    expect(longDate('2027-03-12')).toBe('12 Mar 2027');
  });
});

describe('a site’s extra requirements', () => {
  it('a requirement only the site asks for blocks its rotations until it is approved, and nobody else is asked for it', async () => {
    await putTemplates([bls]);
    const orientation = template(cohort.id, { name: `Orientation ${randomUUID().slice(0, 6)}`, evidence: 'date_only', applies_to: { kind: 'site' } });
    await putTemplates([orientation]);
    const student = await newStudent();
    await approve(student.username, bls.id, daysFromToday(400));
    const { rotation } = await rotationWith([student.username], { requirement_ids: [orientation.id] });
    expect(await entryOf(rotation.id, student.username)).toMatchObject({ cleared: false, reasons: [`${orientation.name} is missing`] });

    // handed in through the route (a site's requirement is the student's while they have a rotation there), approved by the coordinator
    await approve(student.username, orientation.id, daysFromToday(500));
    expect(await entryOf(rotation.id, student.username)).toMatchObject({ cleared: true, reasons: [] });

    // a student with no rotation at that site is not asked for it
    const elsewhere = await newStudent();
    await approve(elsewhere.username, bls.id, daysFromToday(400));
    const other = await rotationWith([elsewhere.username]);
    expect(await entryOf(other.rotation.id, elsewhere.username)).toMatchObject({ cleared: true, reasons: [] });
    // nor can hand it in
    const refused = await submitAs(elsewhere.caller, { requirement_id: orientation.id, completed_on: daysFromToday(-1) });
    expect(refused).toMatchObject({ status: 400, body: { error: 'requirement_id: is not a requirement of this student' } });
  });
});

describe('the cohort’s mandatory documents', () => {
  it('an unacknowledged mandatory document blocks (“<title> not acknowledged”); acknowledging it clears', async () => {
    // a cohort of its own: its documents would block the other tests' students
    const own = await complianceCohort();
    const student = await createStudentRecord({ username: uniqueName('clr-doc'), profile: { firstName: 'Dee', cohortId: own.id, programType: 'diploma' } });
    const title = `Clinical Handbook ${randomUUID().slice(0, 6)}`;
    const doc = await uploadText({ title, scope: 'cohort', cohort_id: own.id, is_public: 'true', is_mandatory: 'true' });
    const { rotation } = await rotationWith([student.username]);
    expect(await entryOf(rotation.id, student.username)).toMatchObject({ cleared: false, reasons: [`${title} not acknowledged`] });

    const ack = await call('documents-acknowledge', { username: student.username }, { pathParameters: { id: doc.id } });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    expect(await entryOf(rotation.id, student.username)).toMatchObject({ cleared: true, reasons: [] });
  });
});

// The hold rules are finance's (PUT /api/payment-plan-templates/; other test files save them too): a balance of $6,500.00
// 60 days past due is held under every rule set the tests save, one due 3 days ago under none.
describe('financial holds', () => {
  it('a balance past due beyond the hold rules blocks, in its own words, with no write to the rotation; paying it (a verified Stripe webhook) clears', async () => {
    const { student, rotation } = await clearedOnRotation();
    expect(await entryOf(rotation.id, student.username)).toMatchObject({ cleared: true });
    const stored = async () => ({ rotation: await rotationItems(rotation.id), placements: await placementsOf(student.username) });
    const before = await stored();

    const dueOn = daysFromToday(-60);
    await chargeClinicalFee(student.username, '6500.00', dueOn);
    const reason = expect.stringMatching(new RegExp(`^Balance of \\$6,500\\.00 for .+ past due since ${longDate(dueOn)}$`));
    expect(await entryOf(rotation.id, student.username)).toMatchObject({ cleared: false, reasons: [reason] });
    // the student sees it too, on their own record
    const own = await viewComplianceAs(student.caller, student.username);
    expect(own.body.rotations).toEqual([expect.objectContaining({ id: rotation.id, cleared: false, reasons: [reason] })]);

    const intent = await call('payments-create-intent', student.caller, {
      body: { username: student.username, totalCost: '6500.00', idempotency_key: randomUUID(), items: [{ program_type: 'diploma', program_id: 'pct', amount: '6500.00' }] },
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    await (await stripe()).paymentIntents.confirm(intent.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    expect((await deliver(succeeded(intent.body.paymentIntentId, 650_000))).body.outcome).toBe('applied');
    expect(await entryOf(rotation.id, student.username)).toMatchObject({ cleared: true, reasons: [] });
    // worked out at read time: neither the charge nor the payment wrote to the rotation or the student's copy of it
    expect(await stored()).toEqual(before);
  });

  it("a balance not yet past the rules' days (due 3 days ago) does not hold", async () => {
    const { student, rotation } = await clearedOnRotation();
    await chargeClinicalFee(student.username, '6500.00', daysFromToday(-3));
    expect(await entryOf(rotation.id, student.username)).toMatchObject({ cleared: true, reasons: [] });
  });
});

describe('the student’s own compliance record lists their rotations', () => {
  it('GET /api/compliance/students/{username}/ answers each rotation with its clearance', async () => {
    await putTemplates([bls]);
    const student = await newStudent();
    await approve(student.username, bls.id, daysFromToday(89));
    const { site, rotation } = await rotationWith([student.username]);
    const res = await viewComplianceAs(student.caller, student.username);
    expect(res.status).toBe(200);
    expect(res.body.rotations).toEqual([
      {
        id: rotation.id,
        ...placeOf(site, rotation),
        cleared: false,
        reasons: [`${bls.name} expires ${longDate(daysFromToday(89))}, before the rotation ends ${longDate(ENDS)}`],
      },
    ]);
    // the overall answer is the next rotation's
    expect(res.body).toMatchObject({ cleared: false, reasons: res.body.rotations[0].reasons });
  });
});

describe('sharing the roster with the site', () => {
  it('refuses while someone is blocked unless the coordinator gives a reason (409), and records the override and the recipient', async () => {
    await putTemplates([bls]);
    const blocked = await newStudent('Bea');
    const { rotation } = await rotationWith([blocked.username]);
    const sharer = clinicalStaff().coordinator;

    const refused = await share(sharer, rotation.id, { recipient: 'Unit manager, General' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^1 of 1 students are not cleared; give a reason/);
    expect(await auditEntriesBy(sharer.username)).toEqual([]);

    const res = await share(sharer, rotation.id, { recipient: 'Unit manager, General', override_reason: 'Card seen at orientation', expires_in_days: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), path: expect.stringMatching(/^\/shared\/rosters\/[A-Za-z0-9_-]{43}$/), expires_at: expect.any(String), overridden: true });
    expect(await auditEntriesBy(sharer.username)).toEqual([
      expect.objectContaining({
        action: 'rotation.roster.share',
        entityType: 'rotation',
        entityId: rotation.id,
        after: expect.objectContaining({
          share: res.body.id,
          recipient: 'Unit manager, General',
          override_reason: 'Card seen at orientation',
          not_cleared: 1,
          students: [blocked.username],
        }),
      }),
    ]);
  });

  it('shares a roster of cleared students without a reason; the page shows names, statuses and expiry dates only, audits each opening, and is gone (410) once expired', async () => {
    const { student, site, rotation } = await clearedOnRotation('Cleo');
    const res = await share(coordinator, rotation.id, { recipient: 'Site coordinator' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.overridden).toBe(false);
    const token = tokenOf(res.body.path);
    const actor = `shared-link:${res.body.id}`;

    const page = await openShared(token, { 'user-agent': 'Hospital browser' });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      ...placeOf(site, rotation),
      shared_at: expect.any(String),
      expires_at: res.body.expires_at,
      students: [
        {
          first_name: 'Cleo',
          last_name: student.profile.lastName,
          cleared: true,
          requirements: [{ name: bls.name, status_label: expect.any(String), expires_on: daysFromToday(400) }],
        },
      ],
    });
    const text = JSON.stringify(page.body);
    expect(text).not.toContain(student.username);
    expect(text).not.toMatch(/"reasons"|"key"|"files"|compliance\//);

    await openShared(token);
    const openings = await auditEntriesBy(actor);
    expect(openings).toHaveLength(2);
    expect(openings[0]).toMatchObject({
      action: 'rotation.roster.share.read',
      entityType: 'rotation',
      entityId: rotation.id,
      detail: expect.objectContaining({ share: res.body.id, expired: false }),
    });
    // newest first: where each came from (the second sent no User-Agent)
    expect(openings.map((e) => [e.detail.source_ip, e.detail.user_agent])).toEqual([
      ['127.0.0.1', null],
      ['127.0.0.1', 'Hospital browser'],
    ]);

    // a week later (the default is 7 days): gone, and the attempt is in the log too
    const late = await runAt(new Date(Date.now() + 8 * 86_400_000), () => openShared(token));
    expect(late.status).toBe(410);
    expect(late.body).toEqual({ error: expect.stringMatching(/expired/) });
    expect((await auditEntriesBy(actor))[0]).toMatchObject({ detail: expect.objectContaining({ expired: true }) });
  });

  it('an unknown link answers 404; a malformed one 400', async () => {
    const unknown = await openShared(
      Buffer.from(randomUUID() + randomUUID())
        .toString('base64url')
        .slice(0, 43),
    );
    expect(unknown.status).toBe(404);
    expect((await openShared('not-a-token')).status).toBe(400);
  });
});
