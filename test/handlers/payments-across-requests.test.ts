/**
 * Money across requests, on the real stand-ins (DynamoDB Local and the Stripe sandbox, driven
 * through the stripe SDK). Two tabs, parallel checkouts confirmed as fast as possible, the same amount
 * paid twice without a key, concurrent refunds, events out of order or malformed, Stripe refusing a
 * refund, reconciliation of dropped webhooks and the sweep of abandoned checkouts. After each, the
 * ledger, the cached balance and Stripe agree.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as sweepJob } from '../../lambdas/functions/jobs/sweep-stale-checkouts.js';
import { handler as createIntent } from '../../lambdas/functions/payments/create-intent.js';
import { handler as listPayments } from '../../lambdas/functions/payments/list.js';
import { handler as reconcile } from '../../lambdas/functions/payments/reconcile.js';
import { handler as refund } from '../../lambdas/functions/payments/refund.js';
import { handler as studentPayments } from '../../lambdas/functions/students/payments.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { stripe } from '../../lambdas/store/payment-gateway.js';
import { getPaymentByIntent } from '../../lambdas/store/payment.js';
import { getStudentLedger, ledgerBalanceCents, studentKeys } from '../../lambdas/store/student.js';
import { auditEntriesOf } from './support/audit-entries.js';
import { apiEvent, invoke } from './support/events.js';
import { createStudentRecord } from './support/fixtures.js';
import { deliver, signedEvent } from './support/stripe-events.js';
import { confirmAtStripe, eventsAbout, refundAtStripe, settle, stripeTotals } from './support/stripe-sandbox.js';

const OWED_CENTS = 35_000;
const admin = { username: 'refund-admin', roles: ['admin' as const] };
const finance = { username: 'recon-finance', roles: ['finance' as const] };
let username: string;

async function newStudent(owedCents = OWED_CENTS) {
  return (
    await createStudentRecord({
      enrollments: [{ programType: 'certificate', programId: 'na', programName: 'Nursing Assistant', nextDueDate: '2026-12-15', enrolledAt: '2026-09-01T00:00:00.000Z' }],
      entries: [{ entryId: 'c1', kind: 'charge', programType: 'certificate', programId: 'na', amountCents: owedCents, createdAt: '2026-09-01T00:00:00.000Z' }],
    })
  ).username;
}

beforeEach(async () => {
  username = await newStudent();
});

const dollars = (cents: number) => (cents / 100).toFixed(2);
const body = (cents: number, key: string | null = randomUUID()) => ({
  username,
  totalCost: dollars(cents),
  items: [{ program_type: 'certificate', program_id: 'na', amount: dollars(cents) }],
  ...(key ? { idempotency_key: key } : {}),
});

async function open(cents: number, key: string | null = randomUUID()): Promise<string> {
  const res = await invoke(createIntent, apiEvent('payments-create-intent', { caller: { username }, body: body(cents, key) }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentIntentId;
}

/** The books as stored: ledger sum, cached balance, what the ledger says was paid and refunded. */
async function books(who = username) {
  const ledger = (await getStudentLedger(who))!;
  const profile = (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: studentKeys.profile(who) }))).Item!;
  const sum = (kind: string) => ledger.entries.filter((e) => e.kind === kind).reduce((n, e) => n + e.amountCents, 0);
  return { balance: ledgerBalanceCents(ledger.enrollments, ledger.entries), cached: profile.balanceCents as number, paid: sum('payment'), refunded: sum('refund') };
}

/** Ledger == cached balance == Stripe, for these intents. */
async function expectBooksMatchStripe(intents: Iterable<string>, owed = OWED_CENTS) {
  const b = await books();
  const s = await stripeTotals(intents);
  expect(b.cached).toBe(b.balance);
  expect(b.paid - b.refunded).toBe(s.receivedCents - s.refundedCents);
  expect(b.balance).toBe(owed - (s.receivedCents - s.refundedCents));
  expect(b.balance).toBeGreaterThanOrEqual(0);
  for (const [id, refundIds] of s.refundIds) expect([...(await getPaymentByIntent(id))!.refundIds].sort()).toEqual(refundIds);
  return { books: b, stripe: s };
}

const neverNegative = async () => {
  const b = await books();
  expect(b.balance).toBeGreaterThanOrEqual(0);
  expect(b.cached).toBe(b.balance);
};

describe('one open checkout per student', () => {
  it('two tabs: the first checkout is replaced (canceled at Stripe), the second pays; the balance is exact', async () => {
    const a = await open(OWED_CENTS);
    const b = await open(OWED_CENTS);
    expect((await getPaymentByIntent(a))!.status).toBe('canceled');
    expect(await confirmAtStripe(a)).toEqual({ ok: false, code: 'payment_intent_unexpected_state', intentStatus: 'canceled' });
    expect(await confirmAtStripe(b)).toEqual({ ok: true });
    await settle(new Set([a, b]), { check: neverNegative });
    const { books: after } = await expectBooksMatchStripe([a, b]);
    expect(after).toMatchObject({ balance: 0, paid: OWED_CENTS, refunded: 0 });
    expect((await getPaymentByIntent(a))!.status).toBe('canceled');
    expect((await getPaymentByIntent(b))!).toMatchObject({ status: 'succeeded', excess: null });
  });

  it('a payment confirmed in an old tab just before a new checkout opened is recorded, and the new one is refunded as excess', async () => {
    const a = await open(OWED_CENTS);
    expect(await confirmAtStripe(a)).toEqual({ ok: true }); // its event has not arrived yet
    const b = await open(OWED_CENTS); // planned on the old ledger; the cancel of A finds it paid and records it
    expect((await getPaymentByIntent(a))!.status).toBe('succeeded');
    expect(await confirmAtStripe(b)).toEqual({ ok: true });
    await settle(new Set([a, b]), { check: neverNegative });
    const { stripe: s } = await expectBooksMatchStripe([a, b]);
    expect(s.excessRefunds.get(b)).toBe(OWED_CENTS);
    const flagged = await invoke(listPayments, apiEvent('payments-list', { caller: finance, query: { username } }));
    expect(flagged.body.results.find((p: { id: string }) => p.id === b)).toMatchObject({ status: 'refunded', excess_refund: { amount: 350, status: 'refunded' } });
    expect((await auditEntriesOf(b)).map((e) => [e.actor, e.action])).toContainEqual(['system', 'payment.excess.refund']);
  });

  it.each([4, 20])(
    '%i checkouts opened and confirmed at once: never below 0, every excess refunded and flagged, ledger == cached == Stripe',
    async (n) => {
      const outcomes = await Promise.all(
        Array.from({ length: n }, async () => {
          const id = await open(OWED_CENTS);
          return { id, confirmed: await confirmAtStripe(id) };
        }),
      );
      const ids = outcomes.map((o) => o.id);
      expect(outcomes.some((o) => o.confirmed.ok)).toBe(true);
      for (const o of outcomes) if (!o.confirmed.ok) expect(o.confirmed.intentStatus).toBe('canceled');
      const statuses = await settle(new Set(ids), { check: neverNegative });
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      const { stripe: s, books: after } = await expectBooksMatchStripe(ids);
      expect(after.balance).toBe(0);
      for (const o of outcomes.filter((x) => x.confirmed.ok)) {
        const record = (await getPaymentByIntent(o.id))!;
        // each confirmed payment either paid the balance or was refunded in full as excess
        if (record.excess) expect([record.excess.status, s.excessRefunds.get(o.id)]).toEqual(['refunded', record.excess.amountCents]);
      }
      const excessCount = [...s.excessRefunds.keys()].length;
      expect(excessCount).toBe(outcomes.filter((o) => o.confirmed.ok).length - 1);
    },
    120_000,
  );
});

describe('idempotency that means "the same attempt"', () => {
  it('without a client key: a retry before anything changed is the same intent; the same $25 paid again later is a new payment', async () => {
    const first = await open(2_500, null);
    expect(await open(2_500, null)).toBe(first);
    expect(await confirmAtStripe(first)).toEqual({ ok: true });
    await settle(new Set([first]));
    const second = await open(2_500, null);
    expect(second).not.toBe(first);
    expect(await confirmAtStripe(second)).toEqual({ ok: true });
    await settle(new Set([first, second]));
    const { books: after } = await expectBooksMatchStripe([first, second]);
    expect(after).toMatchObject({ paid: 5_000, balance: OWED_CENTS - 5_000 });
  });
});

describe('refunds are never lost', () => {
  async function paidIntent(cents: number) {
    const id = await open(cents);
    expect(await confirmAtStripe(id)).toEqual({ ok: true });
    await settle(new Set([id]));
    return id;
  }

  it('100 trials of two or three concurrent refunds: the ledger records exactly what Stripe refunded', async () => {
    for (let trial = 0; trial < 100; trial++) {
      username = await newStudent(10_000);
      const id = await paidIntent(10_000);
      const amounts = trial % 2 ? ['10.00', '20.00'] : ['5.00', '15.00', '25.00'];
      const answers = await Promise.all(amounts.map((amount) => invoke(refund, apiEvent('payments-refund', { caller: admin, pathParameters: { id }, body: { amount } }))));
      expect(answers.map((a) => a.status)).toEqual(amounts.map(() => 202));
      await settle(new Set([id]));
      const { books: after, stripe: s } = await expectBooksMatchStripe([id], 10_000);
      expect(after.refunded).toBe(s.refundedCents);
      expect(s.refundedCents).toBe(amounts.reduce((n, a) => n + Math.round(Number(a) * 100), 0));
    }
  }, 300_000);

  it('a refund delivered before its payment: the payment is read from Stripe and both land once', async () => {
    const id = await open(20_000);
    expect(await confirmAtStripe(id)).toEqual({ ok: true });
    await refundAtStripe(id, 5_000);
    const events = await eventsAbout(new Set([id]));
    const refunded = events.filter((e) => e.type === 'charge.refunded');
    const succeeded = events.filter((e) => e.type === 'payment_intent.succeeded');
    for (const e of [...refunded, ...succeeded, ...refunded]) {
      const payload = JSON.stringify(e);
      const { default: Stripe } = await import('stripe');
      expect((await deliver({ payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! }) })).status).toBe(200);
    }
    const { books: after } = await expectBooksMatchStripe([id]);
    expect(after).toMatchObject({ paid: 20_000, refunded: 5_000 });
  });

  it('a signed charge.refunded claiming more than the payment is refused and changes nothing', async () => {
    const id = await paidIntent(10_000);
    const before = await books();
    const res = await deliver(signedEvent('charge.refunded', { id: 'ch_claim', object: 'charge', payment_intent: id, amount: 10_000, amount_refunded: 908_000 }));
    expect(res).toMatchObject({ status: 200, body: { outcome: 'refused' } });
    expect(await books()).toEqual(before);
  });

  it('Stripe refusing a refund answers 4xx with its message, and the audit log shows the request and the failure', async () => {
    const id = await paidIntent(10_000);
    await refundAtStripe(id, 9_000); // in Stripe's dashboard; its event has not arrived
    const res = await invoke(refund, apiEvent('payments-refund', { caller: admin, pathParameters: { id }, body: { amount: '50.00' } }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^amount: Refund amount \(\$50\.00\) is greater than unrefunded amount on charge \(\$10\.00\)$/);
    const actions = (await auditEntriesOf(id)).map((e) => [e.action, e.after?.outcome]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['payment.refund', 'requested'],
        ['payment.refund.failed', 'failed'],
      ]),
    );
  });
});

describe('signed events of any shape', () => {
  it('answers 400 or 200 to 20 malformed but signed events, never 5xx, and records nothing', async () => {
    const id = await open(1_000);
    const before = await books();
    const shapes: unknown[] = [
      {},
      null,
      [],
      'evt',
      { id: 'evt_1', type: 'payment_intent.succeeded' },
      { id: 'evt_2', type: 'payment_intent.succeeded', created: 1, data: null },
      { id: 'evt_3', type: 'payment_intent.succeeded', created: 1, data: { object: null } },
      { id: 'evt_4', type: 'payment_intent.succeeded', created: 1, data: { object: [] } },
      { id: 'evt_5', type: 'payment_intent.succeeded', created: 1, data: { object: { id, amount: '1000', amount_received: '1000' } } },
      { id: 'evt_6', type: 'payment_intent.succeeded', created: 1, data: { object: { id, amount: -1000 } } },
      { id: 'evt_7', type: 'payment_intent.succeeded', created: 1, data: { object: { id, amount: 10.5 } } },
      { id: 'evt_8', type: 'payment_intent.succeeded', created: 1, data: { object: { amount: 1000 } } },
      { id: 'evt_9', type: 'charge.refunded', created: 1, data: { object: { id: 'ch_1', amount: 1000, amount_refunded: '10' } } },
      { id: 'evt_10', type: 'charge.refunded', created: 1, data: { object: { id: 'ch_1', amount: 1000, amount_refunded: 10, payment_intent: { nope: true } } } },
      { id: 'evt_11', type: 'charge.refunded', created: 1, data: { object: { id: 'ch_1', amount: 1e300, amount_refunded: 1e300, payment_intent: id } } },
      { id: 'evt_12', type: 'payment_intent.payment_failed', created: 'yesterday', data: { object: { id, amount: 1000 } } },
      { id: 'evt_13', type: 42, created: 1, data: { object: {} } },
      { id: 'evt_14', type: 'customer.created', created: 1 },
      { id: 'evt_15', type: 'payment_intent.canceled', created: 1, data: { object: { id: 'not-an-intent', amount: 1000 } } },
      { type: 'payment_intent.processing', created: 1, data: { object: { id, amount: 1000 } } },
    ];
    expect(shapes).toHaveLength(20);
    for (const shape of shapes) {
      const payload = JSON.stringify(shape);
      const { default: Stripe } = await import('stripe');
      const res = await deliver({ payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! }) });
      expect([200, 400], payload).toContain(res.status);
      if (res.status === 400) expect(res.body.error, payload).toMatch(/^(event|data\.object)[.\w]*: /);
    }
    expect(await books()).toEqual(before);
    expect((await getPaymentByIntent(id))!.status).toBe('pending');
  });
});

describe('reconciliation with Stripe', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  // yesterday and today: a run may cross midnight UTC
  const run = () => invoke(reconcile, apiEvent('payments-reconcile', { caller: finance, body: { from: day(-1), to: day(0) } }));

  it('repairs a dropped payment_intent.succeeded and a dropped charge.refunded, each once; a second run repairs nothing', async () => {
    const id = await open(12_000);
    expect(await confirmAtStripe(id)).toEqual({ ok: true }); // the webhook never arrives
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body.repaired.filter((r: { payment_intent_id: string }) => r.payment_intent_id === id)).toEqual([
      expect.objectContaining({ action: 'recorded_payment', amount: 120, username }),
    ]);
    await refundAtStripe(id, 2_000); // nor does this one's
    const second = await run();
    expect(second.body.repaired.filter((r: { payment_intent_id: string }) => r.payment_intent_id === id)).toEqual([
      expect.objectContaining({ action: 'recorded_refund', amount: 20 }),
    ]);
    const third = await run();
    expect(third.body.repaired.filter((r: { payment_intent_id: string }) => r.payment_intent_id === id)).toEqual([]);
    const { books: after } = await expectBooksMatchStripe([id]);
    expect(after).toMatchObject({ paid: 12_000, refunded: 2_000 });
    const audit = (await auditEntriesOf(id)).filter((e) => e.action === 'payment.reconcile');
    expect(audit.map((e) => [e.actor, e.after.repair])).toEqual(
      expect.arrayContaining([
        [finance.username, 'recorded_payment'],
        [finance.username, 'recorded_refund'],
      ]),
    );
    expect(audit).toHaveLength(2);
  });

  it('refuses a range longer than 31 days or ending before it starts (400 naming the field)', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-03-01'],
      ['2026-02-01', '2026-01-31'],
    ]) {
      const res = await invoke(reconcile, apiEvent('payments-reconcile', { caller: finance, body: { from, to } }));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^to: /);
    }
  });
});

describe('abandoned checkouts', () => {
  it('the hourly sweep cancels a checkout left 24 hours, at Stripe and in the ledger; students never see it', async () => {
    const id = await open(3_000);
    const list = async () => (await invoke(studentPayments, apiEvent('students-payments', { caller: { username }, pathParameters: { username } }))).body.results;
    expect(await list()).toEqual([]); // an open checkout is not a payment
    const early = await sweepJob({ now: new Date(Date.now() + 23 * 3_600_000).toISOString() });
    expect(early.canceled).not.toContain(id);
    const late = await sweepJob({ now: new Date(Date.now() + 25 * 3_600_000).toISOString() });
    expect(late.canceled).toContain(id);
    expect((await getPaymentByIntent(id))!.status).toBe('canceled');
    expect((await (await stripe()).paymentIntents.retrieve(id)).status).toBe('canceled');
    expect(await list()).toEqual([]);
    const filtered = await invoke(listPayments, apiEvent('payments-list', { caller: finance, query: { username, status: 'canceled' } }));
    expect(filtered.body.results.map((p: { id: string }) => p.id)).toEqual([id]);
    const unfiltered = await invoke(listPayments, apiEvent('payments-list', { caller: finance, query: { username } }));
    expect(unfiltered.body.results).toEqual([]);
  });

  it('a declined attempt left 24 hours is canceled at Stripe once and stays Failed for the student', async () => {
    const id = await open(3_000);
    expect(await confirmAtStripe(id, 'pm_card_chargeDeclined')).toMatchObject({ ok: false, code: 'card_declined' });
    await settle(new Set([id]));
    const failed = async () => (await invoke(studentPayments, apiEvent('students-payments', { caller: { username }, pathParameters: { username } }))).body.results;
    expect(await failed()).toEqual([expect.objectContaining({ id, status: 'failed', failure_message: 'Your card was declined.' })]);
    const at = (hours: number) => ({ now: new Date(Date.now() + hours * 3_600_000).toISOString() });
    expect((await sweepJob(at(25))).canceled).toContain(id);
    expect((await (await stripe()).paymentIntents.retrieve(id)).status).toBe('canceled');
    expect(await failed()).toEqual([expect.objectContaining({ id, status: 'failed' })]);
    expect((await sweepJob(at(26))).canceled).not.toContain(id); // closed once, not read again
  });
});
