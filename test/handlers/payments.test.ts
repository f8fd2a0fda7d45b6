/**
 * Payments the server can prove: create-payment-intent against the ledger and the local Stripe
 * sandbox, and the webhook as the only way a payment reaches the ledger.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as createIntent } from '../../lambdas/functions/payments/create-intent.js';
import { handler as getStudent } from '../../lambdas/functions/students/get.js';
import { handler as listPayments } from '../../lambdas/functions/payments/list.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createStudentRecord } from './support/fixtures.js';
import { deliver, signedEvent, succeeded } from './support/stripe-events.js';
import { confirmAtStripe, deliverEvent, eventsAbout, refundAtStripe, settle } from './support/stripe-sandbox.js';

let username: string;

beforeEach(async () => {
  username = (
    await createStudentRecord({
      enrollments: [
        { programType: 'certificate', programId: 'na', programName: 'Nursing Assistant', nextDueDate: '2026-12-15', enrolledAt: '2026-09-01T00:00:00.000Z' },
        { programType: 'diploma', programId: 'pct', programName: 'Patient Care Technician', nextDueDate: '2027-01-15', enrolledAt: '2026-09-01T00:00:00.000Z' },
      ],
      entries: [
        { entryId: 'c1', kind: 'charge', programType: 'certificate', programId: 'na', amountCents: 150_000, createdAt: '2026-09-01T00:00:00.000Z' },
        { entryId: 'c2', kind: 'charge', programType: 'diploma', programId: 'pct', amountCents: 420_000, createdAt: '2026-09-01T00:00:00.000Z' },
      ],
    })
  ).username;
});

const pay = (body: Record<string, unknown>, caller: Caller = { username }) =>
  invoke(createIntent, apiEvent('payments-create-intent', { caller, body: { username, idempotency_key: randomUUID(), ...body } }));

const naItem = (amount: number | string) => ({ program_type: 'certificate', program_id: 'na', amount });

async function paid() {
  const { body } = await invoke(getStudent, apiEvent('students-get', { caller: { username }, pathParameters: { username } }));
  return { na: body.payment_details.certificate_courses[0].amount_paid, pct: body.payment_details.diploma_programs[0].amount_paid };
}

describe('POST /api/create-payment-intent', () => {
  it('creates a Stripe PaymentIntent for what the server recomputes, and records nothing as paid', async () => {
    const res = await pay({ totalCost: 250.5, items: [naItem(200), { program_type: 'diploma', program_id: 'pct', amount: '50.50' }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentIntentId: expect.stringMatching(/^pi_/), amount: 25_050, currency: 'usd' });
    expect(res.body.clientSecret).toMatch(new RegExp(`^${res.body.paymentIntentId}_secret_`));
    expect(await paid()).toEqual({ na: 0, pct: 0 });
    // an open checkout is listed for finance only when asked for
    const list = await invoke(listPayments, apiEvent('payments-list', { caller: { username: 'fin', roles: ['finance'] }, query: { username, status: 'pending' } }));
    expect(list.body.results).toEqual([expect.objectContaining({ status: 'pending', amount: 250.5, payment_intent_id: res.body.paymentIntentId })]);
    const unfiltered = await invoke(listPayments, apiEvent('payments-list', { caller: { username: 'fin', roles: ['finance'] }, query: { username } }));
    expect(unfiltered.body.results).toEqual([]);
  });

  it('answers the same intent when the same checkout is submitted twice (double-click)', async () => {
    const body = { totalCost: 10, items: [naItem(10)], idempotency_key: randomUUID() };
    const [a, b] = await Promise.all([pay(body), pay(body)]);
    expect(a.body.paymentIntentId).toBe(b.body.paymentIntentId);
  });

  it.each([
    ['more than is owed', { totalCost: 1500.01, items: [naItem(1500.01)] }, /^items\.0\.amount: 1500\.01 is more than the 1500\.00 owed for Nursing Assistant$/],
    ['a total that is not the sum of the items', { totalCost: 100, items: [naItem(90)] }, /^totalCost: /],
    ['zero', { totalCost: 0, items: [naItem(0)] }, /^items\.0\.amount: must be greater than 0$/],
    ['a negative amount', { totalCost: -5, items: [naItem(-5)] }, /^items\.0\.amount: must be greater than 0$/],
    ['fractions of a cent', { totalCost: '10.005', items: [naItem('10.005')] }, /^totalCost: must be an amount/],
    [
      'a program the student is not enrolled in',
      { totalCost: 10, items: [{ program_type: 'associates', program_id: 'na', amount: 10 }] },
      /^items\.0\.program_id: is not a program/,
    ],
    ['the same program twice', { totalCost: 20, items: [naItem(10), naItem(10)] }, /^items\.1\.program_id: lists the same program twice$/],
    ['no items', { totalCost: 10, items: [] }, /^items: must list at least one program$/],
    ['a charge under the provider minimum', { totalCost: 0.3, items: [naItem(0.3)] }, /^totalCost: must be at least 0\.50$/],
  ])('refuses %s with a 400 naming the field', async (_name, body, message) => {
    const res = await pay(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it("refuses to pay another student's bill (403), but an admin may", async () => {
    expect((await pay({ totalCost: 10, items: [naItem(10)] }, { username: 'someone-else' })).status).toBe(403);
    expect((await pay({ totalCost: 10, items: [naItem(10)] }, { username: 'boss', roles: ['admin'] })).status).toBe(200);
  });
});

describe('POST /api/payments/webhook', () => {
  async function startPayment(amount: number) {
    const res = await pay({ totalCost: amount, items: [naItem(amount)] });
    expect(res.status).toBe(200);
    return res.body.paymentIntentId as string;
  }

  it('refuses a missing or wrong signature (400) and records nothing', async () => {
    const intent = await startPayment(100);
    const forged = signedEvent('payment_intent.succeeded', { id: intent, amount: 10_000, amount_received: 10_000 }, { secret: 'whsec_attacker' });
    expect(await deliver(forged)).toMatchObject({ status: 400, body: { error: 'stripe-signature: does not match the payload' } });
    const good = succeeded(intent, 10_000);
    expect(await deliver({ payload: good.payload.replace('10000', '99999'), signature: good.signature })).toMatchObject({ status: 400 });
    expect(await deliver({ payload: good.payload, signature: '' })).toMatchObject({ status: 400, body: { error: 'stripe-signature: header is required' } });
    expect(await paid()).toEqual({ na: 0, pct: 0 });
  });

  it('records a succeeded payment exactly once, however often and in whatever order events arrive', async () => {
    const intent = await startPayment(125.25);
    const event = succeeded(intent, 12_525);
    expect((await deliver(event)).body).toEqual({ received: true, outcome: 'applied' });
    expect((await deliver(event)).body.outcome).toBe('duplicate'); // replay of the same event
    expect((await deliver(succeeded(intent, 12_525))).body.outcome).toBe('duplicate'); // another event, same intent
    // a failure reported late never undoes the success
    const late = signedEvent('payment_intent.payment_failed', { id: intent, amount: 12_525, last_payment_error: { message: 'Your card was declined.' } });
    expect((await deliver(late)).body.outcome).toBe('ignored');
    expect(await paid()).toEqual({ na: 125.25, pct: 0 });
  });

  it('marks a declined payment failed and lets a later success through', async () => {
    const intent = await startPayment(50);
    const failed = signedEvent('payment_intent.payment_failed', { id: intent, amount: 5_000, last_payment_error: { message: 'Your card has insufficient funds.' } });
    expect((await deliver(failed)).body.outcome).toBe('applied');
    const list = await invoke(listPayments, apiEvent('payments-list', { caller: { username: 'fin', roles: ['finance'] }, query: { username, status: 'failed' } }));
    expect(list.body.results[0]).toMatchObject({ payment_intent_id: intent, failure_message: 'Your card has insufficient funds.' });
    expect(await paid()).toEqual({ na: 0, pct: 0 });
    expect((await deliver(succeeded(intent, 5_000))).body.outcome).toBe('applied');
    expect(await paid()).toEqual({ na: 50, pct: 0 });
  });

  it('ignores an event for an intent the portal did not create, and one whose amount differs', async () => {
    expect((await deliver(succeeded('pi_not_ours_123', 10_000))).body).toEqual({ received: true, outcome: 'unknown-intent' });
    const intent = await startPayment(20);
    await expect(deliver(succeeded(intent, 999_999))).resolves.toMatchObject({ status: 409, body: { error: expect.stringMatching(/^amount: /) } });
    expect(await paid()).toEqual({ na: 0, pct: 0 });
  });

  it('applies each refund Stripe made once, by its refund id, however often charge.refunded arrives', async () => {
    const intent = await startPayment(100);
    expect(await confirmAtStripe(intent)).toEqual({ ok: true });
    await settle(new Set([intent]));
    await refundAtStripe(intent, 2_500);
    const [first] = (await eventsAbout(new Set([intent]))).filter((e) => e.type === 'charge.refunded');
    expect((await deliverEvent(first!)).body.outcome).toBe('applied');
    expect((await deliverEvent(first!)).body.outcome).toBe('duplicate');
    expect(await paid()).toEqual({ na: 75, pct: 0 });
    await refundAtStripe(intent, 7_500);
    // the first event again: Stripe's refund list now holds both, and the new one lands from it
    expect((await deliverEvent(first!)).body.outcome).toBe('applied');
    await settle(new Set([intent]));
    expect(await paid()).toEqual({ na: 0, pct: 0 });
  });

  it('adds up exactly when 20 payments on one program succeed at the same time', async () => {
    const intents = await Promise.all(Array.from({ length: 20 }, () => startPayment(10)));
    const results = await Promise.all(intents.map((intent) => deliver(succeeded(intent, 1_000))));
    expect(results.every((r) => r.body.outcome === 'applied')).toBe(true);
    expect(await paid()).toEqual({ na: 200, pct: 0 });
  });
});
