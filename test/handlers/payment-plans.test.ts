/**
 * Starting a payment plan and saving the card or bank account it debits, against DynamoDB Local and the Stripe
 * sandbox: the preview is the server's schedule from the ledger (to the cent, storing nothing); accepting needs the
 * student's typed name, the agreement and, for autopay, a method saved on their own Stripe Customer; the plan, its
 * setup fee (an ordinary charge) and the audit entry are one write; one plan per program, even from two tabs at once.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlanView, PlanPreview } from '../../lambdas/contract/payment-plans.js';
import { handler as createPlan } from '../../lambdas/functions/payment-plans/create.js';
import { handler as listPlans } from '../../lambdas/functions/payment-plans/student-list.js';
import { handler as deleteMethod } from '../../lambdas/functions/payment-methods/delete.js';
import { handler as listMethods } from '../../lambdas/functions/payment-methods/list.js';
import { handler as setupIntent } from '../../lambdas/functions/payment-methods/setup-intent.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { stripe } from '../../lambdas/store/payment-gateway.js';
import { getStudentLedger, getStudentProfile, studentKeys } from '../../lambdas/store/student.js';
import { auditEntriesBy } from './support/audit-entries.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createStudentRecord, uniqueName } from './support/fixtures.js';
import { offerTemplate } from './support/plans.js';

const template = uniqueName('plans-offer');
const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

// put again before each request: a PUT of the whole set by another file's test, from a read made before this one was
// put, would have removed it
const offered = () => offerTemplate(template, `Quarterly ${template}`, ['diploma']);
beforeAll(offered);

/** A student owing $1,200.00 on Practical Nursing, due in a year (no hold). */
const owingStudent = () =>
  createStudentRecord({
    profile: { firstName: 'Rosa', lastName: 'Alvarez' },
    enrollments: [{ programType: 'diploma', programId: 'pn', programName: 'Practical Nursing', nextDueDate: inAYear, enrolledAt: '2026-01-05T00:00:00.000Z' }],
    entries: [{ entryId: 'tuition', kind: 'charge', programType: 'diploma', programId: 'pn', amountCents: 120_000, createdAt: '2026-01-05T00:00:00.000Z' }],
  });

const plan = async (username: string, body: Record<string, unknown>, opts: { caller?: Caller; preview?: boolean } = {}) => {
  await offered();
  return invoke(
    createPlan,
    apiEvent('students-payment-plans-create', {
      caller: opts.caller ?? { username },
      pathParameters: { username },
      query: opts.preview ? { preview: 'true' } : {},
      body: { program_type: 'diploma', program_id: 'pn', template_id: template, ...body },
      headers: { 'user-agent': 'PlanTest/1.0' },
    }),
  );
};
const accept = (card: string) => ({ typed_name: 'rosa  ALVAREZ', accept_agreement: true, payment_method_id: card, autopay: true });

/** A Visa saved on the student's own Customer through the route and the SetupIntent Stripe.js would confirm. */
async function savedCard(username: string): Promise<string> {
  const started = await invoke(setupIntent, apiEvent('payment-methods-setup-intent', { caller: { username }, body: {} }));
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const confirmed = await (await stripe()).setupIntents.confirm(started.body.setup_intent_id, { payment_method: 'pm_card_visa' });
  expect(confirmed.status).toBe('succeeded');
  return String(confirmed.payment_method);
}

const partition = async (username: string) =>
  (await db.send(new QueryCommand({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': studentKeys.student(username) } }))).Items;

describe('starting a payment plan', () => {
  it('previews the schedule from the ledger, to the cent, with the agreement, and stores nothing', async () => {
    const student = await owingStudent();
    const before = await partition(student.username);
    const res = await plan(student.username, {}, { preview: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const preview = res.body as PlanPreview;
    expect(preview).toMatchObject({ program_name: 'Practical Nursing', balance: 1200, setup_fee: 25, total: 1225 });
    // 25% down plus the setup fee today, then three equal installments on the 5th of consecutive months
    expect(preview.schedule.map((l) => [l.kind, l.amount])).toEqual([
      ['down_payment', 325],
      ['installment', 300],
      ['installment', 300],
      ['installment', 300],
    ]);
    expect(preview.schedule.slice(1).every((l) => l.due_on.endsWith('-05'))).toBe(true);
    expect(preview.agreement.text).toMatch(/^I agree to pay \$1225\.00 for Practical Nursing in 4 payments/);
    expect(await partition(student.username)).toEqual(before);
  });

  it('refuses, naming what is missing, and stores nothing: no acceptance, another name, autopay without a saved method, a method not theirs', async () => {
    const student = await owingStudent();
    const other = await owingStudent();
    const theirs = await savedCard(other.username);
    const before = await partition(student.username);
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ typed_name: 'Rosa Alvarez', autopay: false }, /^accept_agreement: /],
      [{ typed_name: 'Someone Else', accept_agreement: true, autopay: false }, /^typed_name: type the student's full name, Rosa Alvarez/],
      [{ typed_name: 'Rosa Alvarez', accept_agreement: true }, /^payment_method_id: choose a saved card or bank account for autopay$/],
      [{ ...accept(theirs) }, /^payment_method_id: is not a saved card or bank account of this student$/],
      [{ ...accept(theirs), template_id: 'no-such-template' }, /^template_id: is not a payment plan offered for Practical Nursing$/],
      [{ ...accept(theirs), program_id: 'not-mine' }, /^program_id: is not a program this student is enrolled in$/],
    ];
    for (const [body, error] of refusals) {
      const res = await plan(student.username, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    expect(await partition(student.username)).toEqual(before);
  });

  it('starts the plan with autopay on a saved card: the setup fee is an ordinary charge, the agreement is kept and audited, one plan per program', async () => {
    const student = await owingStudent();
    const card = await savedCard(student.username);
    const res = await plan(student.username, accept(card));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const view = res.body as PaymentPlanView;
    expect(view).toMatchObject({
      status: 'active',
      autopay: true,
      payment_method: { id: card, type: 'card', label: 'Visa •••• 4242' },
      total: 1225,
      remaining: 1225,
      arrears: 0,
      agreement: { typed_name: 'rosa  ALVAREZ', version: expect.any(String) },
    });
    expect(view.installments.map((i) => i.status)).toEqual(['scheduled', 'scheduled', 'scheduled', 'scheduled']);

    const ledger = (await getStudentLedger(student.username))!;
    expect(ledger.entries.filter((e) => e.kind === 'charge').map((e) => [e.amountCents, e.reason])).toEqual(
      expect.arrayContaining([[2_500, `Payment plan setup fee (Quarterly ${template})`]]),
    );
    const profile = (await getStudentProfile(student.username))!;
    // the cached balance moved with the fee, in the same write
    expect(profile).toMatchObject({ onPaymentPlan: true, balanceCents: 122_500 });
    expect(ledger.enrollments[0]!.owedCents).toBe(122_500);

    const [entry] = await auditEntriesBy(student.username);
    expect(entry).toMatchObject({
      action: 'payment-plan.create',
      entityId: student.username,
      after: expect.objectContaining({ plan: view.id, agreement: expect.objectContaining({ typedName: 'rosa  ALVAREZ', userAgent: 'PlanTest/1.0' }) }),
    });

    const listed = await invoke(listPlans, apiEvent('students-payment-plans-list', { caller: { username: student.username }, pathParameters: { username: student.username } }));
    expect(listed.body.plans.map((p: PaymentPlanView) => p.id)).toEqual([view.id]);

    const again = await plan(student.username, accept(card));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('program_id: Practical Nursing already has a payment plan');
  });

  it('two tabs starting a plan at once: exactly one plan, one setup fee', async () => {
    const student = await owingStudent();
    const card = await savedCard(student.username);
    const answers = await Promise.all([plan(student.username, accept(card)), plan(student.username, accept(card))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const ledger = (await getStudentLedger(student.username))!;
    expect(ledger.entries.filter((e) => e.reason?.startsWith('Payment plan setup fee'))).toHaveLength(1);
    expect((await getStudentProfile(student.username))!.balanceCents).toBe(122_500);
  });
});

describe('saved payment methods', () => {
  it('one Customer per student even from two requests at once; the list shows labels; a method an active plan debits cannot be removed', async () => {
    const student = await owingStudent();
    const caller = { username: student.username };
    const started = await Promise.all([1, 2].map(() => invoke(setupIntent, apiEvent('payment-methods-setup-intent', { caller, body: {} }))));
    expect(started.map((s) => s.status)).toEqual([200, 200]);
    expect(started[0]!.body.customer_id).toBe(started[1]!.body.customer_id);
    expect((await getStudentProfile(student.username))!.stripeCustomerId).toBe(started[0]!.body.customer_id);

    const card = await savedCard(student.username);
    const spare = await savedCard(student.username);
    const list = async () => (await invoke(listMethods, apiEvent('students-payment-methods-list', { caller, pathParameters: { username: student.username } }))).body;
    expect((await list()).payment_methods.map((m: { id: string; label: string }) => [m.id, m.label])).toEqual(
      expect.arrayContaining([
        [card, 'Visa •••• 4242'],
        [spare, 'Visa •••• 4242'],
      ]),
    );

    expect((await plan(student.username, accept(card))).status).toBe(201);
    const remove = (id: string, by: Caller = caller) =>
      invoke(deleteMethod, apiEvent('students-payment-methods-delete', { caller: by, pathParameters: { username: student.username, id } }));
    const inUse = await remove(card);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe('Visa •••• 4242 pays the Practical Nursing plan: choose another payment method for the plan first');
    // another student cannot remove it; an id of none of theirs is not found
    expect((await remove(spare, { username: uniqueName('someone') })).status).toBe(403);
    expect((await remove('pm_card_visa')).status).toBe(404);
    expect((await remove(spare)).status).toBe(200);
    expect((await list()).payment_methods.map((m: { id: string }) => m.id)).toEqual([card]);
  });
});
