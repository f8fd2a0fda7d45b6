/**
 * Collecting payment plans on the real stand-ins: DynamoDB Local, the Stripe sandbox (off-session debits, 3-D Secure,
 * ACH settled by its clock) and the notifications pipeline.
 *  - the daily sweep (jobs table: payment-plans-sweep);
 *  - the student's Pay now (on session: a card that wants 3-D Secure is sent to the bank's page, and completing it pays);
 *  - finance's changes (pause, resume, reschedule, cancel, re-amortize, waive a late fee, each audited), the student's
 *    method and autopay, and finance's list by status.
 * Plans are started through the route as of a day in the past, and the job is run as of later days. Stripe's events are
 * delivered to the webhook handler as Stripe would (twice, shuffled): only they post money to the ledger.
 * One file, run in order: the sweep reads every plan due by its day, so a second file sweeping beside this one would
 * collect this one's plans; each test cancels its plans before it ends, on days later than the tests before it.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import type { PayNowResponse, PaymentPlanView, PlanListResponse } from '../../lambdas/contract/payment-plans.js';
import { runAt } from '../../lambdas/domain/clock.js';
import { handler as listPlans } from '../../lambdas/functions/payment-plans/list.js';
import { handler as payNow } from '../../lambdas/functions/payment-plans/pay-now.js';
import { handler as updatePlan } from '../../lambdas/functions/payment-plans/update.js';
import { postLedgerEntry } from '../../lambdas/store/student-ledger.js';
import { auditEntriesBy, auditEntriesOf } from './support/audit-entries.js';
import { handler as holds } from '../../lambdas/functions/students/holds.js';
import { getPlanSettings } from '../../lambdas/store/plan-template.js';
import { handler as listNotices } from '../../lambdas/functions/notifications/list.js';
import { addDays } from '../../lambdas/domain/compliance.js';
import { stripe } from '../../lambdas/store/payment-gateway.js';
import { getPaymentByIntent } from '../../lambdas/store/payment.js';
import { getStudentLedger, getStudentProfile } from '../../lambdas/store/student.js';
import { apiEvent, invoke } from './support/events.js';
import { uniqueName } from './support/fixtures.js';
import { emailsTo, waitFor } from './support/mail.js';
import { at, cancel, planOn, downPayment, intentsOf, offerTemplate, plan, saveMethod, settleOn, startPlan, stripeIntentsOf, sweepOn } from './support/plans.js';

const template = uniqueName('sweep-plans');
beforeAll(() => offerTemplate(template, `Monthly ${template}`, ['diploma']));

const noticeTitles = async (username: string) =>
  ((await invoke(listNotices, apiEvent('notifications-list', { caller: { username } }))).body.results as Array<{ title: string }>).map((n) => n.title);

const lateFees = async (username: string) => (await getStudentLedger(username))!.entries.filter((e) => e.reason?.startsWith('Payment plan late fee'));

describe('the payment plan sweep', () => {
  it(
    'debits the saved card (4242) on the due day; the verified event pays the installment and posts the payment; a rerun makes no second debit',
    { timeout: 120_000 },
    async () => {
      const day = '2026-02-02';
      const { student, planId } = await startPlan(template, day, 'card');
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
    const { student, planId } = await startPlan(template, day, 'declined');
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
    const { student, planId } = await startPlan(template, day, 'declined', { vaBenefit: { chapter: '33', paymentPending: true } });
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
    const { student, planId } = await startPlan(template, day, 'authentication');
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
    const ok = await startPlan(template, day, 'ach');
    const returned = await startPlan(template, day, 'ach_returned');
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
    const { planId } = await startPlan(template, day, 'card');
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

const FINANCE = { username: 'finance-officer', roles: ['finance' as const] };

/** Pay now as `username` on `day` (the plan's student unless said). */
const payNowOn = (day: string, planId: string, username: string, body: Record<string, unknown> = {}) =>
  runAt(new Date(at(day)), () =>
    invoke(payNow, apiEvent('payment-plans-pay-now', { caller: { username }, pathParameters: { id: planId }, body, headers: { host: 'localhost:3000' } })),
  );

/** What finance did to a student's plans, from the log (written as of the moved clock: read by actor, not by day). */
const financeAudit = async (username: string) => (await auditEntriesBy(FINANCE.username)).filter((e) => e.entityId === username);

const change = (day: string, planId: string, caller: { username: string; roles?: Array<'finance' | 'admin'> }, body: Record<string, unknown>) =>
  runAt(new Date(at(day)), () => invoke(updatePlan, apiEvent('payment-plans-update', { caller, pathParameters: { id: planId }, body })));

describe('Pay now', () => {
  it('pays the next payment early with the saved card: processing until the verified event, then paid; two tabs make one debit', { timeout: 120_000 }, async () => {
    const day = '2026-08-03';
    const { student, planId } = await startPlan(template, day, 'card');
    // the down payment, from two tabs at once: one PaymentIntent (the attempt's idempotency key); a tab that read the
    // plan after the other recorded the debit is told it is being processed
    const answers = await Promise.all([payNowOn(day, planId, student.username), payNowOn(day, planId, student.username)]);
    for (const res of answers) {
      if (res.status === 409) expect(res.body.error).toBe('Payment 0 is being processed: it shows as paid once the bank confirms it');
      else expect(res.body as PayNowResponse, JSON.stringify(res.body)).toMatchObject({ outcome: 'processing', seq: 0, amount: 325, next_action_url: null });
    }
    expect(answers.some((res) => res.status === 200)).toBe(true);
    expect(await stripeIntentsOf(planId)).toHaveLength(1);
    // the sweep the same morning finds the payment already on its way
    await sweepOn(day);
    expect(await stripeIntentsOf(planId)).toHaveLength(1);
    expect((await getStudentProfile(student.username))!.balanceCents).toBe(122_500);
    await settleOn(day, planId);
    expect(await downPayment(planId)).toMatchObject({ status: 'paid', attempts: [{ n: 1, outcome: 'succeeded' }] });
    expect((await getStudentProfile(student.username))!.balanceCents).toBe(90_000);

    // and the first installment a month early: paid the same way, never debited again on its day
    const early = await payNowOn(addDays(day, 1), planId, student.username);
    expect(early.body).toMatchObject({ outcome: 'processing', seq: 1, amount: 300 });
    await settleOn(addDays(day, 1), planId);
    await sweepOn('2026-09-05');
    expect(await stripeIntentsOf(planId)).toHaveLength(2);
    expect((await plan(planId)).installments[1]).toMatchObject({ status: 'paid' });
    expect((await getStudentProfile(student.username))!.balanceCents).toBe(60_000);
    await cancel(planId, '2026-09-05');
  });

  it('completes a payment the bank wanted the student for: the sweep asked, Pay now sends them to the 3-D Secure page, and completing it pays', { timeout: 120_000 }, async () => {
    const day = '2026-08-10';
    const { student, planId } = await startPlan(template, day, 'authentication');
    await sweepOn(day);
    await settleOn(day, planId);
    expect(await downPayment(planId)).toMatchObject({ status: 'action_needed' });
    const [intentId] = (await stripeIntentsOf(planId)).map((pi) => pi.id);

    const res = await payNowOn(addDays(day, 1), planId, student.username, { return_path: '/payment-plan?plan=1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as PayNowResponse;
    expect(body).toMatchObject({ outcome: 'requires_action', seq: 0, message: 'Your bank needs you to confirm this payment.' });
    expect(body.next_action_url).toMatch(new RegExp(`/__control/authenticate/${intentId}$`));
    // the same PaymentIntent, confirmed again on session: no second debit
    const intents = await stripeIntentsOf(planId);
    expect(intents.map((pi) => pi.id)).toEqual([intentId]);
    expect(intents[0]!.next_action?.redirect_to_url?.return_url).toBe('http://localhost:3000/payment-plan?plan=1');

    // the student completes the bank's page; the verified event pays the installment
    await (await stripe()).request('POST', `/__control/authenticate/${intentId}`, { outcome: 'complete' });
    await settleOn(addDays(day, 1), planId);
    expect(await downPayment(planId)).toMatchObject({ status: 'paid', attempts: [{ n: 1, outcome: 'succeeded' }] });
    expect((await getStudentProfile(student.username))!.balanceCents).toBe(90_000);
    await cancel(planId, addDays(day, 1));
  });

  it('a declined card: nothing taken, told why, the attempt counted; only the plan’s student may pay, and a cancelled plan has nothing to pay', { timeout: 120_000 }, async () => {
    const day = '2026-08-17';
    const { student, planId } = await startPlan(template, day, 'declined');
    const other = await startPlan(template, day, 'card');
    const declined = await payNowOn(day, planId, student.username);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ outcome: 'declined', message: 'Your payment was declined. Nothing was charged: try again or change the payment method.' });
    expect(await downPayment(planId)).toMatchObject({ status: 'scheduled', attempts: [{ n: 1, outcome: 'declined' }] });

    expect((await payNowOn(day, planId, other.student.username)).status).toBe(403);
    expect((await payNowOn(day, planId, FINANCE.username)).status).toBe(403);
    expect((await payNowOn(day, 'no-such-plan', student.username)).status).toBe(404);
    const bad = await payNowOn(day, planId, student.username, { seq: 'first' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^seq: /);

    await cancel(planId, day);
    const none = await payNowOn(day, planId, student.username);
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('This plan is cancelled: nothing is left to pay on it');
    await cancel(other.planId, day);
  });
});

describe('changing a plan (PUT /api/payment-plans/{id}/)', () => {
  it('finance pauses (the due day passes with no debit), resumes (the sweep catches up) and reschedules; each change is audited', { timeout: 120_000 }, async () => {
    const day = '2026-10-01';
    const { student, planId } = await startPlan(template, day, 'card');
    const paused = await change(day, planId, FINANCE, { action: 'pause', reason: 'Student asked for a week' });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect((paused.body as PaymentPlanView).status).toBe('paused');
    expect((paused.body as PaymentPlanView).next_debit).toBeNull();
    const quiet = await sweepOn(day);
    expect(quiet.done.filter((d) => d.startsWith(planId))).toEqual([]);
    expect((await change(day, planId, FINANCE, { action: 'pause', reason: 'again' })).status).toBe(409);

    const resumed = await change(addDays(day, 2), planId, FINANCE, { action: 'resume' });
    expect((resumed.body as PaymentPlanView).status).toBe('active');
    const caughtUp = await sweepOn(addDays(day, 2));
    expect(caughtUp.done).toContain(`${planId} charge 0#1 processing`);

    // the installments not yet attempted move to the 20th of each month from December
    const moved = await change(addDays(day, 2), planId, FINANCE, { action: 'reschedule', first_due_on: '2026-12-20' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((moved.body as PaymentPlanView).installments.map((i) => i.due_on)).toEqual([day, '2026-12-20', '2027-01-20', '2027-02-20']);
    const refused = await change(addDays(day, 2), planId, FINANCE, { action: 'reschedule', first_due_on: '2026-12-30' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('first_due_on: must be on day 1 to 28 of a month, so that every month has it');
    // nothing is charged on the old date any more
    await settleOn(addDays(day, 2), planId);
    expect((await sweepOn('2026-11-05')).done.filter((d) => d.startsWith(planId) && d.includes('charge'))).toEqual([]);

    const log = (await financeAudit(student.username)).map((e) => e.action);
    expect(log).toEqual(expect.arrayContaining(['payment-plan.pause', 'payment-plan.resume', 'payment-plan.reschedule']));
    expect(log.filter((a) => a === 'payment-plan.pause')).toHaveLength(1);
    await cancel(planId, '2026-11-05');
  });

  it('the student changes autopay and the method but may not pause; another student’s card is refused', { timeout: 120_000 }, async () => {
    const day = '2026-10-06';
    const { student, planId } = await startPlan(template, day, 'card');
    const other = await startPlan(template, day, 'card');
    const off = await change(day, planId, { username: student.username }, { action: 'set_autopay', autopay: false });
    expect((off.body as PaymentPlanView).autopay).toBe(false);
    expect((off.body as PaymentPlanView).next_debit).toBeNull();
    expect((await sweepOn(day)).done.filter((d) => d.startsWith(planId))).toEqual([]);

    const spare = await saveMethod(student.username, 'card');
    const switched = await change(day, planId, { username: student.username }, { action: 'set_payment_method', payment_method_id: spare });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect((await plan(planId)).paymentMethod?.id).toBe(spare);
    const theirs = (await plan(other.planId)).paymentMethod!.id;
    const foreign = await change(day, planId, { username: student.username }, { action: 'set_payment_method', payment_method_id: theirs });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('payment_method_id: is not a saved card or bank account of this student');

    expect((await change(day, planId, { username: student.username }, { action: 'pause', reason: 'I want to' })).status).toBe(403);
    expect((await change(day, planId, { username: other.student.username }, { action: 'set_autopay', autopay: true })).status).toBe(403);
    const unknown = await change(day, planId, FINANCE, { action: 'delete' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^action: must be one of pause/);
    for (const p of [planId, other.planId]) await cancel(p, day);
  });

  it('a late fee waived: a credit of the fee with the reason, the balance back where it was, audited, and never twice', { timeout: 120_000 }, async () => {
    const day = '2026-10-12';
    const { student, planId } = await startPlan(template, day, 'declined');
    for (const d of [0, 3, 7, 11]) {
      await sweepOn(addDays(day, d));
      await settleOn(addDays(day, d), planId);
    }
    expect((await downPayment(planId)).lateFee).not.toBeNull();
    expect((await getStudentProfile(student.username))!.balanceCents).toBe(122_500 + 1_500);
    // the fee the sweep posted is in the log too, as the system's
    expect((await auditEntriesOf(student.username)).some((e) => e.action === 'payment-plan.late_fee' && e.actor === 'system')).toBe(true);

    const waived = await change(addDays(day, 12), planId, FINANCE, { action: 'waive_late_fee', seq: 0, reason: 'Bank error on their side' });
    expect(waived.status, JSON.stringify(waived.body)).toBe(200);
    expect((waived.body as PaymentPlanView).installments[0]!.late_fee).toBeNull();
    const ledger = (await getStudentLedger(student.username))!;
    expect(ledger.entries.filter((e) => e.kind === 'credit').map((e) => [e.amountCents, e.reason])).toEqual([[1_500, 'Late fee waived (payment 0): Bank error on their side']]);
    expect((await getStudentProfile(student.username))!.balanceCents).toBe(122_500);
    expect((await plan(planId)).installments[0]!.lateFee?.waived).toMatchObject({ by: FINANCE.username, reason: 'Bank error on their side' });
    const again = await change(addDays(day, 12), planId, FINANCE, { action: 'waive_late_fee', seq: 0, reason: 'Bank error on their side' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('seq: the late fee of payment 0 was already waived');
    expect((await financeAudit(student.username)).filter((e) => e.action === 'payment-plan.waive_late_fee')).toHaveLength(1);
    await cancel(planId, addDays(day, 12));
  });

  it('re-amortize spreads a new charge over the open payments exactly; cancel stops debits and frees the program for a new plan', { timeout: 120_000 }, async () => {
    const day = '2026-10-19';
    const { student, planId } = await startPlan(template, day, 'card');
    // a new $100.01 charge never changes the plan by itself
    await runAt(new Date(at(day)), () =>
      postLedgerEntry(student.username, { programType: 'diploma', programId: 'pn', kind: 'charge', amountCents: 10_001, reason: 'Lab kit' }, 'registrar'),
    );
    expect((await plan(planId)).installments.map((i) => i.amountCents)).toEqual([32_500, 30_000, 30_000, 30_000]);
    const res = await change(day, planId, FINANCE, { action: 'reamortize' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const amounts = (await plan(planId)).installments.map((i) => i.amountCents);
    // $1,225.00 owed + $100.01 over the four open payments: 33,125 each, the leftover cent on the last
    expect(amounts).toEqual([33_125, 33_125, 33_125, 33_126]);
    expect(amounts.reduce((n, c) => n + c, 0)).toBe(132_501);
    expect((await change(day, planId, FINANCE, { action: 'reamortize' })).status).toBe(409);

    const cancelled = await change(day, planId, FINANCE, { action: 'cancel', reason: 'Withdrew from the program' });
    expect((cancelled.body as PaymentPlanView).status).toBe('cancelled');
    expect((await sweepOn(day)).done.filter((d) => d.startsWith(planId))).toEqual([]);
    expect((await getStudentProfile(student.username))!.onPaymentPlan).toBe(false);
    // the program is free: a new plan can start
    const card = (await plan(planId)).paymentMethod!.id;
    const again = await planOn(day, student.username, template, card);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    await cancel(again.body.id as string, day);
  });
});

describe('the finance list (GET /api/payment-plans/)', () => {
  it('pages one status at a time with the student’s name, what is left and what is late, and logs whose plans it showed', { timeout: 120_000 }, async () => {
    const day = '2026-10-26';
    const late = await startPlan(template, day, 'declined');
    for (const d of [0, 3, 7, 8]) {
      await sweepOn(addDays(day, d));
      await settleOn(addDays(day, d), late.planId);
    }
    const read = (query: Record<string, string>) => invoke(listPlans, apiEvent('payment-plans-list', { caller: FINANCE, query }));
    const res = await read({ status: 'past_due', limit: '100' });
    expect(res.status).toBe(200);
    const found = (res.body as PlanListResponse).results.find((p) => p.id === late.planId);
    expect(found).toMatchObject({ student_name: 'Rosa Alvarez', status: 'past_due', arrears: 325, remaining: 1_225 });
    const audit = (await auditEntriesOf('payment-plans')).filter((e) => e.action === 'payment-plans.read' && e.actor === FINANCE.username);
    expect(audit.some((e) => JSON.stringify(e.detail).includes(late.student.username))).toBe(true);

    // one at a time: the next page continues where the first stopped
    const first = await read({ status: 'past_due', limit: '1' });
    const next = (first.body as PlanListResponse).next;
    expect(next).toEqual(expect.any(String));
    const second = await read({ status: 'past_due', limit: '1', cursor: next! });
    expect((second.body as PlanListResponse).results[0]?.id).not.toBe((first.body as PlanListResponse).results[0]?.id);
    expect((await read({ status: 'overdue' })).body.error).toBe('status: must be active, past_due, paused, completed or cancelled');
    expect((await invoke(listPlans, apiEvent('payment-plans-list', { caller: { username: late.student.username } }))).status).toBe(403);
    await cancel(late.planId, addDays(day, 8));
  });
});

describe('holds from a plan', () => {
  it('a payment past due longer than the rule allows holds the student; Pay now still works, and paying lifts the hold', { timeout: 120_000 }, async () => {
    const day = '2026-11-09';
    const { student, planId } = await startPlan(template, day, 'declined');
    for (const d of [0, 3, 7, 8]) {
      await sweepOn(addDays(day, d));
      await settleOn(addDays(day, d), planId);
    }
    expect(await downPayment(planId)).toMatchObject({ status: 'past_due' });
    const { installmentPastDueDays } = (await getPlanSettings()).holdRules;
    const heldOn = addDays(day, installmentPastDueDays + 1);
    const holdsOn = async (d: string) =>
      (await runAt(new Date(at(d)), () => invoke(holds, apiEvent('students-holds', { caller: { username: student.username }, pathParameters: { username: student.username } }))))
        .body.holds as Array<{ kind: string }>;
    expect(await holdsOn(addDays(day, installmentPastDueDays))).toEqual([]);
    expect((await holdsOn(heldOn)).map((h) => h.kind)).toEqual(['installment_past_due']);

    // on hold, the student switches to a good card and pays the past-due payment now: a fourth attempt, paid
    const card = await saveMethod(student.username, 'card');
    expect((await change(heldOn, planId, { username: student.username }, { action: 'set_payment_method', payment_method_id: card })).status).toBe(200);
    const paid = await payNowOn(heldOn, planId, student.username);
    expect(paid.body).toMatchObject({ outcome: 'processing', seq: 0, amount: 325 });
    await settleOn(heldOn, planId);
    expect(await downPayment(planId)).toMatchObject({ status: 'paid', attempts: [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4, outcome: 'succeeded' }] });
    expect((await plan(planId)).status).toBe('active');
    expect(await holdsOn(heldOn)).toEqual([]);
    await cancel(planId, heldOn);
  });
});
