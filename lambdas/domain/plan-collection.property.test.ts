/**
 * The collection rules of domain/plan-collection.ts over random histories: a sweep every day (sometimes twice, sometimes
 * missed), each debit answered at random (succeeded, declined, failed, ACH processing that resolves days later,
 * authentication the student completes or never does), Stripe's later events delivered twice, and the plan cancelled or
 * paused at random. A small model of Stripe and of the store does what the sweep says, each key once, as the store's
 * conditional writes do.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './compliance.js';
import { computeSchedule, type PlanTemplate } from './installment-plan.js';
import {
  MAX_ATTEMPTS,
  applyAttemptOutcome,
  cancelPlan,
  markPastDue,
  planStatus,
  recordLateFee,
  recordReturnedFee,
  startInstallments,
  sweepActions,
  type Attempt,
  type PlanForSweep,
} from './plan-collection.js';

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

const START = '2027-01-04';
/** Days swept: the longest plan (down payment + 4 months) and its retries, late fees and ACH settlements. */
const DAYS = 170;

interface Pending {
  seq: number;
  n: number;
  intentId: string;
  on: string;
  outcome: Attempt['outcome'];
}

class World {
  plan: PlanForSweep;
  /** Every idempotency key Stripe has seen, with the amount it was first asked for. */
  keys = new Map<string, number>();
  lateFees = new Map<number, number>();
  pending: Pending[] = [];
  private i = 0;

  constructor(
    template: PlanTemplate,
    balance: number,
    autopay: boolean,
    vaPaymentPending: boolean,
    private readonly dice: number[],
  ) {
    this.plan = {
      id: 'plan-1',
      status: 'active',
      autopay,
      installments: startInstallments(computeSchedule({ balanceCents: balance, template, startDay: START })),
      terms: template,
      vaPaymentPending,
    };
  }

  private roll(sides: number) {
    return this.dice[this.i++ % this.dice.length]! % sides;
  }

  private apply(seq: number, attempt: { n: number; on: string; intentId: string }, outcome: Attempt['outcome']) {
    const r = applyAttemptOutcome(this.plan, seq, attempt, outcome, outcome === 'failed' ? 'R01' : undefined);
    let installments = r.installments;
    if (r.returnedFee !== undefined) {
      check(!this.plan.vaPaymentPending, 'a returned-payment fee while a VA payment is pending');
      installments = recordReturnedFee(installments, seq, `returned-${seq}-${attempt.n}`);
    }
    this.plan = { ...this.plan, installments, status: r.status };
  }

  sweep(today: string) {
    const actions = sweepActions(this.plan, today);
    const charged = actions.filter((a) => a.kind === 'charge').map((a) => a.seq);
    check(new Set(charged).size === charged.length, `two charges of one installment in one sweep: ${charged}`);
    for (const action of actions) {
      if (action.kind === 'charge') {
        const inst = this.plan.installments.find((i) => i.seq === action.seq)!;
        // never a paid (or processing, cancelled...) installment
        check(inst.status === 'scheduled', `charged installment ${inst.seq} while ${inst.status}`);
        check(action.attempt <= MAX_ATTEMPTS && action.amountCents === inst.amountCents, `charged ${JSON.stringify(action)}`);
        const seen = this.keys.get(action.idempotencyKey);
        if (seen !== undefined) {
          check(seen === action.amountCents, `key ${action.idempotencyKey} asked for ${seen} then ${action.amountCents}`);
          continue; // Stripe's idempotency: the same request again is the same charge
        }
        this.keys.set(action.idempotencyKey, action.amountCents);
        const intentId = `pi_${action.idempotencyKey}`;
        const outcome = (['succeeded', 'declined', 'failed', 'processing', 'authentication_required'] as const)[this.roll(5)]!;
        this.apply(action.seq, { n: action.attempt, on: today, intentId }, outcome);
        if (outcome === 'processing' || (outcome === 'authentication_required' && this.roll(2) === 0)) {
          const later = outcome === 'processing' ? (this.roll(2) === 0 ? 'succeeded' : 'failed') : 'succeeded';
          this.pending.push({ seq: action.seq, n: action.attempt, intentId, on: addDays(today, 1 + this.roll(9)), outcome: later });
        }
      } else if (action.kind === 'mark_past_due') {
        const installments = markPastDue(this.plan.installments, action.seq);
        this.plan = { ...this.plan, installments, status: planStatus(this.plan.status, installments) };
      } else if (action.kind === 'late_fee') {
        check(!this.plan.vaPaymentPending, 'a late fee while a VA payment is pending');
        this.lateFees.set(action.seq, (this.lateFees.get(action.seq) ?? 0) + 1);
        this.plan = { ...this.plan, installments: recordLateFee(this.plan.installments, action.seq, `late-${action.seq}`, today) };
      }
    }
  }

  /** Stripe's later events (ACH settled or returned, authentication completed), some delivered twice. */
  deliver(today: string) {
    for (const p of this.pending.filter((e) => e.on <= today)) {
      this.apply(p.seq, p, p.outcome);
      if (this.roll(3) === 0) this.apply(p.seq, p, p.outcome);
    }
    this.pending = this.pending.filter((e) => e.on > today);
  }

  /** Checked after every day, so plain conditions rather than expect(): fast-check shrinks on the throw all the same. */
  checkAlways() {
    for (const inst of this.plan.installments) {
      check(inst.attempts.length <= MAX_ATTEMPTS, `installment ${inst.seq} has ${inst.attempts.length} attempts`);
      check(
        inst.attempts.every((a, i) => a.n === i + 1),
        `installment ${inst.seq}'s attempts are not numbered 1..n`,
      );
      check((this.lateFees.get(inst.seq) ?? 0) <= 1, `installment ${inst.seq} has ${this.lateFees.get(inst.seq)} late fees`);
      check(new Set(inst.returnedFees).size === inst.returnedFees.length, `installment ${inst.seq} has a returned fee twice`);
      check(inst.status !== 'paid' || inst.attempts.at(-1)?.outcome === 'succeeded', `installment ${inst.seq} is paid without a successful attempt`);
    }
  }
}

const templateArb: fc.Arbitrary<PlanTemplate> = fc.record({
  id: fc.constant('t'),
  name: fc.constant('T'),
  downPaymentPercent: fc.integer({ min: 0, max: 50 }),
  installments: fc.integer({ min: 1, max: 4 }),
  dayOfMonth: fc.integer({ min: 1, max: 28 }),
  setupFeeCents: fc.constantFrom(0, 2_500),
  graceDays: fc.integer({ min: 0, max: 20 }),
  lateFeeCents: fc.constantFrom(0, 2_500),
  returnedPaymentFeeCents: fc.constantFrom(0, 3_000),
  programTypes: fc.constant(['diploma' as const]),
  active: fc.constant(true),
});

describe('plan collection', () => {
  it('never more than 3 attempts, one amount per key, one late fee per installment, no charge of a paid installment', () => {
    fc.assert(
      fc.property(
        templateArb,
        fc.integer({ min: 5_000, max: 2_000_000 }),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.nat(999), { minLength: 50, maxLength: 300 }),
        (template, balance, autopay, va, dice) => {
          const world = new World(template, balance, autopay, va, dice);
          let roll = 0;
          const next = () => dice[roll++ % dice.length]!;
          for (let d = 0; d < DAYS; d++) {
            const today = addDays(START, d);
            world.deliver(today);
            const r = next() % 20;
            if (r === 0) continue; // the sweep missed a day
            world.sweep(today);
            if (r === 1) world.sweep(today); // and ran twice on another
            if (r === 2 && next() % 8 === 0) world.plan = { ...world.plan, ...cancelPlan(world.plan) };
            if (r === 3 && world.plan.status !== 'cancelled') world.plan = { ...world.plan, status: world.plan.status === 'paused' ? 'active' : 'paused' };
            if (r === 4 && world.plan.status === 'paused') world.plan = { ...world.plan, status: planStatus('active', world.plan.installments) };
            world.checkAlways();
          }
          // then 40 days without a missed sweep: in a plan still collecting, nothing due before then is left unresolved
          for (let d = DAYS; d < DAYS + 40; d++) {
            world.deliver(addDays(START, d));
            world.sweep(addDays(START, d));
            world.checkAlways();
          }
          if (world.plan.status === 'active' || world.plan.status === 'past_due') {
            const stuck = world.plan.installments.filter((i) => ['scheduled', 'processing', 'action_needed'].includes(i.status) && i.dueOn < addDays(START, DAYS));
            expect(stuck).toEqual([]);
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 30_000);
});
