/**
 * The daily payment plan sweep (jobs table: payment-plans-sweep) on the real stand-ins: DynamoDB Local, the Stripe
 * sandbox (off-session debits, 3-D Secure, ACH settled by its clock) and the notifications pipeline. Plans are started
 * through the route as of a day in the past, and the job is run as of later days. Stripe's events are delivered to the
 * webhook handler as Stripe would (twice, shuffled): only they post money to the ledger.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import type Stripe from 'stripe';
import { handler as sweep } from '../../lambdas/functions/jobs/sweep-payment-plans.js';
import { handler as createPlan } from '../../lambdas/functions/payment-plans/create.js';
import { handler as setupIntent } from '../../lambdas/functions/payment-methods/setup-intent.js';
import { handler as listNotices } from '../../lambdas/functions/notifications/list.js';
import { runAt } from '../../lambdas/domain/clock.js';
import { addDays } from '../../lambdas/domain/compliance.js';
import { cancelPlan } from '../../lambdas/domain/plan-collection.js';
import { stripe } from '../../lambdas/store/payment-gateway.js';
import { changePlan, getPlan, type PaymentPlanRecord } from '../../lambdas/store/payment-plan.js';
import { getPaymentByIntent } from '../../lambdas/store/payment.js';
import { getStudentLedger, getStudentProfile, type StudentProfileRecord } from '../../lambdas/store/student.js';
import { apiEvent, invoke } from './support/events.js';
import { createStudentRecord, uniqueName } from './support/fixtures.js';
import { emailsTo, waitFor } from './support/mail.js';
import { offerTemplate } from './support/plans.js';
import { settle } from './support/stripe-sandbox.js';

const template = uniqueName('sweep-plans');
beforeAll(() => offerTemplate(template, `Monthly ${template}`, ['diploma']));

/** Late morning in Chicago on a school day. */
const at = (day: string) => `${day}T17:00:00.000Z`;
const sweepOn = (day: string) => sweep({ now: at(day) });
/** Stripe's events about the plan's debits delivered to the webhook on `day`, as Stripe would: late, twice, shuffled. */
const settleOn = async (day: string, planId: string) => runAt(new Date(at(day)), async () => settle(intentsOf((await getPlan(planId))!)));

type Method = 'card' | 'declined' | 'authentication' | 'ach' | 'ach_returned';

const MANDATE = { customer_acceptance: { type: 'online' as const, online: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' } } };

/** A card or bank account saved on the student's own Customer, as the SPA saves one (the setup intent route, then Stripe.js). */
async function saveMethod(username: string, method: Exclude<Method, 'declined'>): Promise<string> {
  const started = await invoke(setupIntent, apiEvent('payment-methods-setup-intent', { caller: { username }, body: {} }));
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const client = await stripe();
  if (method === 'card') return String((await client.setupIntents.confirm(started.body.setup_intent_id, { payment_method: 'pm_card_visa' })).payment_method);
  if (method === 'authentication') {
    const si = started.body.setup_intent_id as string;
    const pending = await client.setupIntents.confirm(si, { payment_method: 'pm_card_authenticationRequired', return_url: 'http://localhost:5173/plans/return' });
    expect(pending.status).toBe('requires_action');
    await client.request('POST', `/__control/authenticate/${si}`, { outcome: 'complete' });
    return String((await client.setupIntents.retrieve(si)).payment_method);
  }
  const si = await client.setupIntents.create({ customer: started.body.customer_id, payment_method_options: { us_bank_account: { verification_method: 'instant' } } });
  const accountNumber = method === 'ach' ? '000123456789' : '000111111113';
  const done = await client.setupIntents.confirm(si.id, {
    payment_method_data: {
      type: 'us_bank_account',
      us_bank_account: { routing_number: '110000000', account_number: accountNumber, account_holder_type: 'individual' },
      billing_details: { name: 'Rosa Alvarez' },
    },
    mandate_data: MANDATE,
  } as Stripe.SetupIntentConfirmParams);
  expect(done.status).toBe('succeeded');
  return String(done.payment_method);
}

/**
 * A student owing $1,200.00 starts a plan on `startDay`: $325.00 down that day (25% and the $25.00 setup fee), then
 * $300.00 on the 5th of the next three months; a $15.00 late fee after 10 days, $20.00 per returned debit.
 */
async function startPlan(startDay: string, method: Method, profile: Partial<StudentProfileRecord> = {}) {
  const student = await createStudentRecord({
    profile: { firstName: 'Rosa', lastName: 'Alvarez', ...profile },
    enrollments: [{ programType: 'diploma', programId: 'pn', programName: 'Practical Nursing', nextDueDate: '2027-12-31', enrolledAt: '2026-01-05T00:00:00.000Z' }],
    entries: [{ entryId: 'tuition', kind: 'charge', programType: 'diploma', programId: 'pn', amountCents: 120_000, createdAt: '2026-01-05T00:00:00.000Z' }],
  });
  const saved = await saveMethod(student.username, method === 'declined' ? 'card' : method);
  await offerTemplate(template, `Monthly ${template}`, ['diploma']);
  const res = await runAt(new Date(at(startDay)), () =>
    invoke(
      createPlan,
      apiEvent('students-payment-plans-create', {
        caller: { username: student.username },
        pathParameters: { username: student.username },
        body: { program_type: 'diploma', program_id: 'pn', template_id: template, typed_name: 'Rosa Alvarez', accept_agreement: true, payment_method_id: saved, autopay: true },
      }),
    ),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const planId = res.body.id as string;
  if (method === 'declined') {
    // the sandbox's always-declining card (…0002) cannot be saved through a SetupIntent (it declines the setup too)
    await runAt(new Date(at(startDay)), () =>
      changePlan(planId, async (p) => ({ plan: { ...p, paymentMethod: { id: 'pm_card_chargeDeclined', type: 'card', label: 'Visa •••• 0002' } } }), at(startDay)),
    );
  }
  return { student, planId };
}

const plan = async (id: string) => (await getPlan(id))!;
const downPayment = async (id: string) => (await plan(id)).installments.find((i) => i.seq === 0)!;
const intentsOf = (p: PaymentPlanRecord) => new Set(p.installments.flatMap((i) => i.attempts.map((a) => a.intentId)));

/** The PaymentIntents Stripe holds for the plan (by the metadata every debit carries). */
async function stripeIntentsOf(planId: string): Promise<Stripe.PaymentIntent[]> {
  const found: Stripe.PaymentIntent[] = [];
  for await (const pi of (await stripe()).paymentIntents.list({ limit: 100 })) if (pi.metadata?.plan === planId) found.push(pi);
  return found;
}

/** Stops the plan collecting (as a cancellation will), so later runs of this file leave it alone. */
const cancel = (id: string, day: string) => changePlan(id, async (p) => ({ plan: { ...p, ...cancelPlan(p) } }), at(day));

const noticeTitles = async (username: string) =>
  ((await invoke(listNotices, apiEvent('notifications-list', { caller: { username } }))).body.results as Array<{ title: string }>).map((n) => n.title);

const lateFees = async (username: string) => (await getStudentLedger(username))!.entries.filter((e) => e.reason?.startsWith('Payment plan late fee'));

describe('the payment plan sweep', () => {
  it(
    'debits the saved card (4242) on the due day; the verified event pays the installment and posts the payment; a rerun makes no second debit',
    { timeout: 120_000 },
    async () => {
      const day = '2026-02-02';
      const { student, planId } = await startPlan(day, 'card');
      expect((await getStudentProfile(student.username))!.balanceCents).toBe(122_500);

      const first = await sweepOn(day);
      expect(first.done).toContain(`${planId} charge 0#1 processing`);
      // Stripe took the money, but until its verified event arrives nothing is in the ledger
      expect(await downPayment(planId)).toMatchObject({ status: 'processing', attempts: [{ n: 1, outcome: 'processing' }] });
      expect((await getStudentProfile(student.username))!.balanceCents).toBe(122_500);

      const again = await sweepOn(day);
      expect(again.done.filter((d) => d.startsWith(planId))).toEqual([]);
      expect(await stripeIntentsOf(planId)).toHaveLength(1);

      const statuses = await settleOn(day, planId);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const paid = await plan(planId);
      expect(paid.installments[0]).toMatchObject({ status: 'paid', attempts: [{ n: 1, outcome: 'succeeded' }] });
      expect(paid.status).toBe('active');
      const [intentId] = [...intentsOf(paid)];
      const ledger = (await getStudentLedger(student.username))!;
      // exactly one payment entry, however often the event was delivered
      expect(ledger.entries.filter((e) => e.kind === 'payment').map((e) => [e.amountCents, e.reference])).toEqual([[32_500, intentId]]);
      expect((await getStudentProfile(student.username))!.balanceCents).toBe(90_000);
      expect(ledger.enrollments[0]!.owedCents).toBe(90_000);
      expect(await getPaymentByIntent(intentId!)).toMatchObject({ status: 'succeeded', amountCents: 32_500, methodDetail: 'Visa •••• 4242' });
      await waitFor(async () => (await noticeTitles(student.username)).includes('Payment received'), 'the receipt notice');

      // the next installment: reminded 7 and 1 days before (once each, in the inbox and by email), then debited on the 5th
      await sweepOn('2026-02-26');
      await sweepOn('2026-02-26');
      await sweepOn('2026-03-04');
      expect((await plan(planId)).sentReminders).toEqual([`${planId}#1#remind-7`, `${planId}#1#remind-1`]);
      await waitFor(async () => (await noticeTitles(student.username)).filter((t) => t.startsWith('Payment plan:')).length === 2, 'two reminders');
      expect((await noticeTitles(student.username)).filter((t) => t.startsWith('Payment plan:')).sort()).toEqual([
        'Payment plan: $300.00 due in 7 days',
        'Payment plan: $300.00 due tomorrow',
      ]);
      await waitFor(async () => (await emailsTo(student.email)).some((e) => e.subject === 'A payment plan payment is coming up'), 'the reminder email');
      for (const email of await emailsTo(student.email)) expect(JSON.stringify(email)).not.toMatch(/300\.00|325\.00|Practical Nursing/);
      await sweepOn('2026-03-05');
      expect((await plan(planId)).installments[1]).toMatchObject({ status: 'processing', attempts: [{ n: 1, on: '2026-03-05' }] });
      await cancel(planId, '2026-03-05');
    },
  );

  it('a declined card (…0002) is retried at +3 and +7 days, then is past due and gets exactly one late fee after the grace days', { timeout: 120_000 }, async () => {
    const day = '2026-04-01';
    const { student, planId } = await startPlan(day, 'declined');
    const run = async (d: string) => {
      await sweepOn(d);
      await settleOn(d, planId);
    };
    await run(day);
    await run(day);
    expect(await downPayment(planId)).toMatchObject({ status: 'scheduled', attempts: [{ n: 1, outcome: 'declined', code: 'generic_decline' }] });
    await run(addDays(day, 1));
    await run(addDays(day, 2));
    expect((await downPayment(planId)).attempts).toHaveLength(1);
    await run(addDays(day, 3));
    await run(addDays(day, 7));
    await run(addDays(day, 7));
    const third = await downPayment(planId);
    expect(third.attempts.map((a) => [a.n, a.on, a.outcome])).toEqual([
      [1, day, 'declined'],
      [2, addDays(day, 3), 'declined'],
      [3, addDays(day, 7), 'declined'],
    ]);
    expect(await stripeIntentsOf(planId)).toHaveLength(3);
    await run(addDays(day, 8));
    expect(await downPayment(planId)).toMatchObject({ status: 'past_due', lateFee: null });
    expect((await plan(planId)).status).toBe('past_due');
    expect(await lateFees(student.username)).toEqual([]);
    // grace of 10 days: the fee on day 11, once, however often the sweep runs
    await run(addDays(day, 10));
    expect(await lateFees(student.username)).toEqual([]);
    await run(addDays(day, 11));
    await run(addDays(day, 11));
    await run(addDays(day, 12));
    const fees = await lateFees(student.username);
    expect(fees.map((f) => f.amountCents)).toEqual([1_500]);
    expect((await downPayment(planId)).lateFee).toMatchObject({ entryId: fees[0]!.entryId, postedOn: addDays(day, 11) });
    // the fee is an ordinary charge: balance and owed counter moved with it; no payment was ever posted
    expect((await getStudentProfile(student.username))!.balanceCents).toBe(122_500 + 1_500);
    expect((await getStudentLedger(student.username))!.entries.filter((e) => e.kind === 'payment')).toEqual([]);
    expect(await stripeIntentsOf(planId)).toHaveLength(3);
    await cancel(planId, addDays(day, 12));
  });

  it('a VA chapter 33 student whose VA payment is pending is past due but gets no late fee', { timeout: 120_000 }, async () => {
    const day = '2026-04-15';
    const { student, planId } = await startPlan(day, 'declined', { vaBenefit: { chapter: '33', paymentPending: true } });
    for (const d of [0, 3, 7, 8, 11, 12]) {
      await sweepOn(addDays(day, d));
      await settleOn(addDays(day, d), planId);
    }
    expect(await downPayment(planId)).toMatchObject({ status: 'past_due', lateFee: null });
    expect(await lateFees(student.username)).toEqual([]);
    await cancel(planId, addDays(day, 12));
  });

  it('a card whose bank wants the student (3-D Secure) is not charged off-session: the student is told to complete the payment signed in', { timeout: 120_000 }, async () => {
    const day = '2026-05-04';
    const { student, planId } = await startPlan(day, 'authentication');
    const result = await sweepOn(day);
    expect(result.done).toContain(`${planId} charge 0#1 authentication_required`);
    await settleOn(day, planId);
    expect(await downPayment(planId)).toMatchObject({ status: 'action_needed', attempts: [{ outcome: 'authentication_required' }] });
    await sweepOn(day);
    expect(await stripeIntentsOf(planId)).toHaveLength(1);
    await waitFor(async () => (await noticeTitles(student.username)).includes('Action needed: complete your payment plan payment'), 'the action-needed notice');
    expect((await noticeTitles(student.username)).filter((t) => t.startsWith('Action needed'))).toHaveLength(1);
    await waitFor(async () => (await emailsTo(student.email)).some((e) => e.subject === 'Action needed on a payment'), 'the action-needed email');
    const email = (await emailsTo(student.email)).find((e) => e.subject === 'Action needed on a payment');
    expect(JSON.stringify(email)).not.toMatch(/325\.00|Practical Nursing/);
    // unresolved 7 days after the due day: past due
    await sweepOn(addDays(day, 7));
    expect((await downPayment(planId)).status).toBe('past_due');
    await cancel(planId, addDays(day, 7));
  });

  it('ACH: the debit is processing, then settles four days later (succeeded: paid), or is returned (failed: reopened, returned-payment fee)', { timeout: 120_000 }, async () => {
    const day = '2026-06-01';
    const ok = await startPlan(day, 'ach');
    const returned = await startPlan(day, 'ach_returned');
    await sweepOn(day);
    for (const p of [ok, returned]) {
      expect(await downPayment(p.planId)).toMatchObject({ status: 'processing', attempts: [{ outcome: 'processing' }] });
      await settleOn(day, p.planId);
      expect((await downPayment(p.planId)).status).toBe('processing');
    }
    // the sandbox settles debits by its clock: four days on
    await (await stripe()).request('POST', '/__control/settle', { now: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    for (const p of [ok, returned]) await settleOn(addDays(day, 2), p.planId);

    expect(await downPayment(ok.planId)).toMatchObject({ status: 'paid', attempts: [{ outcome: 'succeeded' }] });
    expect((await getStudentProfile(ok.student.username))!.balanceCents).toBe(90_000);

    const reopened = await downPayment(returned.planId);
    expect(reopened).toMatchObject({ status: 'scheduled', attempts: [{ n: 1, outcome: 'failed', code: 'account_closed' }] });
    expect(reopened.returnedFees).toHaveLength(1);
    const ledger = (await getStudentLedger(returned.student.username))!;
    expect(ledger.entries.filter((e) => e.reason?.startsWith('Payment plan returned payment fee')).map((e) => e.amountCents)).toEqual([2_000]);
    expect(ledger.entries.filter((e) => e.kind === 'payment')).toEqual([]);
    expect((await getStudentProfile(returned.student.username))!.balanceCents).toBe(122_500 + 2_000);
    // the next attempt comes at +3 days
    await sweepOn(addDays(day, 3));
    expect((await downPayment(returned.planId)).attempts.map((a) => a.n)).toEqual([1, 2]);
    for (const p of [ok, returned]) await cancel(p.planId, addDays(day, 3));
  });

  it('a cancelled plan is not debited any more', { timeout: 120_000 }, async () => {
    const day = '2026-07-01';
    const { planId } = await startPlan(day, 'card');
    await sweepOn(day);
    await settleOn(day, planId);
    await cancel(planId, day);
    expect((await plan(planId)).status).toBe('cancelled');
    for (const d of ['2026-07-29', '2026-08-04', '2026-08-05', '2026-09-05']) {
      const result = await sweepOn(d);
      expect(result.done.filter((x) => x.startsWith(planId))).toEqual([]);
    }
    const after = await plan(planId);
    expect(after.installments.map((i) => i.status)).toEqual(['paid', 'cancelled', 'cancelled', 'cancelled']);
    expect(after.sentReminders).toEqual([]);
    expect(await stripeIntentsOf(planId)).toHaveLength(1);
  });
});
