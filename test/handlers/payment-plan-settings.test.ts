/**
 * The finance office's plan settings and a student's holds, against DynamoDB Local: PUT replaces the set of plan
 * templates (new ones get an id, kept ones keep theirs, left-out ones go) and the hold rules, audited; students see
 * only the templates on offer; holds are worked out from the ledger and the rules as of today, lift when paid, spare
 * a VA beneficiary whose payment is pending, and a staff read of them is audited. One file, so no other test moves
 * the rules between a save and the reads that depend on it (the matrix hands back the rules it found).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlanTemplate, PlanTemplatesResponse } from '../../lambdas/contract/payment-plans.js';
import { handler as getTemplates } from '../../lambdas/functions/payment-plans/templates-get.js';
import { handler as putTemplates } from '../../lambdas/functions/payment-plans/templates-put.js';
import { handler as getHolds } from '../../lambdas/functions/students/holds.js';
import { handler as createPlan } from '../../lambdas/functions/payment-plans/create.js';
import { getStudentLedger } from '../../lambdas/store/student.js';
import { planTemplateForm } from '../security/authorization-matrix.js';
import { auditEntriesBy } from './support/audit-entries.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createStudentRecord, uniqueName } from './support/fixtures.js';
import { offerTemplate } from './support/plans.js';

const finance: Caller = { username: uniqueName('plans-finance'), roles: ['finance'] };
const read = async (caller: Caller = finance) => (await invoke(getTemplates, apiEvent('payment-plan-templates-get', { caller }))).body as PlanTemplatesResponse;
/** PUT of the settings as of `version`: by default the one in force now, as an editor that has just read them. */
const save = async (body: Record<string, unknown>, caller: Caller = finance) =>
  invoke(putTemplates, apiEvent('payment-plan-templates-put', { caller, body: { version: (await read()).version, ...body } }));
const tag = uniqueName('plan');
const mine = (t: { name: string }) => t.name.includes(tag);
/** Templates of other test files in force now: a PUT replaces the whole set, so it carries them on (ids kept). */
const others = async () => (await read()).templates.filter((t) => !mine(t));

let rulesBefore: PlanTemplatesResponse['hold_rules'];

beforeAll(async () => {
  rulesBefore = (await read()).hold_rules;
});
afterAll(async () => {
  // leave no template of this file and the rules as found
  await save({ templates: await others(), hold_rules: rulesBefore });
});

describe('payment plan templates', () => {
  it('creates, keeps by id and removes the left-out; amounts in dollars, kept in cents; students see only the active ones', async () => {
    const monthly = { ...planTemplateForm(`Monthly ${tag}`), setup_fee: '25', late_fee: 15.5 };
    const retired = { ...planTemplateForm(`Old ${tag}`), active: false };
    const created = await save({ templates: [...(await others()), monthly, retired], hold_rules: rulesBefore });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const saved = (created.body.templates as PaymentPlanTemplate[]).filter(mine);
    expect(saved.map((t) => t.name).sort()).toEqual([`Monthly ${tag}`, `Old ${tag}`]);
    const monthlyId = saved.find((t) => t.name.startsWith('Monthly'))!.id;
    expect(monthlyId).toMatch(/^monthly-plan-/);
    expect(saved.find((t) => t.id === monthlyId)).toMatchObject({
      down_payment_percent: 25,
      installments: 4,
      day_of_month: 5,
      setup_fee: 25,
      late_fee: 15.5,
      returned_payment_fee: 20,
    });

    const student = await createStudentRecord();
    const offered = (await read({ username: student.username })).templates.filter(mine);
    expect(offered.map((t) => t.name)).toEqual([`Monthly ${tag}`]);
    expect((await read()).templates.filter(mine)).toHaveLength(2);

    // the old one is left out, the monthly one kept by its id with new terms
    const kept = await save({ templates: [...(await others()), { ...monthly, id: monthlyId, installments: 6 }], hold_rules: rulesBefore });
    expect(kept.status).toBe(200);
    expect((await read()).templates.filter(mine).map((t) => [t.id, t.installments])).toEqual([[monthlyId, 6]]);

    const [entry] = await auditEntriesBy(finance.username);
    expect(entry).toMatchObject({ action: 'payment-plan.templates.update', entityType: 'payment-plan-templates', after: expect.objectContaining({ removed: `Old ${tag}` }) });
  });

  it('refuses, naming the field, and stores nothing: a name twice, terms out of range, a fee below zero, an unknown id', async () => {
    const before = await read();
    const refusals: Array<[unknown, number, RegExp]> = [
      [[planTemplateForm(`Twice ${tag}`), planTemplateForm(`TWICE ${tag}`)], 400, /^templates\.\d+\.name: TWICE .* is listed twice$/],
      [[{ ...planTemplateForm(`Long ${tag}`), installments: 25 }], 400, /^templates\.\d+\.installments: must be a whole number from 1 to 24$/],
      [[{ ...planTemplateForm(`Day ${tag}`), day_of_month: 31 }], 400, /^templates\.\d+\.day_of_month: must be a whole number from 1 to 28$/],
      [[{ ...planTemplateForm(`Fee ${tag}`), late_fee: '-5.00' }], 400, /^templates\.\d+\.late_fee: must be an amount from 0\.00 to 1000\.00$/],
      [[{ ...planTemplateForm(`Types ${tag}`), program_types: ['diploma', 'diploma'] }], 400, /^templates\.\d+\.program_types: names a program type twice$/],
      [[{ ...planTemplateForm(`Ghost ${tag}`), id: `${tag}-gone` }], 409, /^templates: no template .*-gone/],
    ];
    for (const [templates, status, error] of refusals) {
      const res = await save({ templates: [...(await others()), ...(templates as unknown[])], hold_rules: rulesBefore });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error).toMatch(error);
    }
    expect((await read()).templates.filter(mine)).toEqual(before.templates.filter(mine));
  });

  it("refuses a save of the settings as they were before another's save (409), storing nothing of it", async () => {
    const admin: Caller = { username: uniqueName('plans-admin'), roles: ['admin'] };
    const opened = await read();
    const saved = await save(
      { templates: [...opened.templates.filter((t) => !mine(t)), planTemplateForm(`First ${tag}`)], hold_rules: rulesBefore, version: opened.version },
      admin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.version).toBe(opened.version + 1);
    expect((await read()).version).toBe(saved.body.version);
    // opened at the same version: this save would remove the template just added
    const logged = (await auditEntriesBy(finance.username)).length;
    const late = await save({ templates: [...opened.templates.filter((t) => !mine(t)), planTemplateForm(`Second ${tag}`)], hold_rules: rulesBefore, version: opened.version });
    expect(late).toMatchObject({
      status: 409,
      body: { error: 'The plan settings were changed by someone else since you opened them. Their changes are shown now: make yours again.' },
    });
    expect((await read()).templates.filter(mine).map((t) => t.name)).toEqual([`First ${tag}`]);
    expect(await auditEntriesBy(finance.username)).toHaveLength(logged);
  });

  it('only finance and admins save; a student, staff or compliance is refused before anything is read', async () => {
    for (const caller of [
      { username: uniqueName('plans-student') },
      { username: uniqueName('plans-staff'), roles: ['staff'] },
      { username: uniqueName('plans-cc'), roles: ['compliance'] },
    ] as Caller[]) {
      const res = await save({ templates: [], hold_rules: rulesBefore }, caller);
      expect(res.status).toBe(403);
    }
  });
});

describe('holds', () => {
  const holdsOf = (username: string, caller: Caller = { username }) => invoke(getHolds, apiEvent('students-holds', { caller, pathParameters: { username } }));
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const owing = (dueDaysAgo: number, cents: number, profile = {}) =>
    createStudentRecord({
      enrollments: [{ programType: 'diploma', programId: 'pn', programName: 'Practical Nursing', nextDueDate: daysAgo(dueDaysAgo), enrolledAt: '2026-01-05T00:00:00.000Z' }],
      entries: [{ entryId: 'tuition', kind: 'charge', programType: 'diploma', programId: 'pn', amountCents: cents, createdAt: '2026-01-05T00:00:00.000Z' }],
      profile,
    });
  const rules = (over: Record<string, unknown> = {}) => ({
    installment_past_due_days: 14,
    balance_past_due: { threshold: '500.00', days: 30 },
    blocks: { plan_enrollment: true, clinical_clearance: true },
    ...over,
  });
  const saveRules = async (r: ReturnType<typeof rules>) => expect((await save({ templates: await others(), hold_rules: r })).status).toBe(200);

  it('turns on from the balance rule with its reason and how to clear it, and goes when paid', async () => {
    await saveRules(rules());
    const student = await owing(45, 120_000);
    const held = await holdsOf(student.username);
    expect(held.status).toBe(200);
    expect(held.body.holds).toEqual([
      expect.objectContaining({
        kind: 'balance_past_due',
        program_name: 'Practical Nursing',
        amount: 1200,
        since: daysAgo(45),
        reason: expect.stringMatching(/\$1,200\.00.*Practical Nursing/),
        how_to_clear: expect.stringMatching(/\S/),
        blocks: ['plan_enrollment', 'clinical_clearance'],
      }),
    ]);
    // whatever holds, paying, the bill and one's own records are never blocked
    expect(held.body.never_blocked).toEqual(expect.arrayContaining(['paying', 'viewing the bill']));

    // under the threshold, or not yet past the days: no hold
    expect((await holdsOf((await owing(45, 40_000)).username)).body.holds).toEqual([]);
    expect((await holdsOf((await owing(20, 120_000)).username)).body.holds).toEqual([]);

    // the rules decide what a hold blocks and from what amount (changed only where no other file's holds move:
    // clinical clearance stays blocked, and $6,500.00 60 days past due stays held; the rest is domain/financial-holds.test.ts)
    await saveRules(rules({ blocks: { plan_enrollment: false, clinical_clearance: true } }));
    expect((await holdsOf(student.username)).body.holds[0].blocks).toEqual(['clinical_clearance']);
    await saveRules(rules({ balance_past_due: { threshold: '2000.00', days: 30 } }));
    expect((await holdsOf(student.username)).body.holds).toEqual([]);
    await saveRules(rules());

    // paid: a payment entry covering the balance lifts it, with nothing else to do
    const paid = await createStudentRecord({
      enrollments: [{ programType: 'diploma', programId: 'pn', programName: 'Practical Nursing', nextDueDate: daysAgo(45), enrolledAt: '2026-01-05T00:00:00.000Z' }],
      entries: [
        { entryId: 'tuition', kind: 'charge', programType: 'diploma', programId: 'pn', amountCents: 120_000, createdAt: '2026-01-05T00:00:00.000Z' },
        {
          entryId: 'paid',
          kind: 'payment',
          programType: 'diploma',
          programId: 'pn',
          amountCents: 120_000,
          createdAt: '2026-02-05T00:00:00.000Z',
          status: 'succeeded',
          method: 'card',
          reference: 'pi_x',
        },
      ],
    });
    expect((await holdsOf(paid.username)).body.holds).toEqual([]);
  });

  it('a hold that blocks new plans refuses one with its reason and how to clear it; a preview is refused the same way', async () => {
    await saveRules(rules());
    const offer = uniqueName('held-offer');
    await offerTemplate(offer, `Held ${tag}`, ['diploma'], { downPaymentPercent: 0, installments: 2, setupFeeCents: 0, lateFeeCents: 0 });
    const student = await owing(45, 120_000);
    for (const query of [{ preview: 'true' }, {}] as Array<Record<string, string>>) {
      const res = await invoke(
        createPlan,
        apiEvent('students-payment-plans-create', {
          caller: { username: student.username },
          pathParameters: { username: student.username },
          query,
          body: { program_type: 'diploma', program_id: 'pn', template_id: offer, typed_name: 'Test Student', accept_agreement: true, autopay: false },
        }),
      );
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/^A hold stops new payment plans: Balance of \$1,200\.00 for Practical Nursing past due since .+\. Pay the \$1,200\.00 owed from My Bill/);
    }
    expect((await getStudentLedger(student.username))!.entries).toHaveLength(1);
  });

  it('spares a VA beneficiary while the VA payment is pending (38 U.S.C. 3679(e)), and holds once it is not', async () => {
    await saveRules(rules());
    const pending = await owing(60, 300_000, { vaBenefit: { chapter: '33', paymentPending: true } });
    expect((await holdsOf(pending.username)).body.holds).toEqual([]);
    const notPending = await owing(60, 300_000, { vaBenefit: { chapter: '33', paymentPending: false } });
    expect((await holdsOf(notPending.username)).body.holds).toHaveLength(1);
  });

  it("a student reads only their own; staff read anyone's, audited first; an unknown student is a 404", async () => {
    const a = await owing(45, 120_000);
    const b = await owing(45, 120_000);
    expect((await holdsOf(b.username, { username: a.username })).status).toBe(403);
    const officer: Caller = { username: uniqueName('holds-finance'), roles: ['finance'] };
    expect((await holdsOf(b.username, officer)).status).toBe(200);
    expect(await auditEntriesBy(officer.username)).toEqual([expect.objectContaining({ action: 'student.holds.read', entityType: 'student', entityId: b.username })]);
    // a student's own read is not audited
    expect((await holdsOf(a.username)).status).toBe(200);
    expect(await auditEntriesBy(a.username)).toEqual([]);
    expect((await holdsOf(uniqueName('nobody'), officer)).status).toBe(404);
  });
});
