/**
 * The money invariants of domain/payment-state.ts over random interleavings: checkouts opened (and
 * older ones canceled, or not when the cancel lost a race), confirmed at Stripe, refunded by finance,
 * and Stripe's events delivered late, reordered and duplicated. A small model of Stripe and of the
 * table applies each fact atomically, as the store's conditional transactions do.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { totalsByProgram, type Enrollment, type LedgerEntry } from './ledger.js';
import { excessToRefund, isPaid, mayMove, owedByProgram, planRefunds, settleSucceeded, type PaymentState, type StripeRefundFact } from './payment-state.js';

const PROGRAMS: Enrollment[] = [
  { programType: 'certificate', programId: 'na', programName: 'Nursing Assistant', nextDueDate: null, enrolledAt: '2026-01-01T00:00:00Z' },
  { programType: 'diploma', programId: 'pn', programName: 'Practical Nursing', nextDueDate: null, enrolledAt: '2026-01-01T00:00:00Z' },
];

type Op =
  | { kind: 'open'; shares: number[]; cancelOlder: boolean }
  | { kind: 'confirm'; pick: number }
  | { kind: 'refund'; pick: number; share: number }
  | { kind: 'deliver'; pick: number; again: boolean }
  | { kind: 'charge'; program: number; cents: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      shares: fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 2, maxLength: 2 }),
      cancelOlder: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat(), again: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('charge' as const), program: fc.nat(1), cents: fc.integer({ min: 100, max: 50_000 }) }) },
);

type StripeEvent = { type: 'succeeded' | 'refunded' | 'canceled'; intentId: string };

class World {
  entries: LedgerEntry[];
  cachedBalance: number;
  records = new Map<string, PaymentState>();
  stripe = new Map<string, { amount: number; status: 'open' | 'succeeded' | 'canceled'; refunds: StripeRefundFact[] }>();
  queue: StripeEvent[] = [];
  private seq = 0;

  constructor(charges: number[]) {
    this.entries = charges.map((cents, i) => ({
      entryId: `charge-${i}`,
      kind: 'charge',
      programType: PROGRAMS[i]!.programType,
      programId: PROGRAMS[i]!.programId,
      amountCents: cents,
      createdAt: '2026-01-01T00:00:00Z',
    }));
    this.cachedBalance = charges.reduce((a, b) => a + b, 0);
  }

  private at() {
    return `2026-02-01T00:00:${String(++this.seq % 60).padStart(2, '0')}Z`;
  }
  owed() {
    return owedByProgram(PROGRAMS, this.entries);
  }

  /** POST /api/create-payment-intent: items within what is owed now (planPayment), older checkouts canceled. */
  open(shares: number[], cancelOlder: boolean) {
    const owed = this.owed();
    const items = PROGRAMS.map((p, i) => ({ p, cents: Math.floor(Math.max(0, owed.get(`${p.programType}#${p.programId}`) ?? 0) * shares[i]!) }))
      .filter((x) => x.cents > 0)
      .map(({ p, cents }) => ({ programType: p.programType, programId: p.programId, programName: p.programName, amountCents: cents, refundedCents: 0 }));
    if (items.length === 0) return;
    const intentId = `pi_${++this.seq}`;
    const amountCents = items.reduce((n, i) => n + i.amountCents, 0);
    if (cancelOlder) {
      for (const [id, intent] of this.stripe) {
        if (intent.status !== 'open') continue;
        intent.status = 'canceled';
        this.queue.push({ type: 'canceled', intentId: id });
      }
    }
    this.stripe.set(intentId, { amount: amountCents, status: 'open', refunds: [] });
    this.records.set(intentId, { intentId, amountCents, refundedCents: 0, status: 'pending', items, refundIds: [], excess: null });
  }

  confirm(pick: number) {
    const open = [...this.stripe].filter(([, i]) => i.status === 'open');
    if (open.length === 0) return;
    const [id, intent] = open[pick % open.length]!;
    intent.status = 'succeeded';
    this.queue.push({ type: 'succeeded', intentId: id });
  }

  stripeRefund(intentId: string, cents: number, metadata: Record<string, string>) {
    const intent = this.stripe.get(intentId)!;
    const left = intent.amount - intent.refunds.reduce((n, r) => n + r.amountCents, 0);
    if (cents <= 0 || cents > left) return false;
    intent.refunds.push({ id: `re_${++this.seq}`, amountCents: cents, status: 'succeeded', metadata, createdAt: this.at() });
    this.queue.push({ type: 'refunded', intentId });
    return true;
  }

  refund(pick: number, share: number) {
    const paid = [...this.stripe].filter(([, i]) => i.status === 'succeeded');
    if (paid.length === 0) return;
    const [id, intent] = paid[pick % paid.length]!;
    const left = intent.amount - intent.refunds.reduce((n, r) => n + r.amountCents, 0);
    this.stripeRefund(id, Math.max(1, Math.floor(left * share)), {});
  }

  charge(program: number, cents: number) {
    const p = PROGRAMS[program]!;
    this.entries.push({ entryId: `charge-${++this.seq}`, kind: 'charge', programType: p.programType, programId: p.programId, amountCents: cents, createdAt: this.at() });
    this.cachedBalance += cents;
  }

  // ---- the appliers, each one atomic like the store's transactions --------------------------------

  applySucceeded(intentId: string) {
    const record = this.records.get(intentId)!;
    if (isPaid(record.status) || !mayMove(record.status, 'succeeded')) return;
    const settled = settleSucceeded(record, this.owed(), this.at());
    this.entries.push(...settled.entries);
    this.cachedBalance += settled.balanceDeltaCents;
    Object.assign(record, { status: 'succeeded', excess: settled.excess });
    // store/payment-events.ts refundExcess: asked of Stripe at once, marked as the excess
    const excess = excessToRefund(record, this.stripe.get(intentId)!.refunds);
    if (excess > 0) expect(this.stripeRefund(intentId, excess, { kind: 'excess' })).toBe(true);
    else if (record.excess) record.excess = { ...record.excess, status: 'refunded' };
  }

  applyRefunds(intentId: string) {
    let record = this.records.get(intentId)!;
    if (!isPaid(record.status)) {
      if (this.stripe.get(intentId)!.status !== 'succeeded') return;
      this.applySucceeded(intentId); // the refund came first: read the intent from Stripe, record the payment
      record = this.records.get(intentId)!;
    }
    const plan = planRefunds(record, this.stripe.get(intentId)!.refunds, this.at());
    expect(plan.kind).not.toBe('refused');
    if (plan.kind !== 'apply') return;
    this.entries.push(...plan.entries);
    this.cachedBalance += plan.balanceDeltaCents;
    Object.assign(record, plan.next);
  }

  deliver(pick: number, again: boolean) {
    if (this.queue.length === 0) return;
    const index = pick % this.queue.length;
    const event = this.queue[index]!;
    if (!again) this.queue.splice(index, 1);
    if (event.type === 'succeeded') this.applySucceeded(event.intentId);
    else if (event.type === 'refunded') this.applyRefunds(event.intentId);
    else {
      const record = this.records.get(event.intentId)!;
      if (mayMove(record.status, 'canceled')) record.status = 'canceled';
    }
  }

  // ---- the invariants -----------------------------------------------------------------------------

  checkAlways() {
    const totals = totalsByProgram(PROGRAMS, this.entries);
    expect(this.cachedBalance).toBe(totals.reduce((n, t) => n + t.dueCents - t.paidCents, 0));
    // no excess is ever counted as paid: every program is paid at most what it owes, at every step
    for (const t of totals) expect(t.paidCents).toBeLessThanOrEqual(t.dueCents);
    for (const record of this.records.values()) {
      expect(record.refundedCents).toBeLessThanOrEqual(record.amountCents);
      expect(new Set(record.refundIds).size).toBe(record.refundIds.length);
      const excessRefunded = record.excess?.items.reduce((n, x) => n + x.refundedCents, 0) ?? 0;
      expect(record.items.reduce((n, i) => n + i.refundedCents, 0) + excessRefunded).toBe(record.refundedCents);
    }
  }

  /** Once every event has arrived: the ledger is Stripe's, exactly. */
  checkSettled() {
    while (this.queue.length > 0) this.deliver(0, false);
    this.checkAlways();
    const sum = (kind: LedgerEntry['kind']) => this.entries.filter((e) => e.kind === kind).reduce((n, e) => n + e.amountCents, 0);
    const stripePaid = [...this.stripe.values()].filter((i) => i.status === 'succeeded').reduce((n, i) => n + i.amount, 0);
    const stripeRefunds = [...this.stripe.values()].flatMap((i) => i.refunds);
    // what the ledger holds is what Stripe kept: received minus every refund (the excess's included)
    expect(sum('payment') - sum('refund')).toBe(stripePaid - stripeRefunds.reduce((n, r) => n + r.amountCents, 0));
    for (const [id, intent] of this.stripe) {
      expect([...this.records.get(id)!.refundIds].sort()).toEqual(intent.refunds.map((r) => r.id).sort());
    }
    expect([...this.records.values()].every((r) => !r.excess || r.excess.status === 'refunded')).toBe(true);
  }
}

describe('the payment state machine', () => {
  it('keeps the money invariants over any interleaving of checkouts, confirmations, refunds and events', () => {
    fc.assert(
      fc.property(fc.tuple(fc.integer({ min: 100, max: 200_000 }), fc.integer({ min: 100, max: 200_000 })), fc.array(op, { maxLength: 60 }), (charges, ops) => {
        const world = new World(charges);
        for (const o of ops) {
          if (o.kind === 'open') world.open(o.shares, o.cancelOlder);
          else if (o.kind === 'confirm') world.confirm(o.pick);
          else if (o.kind === 'refund') world.refund(o.pick, o.share);
          else if (o.kind === 'charge') world.charge(o.program, o.cents);
          else world.deliver(o.pick, o.again);
          world.checkAlways();
        }
        world.checkSettled();
      }),
      { numRuns: 400 },
    );
  });

  it('two tabs: both confirmed for the whole balance, the second is kept out of the ledger and refunded in full', () => {
    const world = new World([35_000, 0]);
    world.open([1, 1], false);
    world.open([1, 1], false); // the cancel lost the race
    world.confirm(0);
    world.confirm(0);
    world.checkSettled();
    const [first, second] = [...world.records.values()];
    expect(first!.excess).toBeNull();
    expect(second!.excess).toMatchObject({ amountCents: 35_000, status: 'refunded' });
    expect(second).toMatchObject({ status: 'refunded', refundedCents: 35_000 });
    expect(world.entries.filter((e) => e.reference === second!.intentId)).toEqual([]);
    expect(world.cachedBalance).toBe(0);
  });

  it('refuses refunds adding up to more than the payment, and applies each refund id once', () => {
    const payment: PaymentState = {
      intentId: 'pi_1',
      amountCents: 1_000,
      refundedCents: 0,
      status: 'succeeded',
      refundIds: [],
      excess: null,
      items: [{ programType: 'certificate', programId: 'na', programName: 'NA', amountCents: 1_000, refundedCents: 0 }],
    };
    const r = (id: string, amountCents: number): StripeRefundFact => ({ id, amountCents, status: 'succeeded', metadata: {}, createdAt: '2026-02-01T00:00:00Z' });
    expect(planRefunds(payment, [r('re_1', 600), r('re_2', 600)], 'now').kind).toBe('refused');
    const plan = planRefunds(payment, [r('re_1', 600), r('re_2', 300), { ...r('re_3', 900), status: 'failed' }], 'now');
    expect(plan).toMatchObject({ kind: 'apply', appliedIds: ['re_1', 're_2'], balanceDeltaCents: 900, next: { status: 'partially_refunded', refundedCents: 900 } });
    if (plan.kind !== 'apply') throw new Error('unreachable');
    expect(planRefunds({ ...payment, ...plan.next }, [r('re_1', 600), r('re_2', 300)], 'now').kind).toBe('nothing-new');
  });
});
