/**
 * Payments under attack: what a hostile client or a forged, replayed or reordered Stripe
 * event can do to the ledger. Nothing is recorded without a verified event, and the ledger total and
 * the cached balance stay exact.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as createIntent } from '../../lambdas/functions/payments/create-intent.js';
import { handler as listPayments } from '../../lambdas/functions/payments/list.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { getStudentLedger, ledgerBalanceCents, studentKeys } from '../../lambdas/store/student.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createStudentRecord } from './support/fixtures.js';
import { deliver, signedEvent, succeeded } from './support/stripe-events.js';

const OWED_CENTS = 150_000;
let username: string;

beforeEach(async () => {
  username = (
    await createStudentRecord({
      enrollments: [{ programType: 'certificate', programId: 'na', programName: 'Nursing Assistant', nextDueDate: '2026-12-15', enrolledAt: '2026-09-01T00:00:00.000Z' }],
      entries: [{ entryId: 'c1', kind: 'charge', programType: 'certificate', programId: 'na', amountCents: OWED_CENTS, createdAt: '2026-09-01T00:00:00.000Z' }],
      profile: { balanceCents: OWED_CENTS },
    })
  ).username;
});

const pay = (amount: number | string, over: Record<string, unknown> = {}, caller: Caller = { username }) =>
  invoke(
    createIntent,
    apiEvent('payments-create-intent', {
      caller,
      body: { username, idempotency_key: randomUUID(), totalCost: amount, items: [{ program_type: 'certificate', program_id: 'na', amount }], ...over },
    }),
  );

async function startPayment(amount: number): Promise<string> {
  const res = await pay(amount);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentIntentId;
}

/** The ledger as stored: the sum of its entries, the cached balance, and what the recorded payments add up to. */
async function books() {
  const ledger = (await getStudentLedger(username))!;
  const profile = (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: studentKeys.profile(username) }))).Item!;
  const paidCents = ledger.entries.filter((e) => e.kind === 'payment' && e.status === 'succeeded').reduce((sum, e) => sum + e.amountCents, 0);
  const refundedCents = ledger.entries.filter((e) => e.kind === 'refund').reduce((sum, e) => sum + e.amountCents, 0);
  return { balance: ledgerBalanceCents(ledger.enrollments, ledger.entries), cached: profile.balanceCents as number, paidCents, refundedCents, entries: ledger.entries.length };
}

describe('forged and replayed webhooks', () => {
  it('refuses an event signed with a key that is not ours, or with the signature of another payload', async () => {
    const intent = await startPayment(100);
    const before = await books();
    expect((await deliver(succeeded(intent, 10_000, undefined))).status).toBe(200); // control: a genuine event is accepted
    const after = await books();
    expect(after.paidCents - before.paidCents).toBe(10_000);

    const other = await startPayment(50);
    const attacker = signedEvent('payment_intent.succeeded', { id: other, amount: 5_000, amount_received: 5_000 }, { secret: 'whsec_guessed' });
    expect(await deliver(attacker)).toMatchObject({ status: 400, body: { error: 'stripe-signature: does not match the payload' } });
    const genuine = succeeded(randomUUID(), 5_000);
    const swapped = { payload: succeeded(other, 5_000).payload, signature: genuine.signature };
    expect((await deliver(swapped)).status).toBe(400);
    expect(await books()).toEqual(after);
  });

  it('refuses the sandbox keys that were once published with the code (keys are made per data directory)', async () => {
    const intent = await startPayment(60);
    const published = signedEvent('payment_intent.succeeded', { id: intent, amount: 6_000, amount_received: 6_000 }, { secret: 'whsec_local_sandbox' });
    expect(await deliver(published)).toMatchObject({ status: 400, body: { error: 'stripe-signature: does not match the payload' } });
    const api = await fetch(`${process.env.STRIPE_API_BASE}/v1/payment_intents/${intent}`, { headers: { authorization: 'Bearer sk_test_local_sandbox' } });
    expect(api.status).toBe(401);
    expect(process.env.STRIPE_SECRET_KEY).toMatch(/^sk_test_[\w-]{32}$/);
    expect((await books()).paidCents).toBe(0);
  });

  it('refuses a genuine event replayed after the signature tolerance (5 minutes)', async () => {
    const intent = await startPayment(40);
    const stale = signedEvent('payment_intent.succeeded', { id: intent, amount: 4_000, amount_received: 4_000 }, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    expect(await deliver(stale)).toMatchObject({ status: 400, body: { error: 'stripe-signature: does not match the payload' } });
    expect((await books()).paidCents).toBe(0);
  });

  it('applies one event delivered 10 times at once exactly once', async () => {
    const intent = await startPayment(75);
    const event = succeeded(intent, 7_500);
    const outcomes = (await Promise.all(Array.from({ length: 10 }, () => deliver(event)))).map((r) => r.body.outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(
      outcomes.filter((o) => o !== 'applied'),
      JSON.stringify(outcomes),
    ).toEqual(Array(9).fill('duplicate'));
    expect(await books()).toMatchObject({ paidCents: 7_500, balance: OWED_CENTS - 7_500, cached: OWED_CENTS - 7_500 });
  });
});

// A refund delivered before its payment: test/handlers/payments-across-requests.test.ts, where
// refunds are read back from the Stripe sandbox by refund id.
describe('events out of order and for intents that are not ours', () => {
  it('an intent the portal never created changes nothing, whatever the event', async () => {
    const before = await books();
    for (const event of [
      succeeded('pi_forgedbutsigned', 100_000),
      signedEvent('payment_intent.payment_failed', { id: 'pi_forgedbutsigned', amount: 1 }),
      signedEvent('charge.refunded', { id: 'ch_x', object: 'charge', payment_intent: 'pi_forgedbutsigned', amount: 100, amount_refunded: 100 }),
    ]) {
      const res = await deliver(event);
      expect(res.status).toBe(200); // acknowledged, so Stripe stops retrying
      expect(res.body.outcome).toBe('unknown-intent');
    }
    expect(await books()).toEqual(before);
  });

  it("an event whose amount is not the intent's (lower or higher) is refused and records nothing", async () => {
    const intent = await startPayment(300);
    for (const amount of [1, 29_999, 30_001, 3_000_000]) {
      expect(await deliver(succeeded(intent, amount))).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^amount: /) } });
    }
    expect((await books()).paidCents).toBe(0);
    expect((await deliver(succeeded(intent, 30_000))).body.outcome).toBe('applied');
  });
});

describe('a client posting amounts of its own', () => {
  it.each([
    ['a total lower than its items', { totalCost: 10 }, /^totalCost: /],
    ['a total higher than its items', { totalCost: 1000 }, /^totalCost: /],
    ['an amount above what is owed', { totalCost: 1500.01, items: [{ program_type: 'certificate', program_id: 'na', amount: 1500.01 }] }, /is more than the 1500\.00 owed/],
    ['a negative amount', { totalCost: -100, items: [{ program_type: 'certificate', program_id: 'na', amount: -100 }] }, /must be greater than 0/],
    ['an amount as an exponent', { totalCost: '1e2', items: [{ program_type: 'certificate', program_id: 'na', amount: '1e2' }] }, /must be an amount/],
  ])('refuses %s (400) and creates no intent', async (_name, over, message) => {
    const res = await pay(100, over);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    const list = await invoke(listPayments, apiEvent('payments-list', { caller: { username: 'fin', roles: ['finance'] }, query: { username } }));
    expect(list.body.results).toEqual([]);
  });

  it('double-clicking Pay (same checkout, same key) makes one intent; a second checkout makes another', async () => {
    const key = randomUUID();
    const clicks = await Promise.all(Array.from({ length: 5 }, () => pay(25, { idempotency_key: key })));
    expect(new Set(clicks.map((c) => c.body.paymentIntentId)).size).toBe(1);
    const list = await invoke(listPayments, apiEvent('payments-list', { caller: { username: 'fin', roles: ['finance'] }, query: { username, status: 'pending' } }));
    expect(list.body.results).toHaveLength(1);
    expect((await pay(25)).body.paymentIntentId).not.toBe(clicks[0]!.body.paymentIntentId);
  });
});

describe('50 concurrent payments on one balance', () => {
  it('every succeeded payment is recorded once; the ledger total and the cached balance are exact', async () => {
    const amounts = Array.from({ length: 50 }, (_, i) => 10 + (i % 7) * 0.01); // 10.00 ... 10.06
    // opened one after another (each replacing the last: one open checkout per student) and
    // all succeeding at once: Stripe's events are the truth, even for a checkout the portal canceled
    const intents: string[] = [];
    for (const amount of amounts) intents.push(await startPayment(amount));
    const events = intents.map((intent, i) => succeeded(intent, Math.round(amounts[i]! * 100)));
    // each event delivered twice, all at once: Stripe retries while the first delivery is in flight
    const outcomes = await Promise.all([...events, ...events].map((event) => deliver(event)));
    expect(outcomes.every((o) => o.status === 200)).toBe(true);
    expect(outcomes.filter((o) => o.body.outcome === 'applied')).toHaveLength(50);

    const expectedPaid = amounts.reduce((sum, a) => sum + Math.round(a * 100), 0);
    expect(await books()).toMatchObject({ paidCents: expectedPaid, balance: OWED_CENTS - expectedPaid, cached: OWED_CENTS - expectedPaid, entries: 51 });
  }, 120_000);
});
