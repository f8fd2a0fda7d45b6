import { describe, expect, it } from 'vitest';
import { addDays } from './compliance.js';
import {
  applyAttemptOutcome,
  arrearsCents,
  cancelPlan,
  markPastDue,
  nextActionDay,
  nextDebit,
  reminderKey,
  planStatus,
  recordLateFee,
  remainingCents,
  sweepActions,
  type Attempt,
  type PlanForSweep,
  type SweepAction,
} from './plan-collection.js';
import { inst } from './testing/installments.js';

const plan = (over: Partial<PlanForSweep> = {}): PlanForSweep => ({
  id: 'plan-1',
  status: 'active',
  autopay: true,
  installments: [inst(1, '2027-02-01', 25_000), inst(2, '2027-03-01', 25_000)],
  terms: { graceDays: 10, lateFeeCents: 2_500, returnedPaymentFeeCents: 3_000 },
  vaPaymentPending: false,
  ...over,
});

type Outcome = Attempt['outcome'];

/** Runs the sweep every day from `from` for `days` days, doing what it says as the store would, `outcome` answering each charge. */
function simulate(start: PlanForSweep, from: string, days: number, outcome: (a: Extract<SweepAction, { kind: 'charge' }>, today: string) => Outcome) {
  let p = start;
  const log: Array<SweepAction & { on: string }> = [];
  for (let d = 0; d < days; d++) {
    const today = addDays(from, d);
    for (const action of sweepActions(p, today)) {
      log.push({ ...action, on: today });
      if (action.kind === 'charge') {
        const r = applyAttemptOutcome(p, action.seq, { n: action.attempt, on: today, intentId: `pi_${action.idempotencyKey}` }, outcome(action, today));
        p = { ...p, installments: r.installments, status: r.status };
      } else if (action.kind === 'mark_past_due') {
        const installments = markPastDue(p.installments, action.seq);
        p = { ...p, installments, status: planStatus(p.status, installments) };
      } else if (action.kind === 'late_fee') {
        p = { ...p, installments: recordLateFee(p.installments, action.seq, `fee-${action.seq}`, today) };
      }
    }
  }
  return { plan: p, log };
}

describe('the daily sweep', () => {
  it('retries a declined card at +3 and +7, then the installment is past due, then exactly one late fee after the grace days', () => {
    const { plan: end, log } = simulate(plan({ installments: [inst(1, '2027-02-01', 25_000)] }), '2027-01-15', 60, () => 'declined');
    expect(log.filter((a) => a.kind === 'charge').map((a) => [a.on, a.kind === 'charge' && a.idempotencyKey])).toEqual([
      ['2027-02-01', 'plan-1#1#1'],
      ['2027-02-04', 'plan-1#1#2'],
      ['2027-02-08', 'plan-1#1#3'],
    ]);
    expect(log.filter((a) => a.kind === 'late_fee')).toEqual([{ kind: 'late_fee', seq: 1, amountCents: 2_500, on: '2027-02-12' }]);
    // a reminder's key is the same every day of its window: the store sends each key once, on the first day it sees it
    const firstSeen = new Map<string, string>();
    for (const a of log) if (a.kind === 'remind' && !firstSeen.has(a.key)) firstSeen.set(a.key, a.on);
    expect([...firstSeen]).toEqual([
      ['plan-1#1#remind-7', '2027-01-25'],
      ['plan-1#1#remind-1', '2027-01-31'],
    ]);
    expect(end.status).toBe('past_due');
    expect(end.installments[0]).toMatchObject({ status: 'past_due', lateFee: { entryId: 'fee-1', postedOn: '2027-02-12' } });
    expect(arrearsCents(end)).toBe(25_000);
  });

  it('gives the same single charge when run twice on one day, and one charge after missed days', () => {
    const p = plan();
    expect(sweepActions(p, '2027-02-01')).toEqual(sweepActions(p, '2027-02-01'));
    expect(sweepActions(p, '2027-02-01').filter((a) => a.kind === 'charge')).toEqual([{ kind: 'charge', seq: 1, attempt: 1, amountCents: 25_000, idempotencyKey: 'plan-1#1#1' }]);
    // the sweep missed every day since 1 Feb: attempt 1 now, once, and attempt 2 not before the next day
    const late = plan({ installments: [inst(1, '2027-02-01', 25_000)] });
    expect(sweepActions(late, '2027-02-10')).toEqual([{ kind: 'charge', seq: 1, attempt: 1, amountCents: 25_000, idempotencyKey: 'plan-1#1#1' }]);
    const declined = applyAttemptOutcome(late, 1, { n: 1, on: '2027-02-10', intentId: 'pi_1' }, 'declined');
    expect(sweepActions({ ...late, installments: declined.installments }, '2027-02-10')).toEqual([]);
    expect(sweepActions({ ...late, installments: declined.installments }, '2027-02-11')).toMatchObject([{ kind: 'charge', attempt: 2 }]);
  });

  it('sends each reminder once by key, the latest one when the sweep missed its day, none for the down payment', () => {
    const p = plan({ installments: [inst(0, '2027-02-01', 5_000, { status: 'paid' }), inst(1, '2027-03-01', 25_000)] });
    expect(sweepActions(plan({ installments: [inst(0, '2027-02-10', 5_000)] }), '2027-02-09')).toEqual([]);
    expect(sweepActions(p, '2027-02-22')).toEqual([{ kind: 'remind', seq: 1, daysBefore: 7, key: 'plan-1#1#remind-7' }]);
    expect(sweepActions(p, '2027-02-25')).toEqual([{ kind: 'remind', seq: 1, daysBefore: 7, key: 'plan-1#1#remind-7' }]);
    expect(sweepActions(p, '2027-02-28')).toEqual([{ kind: 'remind', seq: 1, daysBefore: 1, key: 'plan-1#1#remind-1' }]);
    expect(sweepActions(p, '2027-01-25')).toEqual([]);
  });

  it('does nothing for a paused, completed or cancelled plan', () => {
    for (const status of ['paused', 'completed', 'cancelled'] as const) expect(sweepActions(plan({ status }), '2027-02-01')).toEqual([]);
  });

  it('stops future charges once the plan is cancelled, keeping a processing debit', () => {
    const p = plan({ installments: [inst(1, '2027-02-01', 25_000, { status: 'processing' }), inst(2, '2027-03-01', 25_000), inst(3, '2027-04-01', 25_000)] });
    const cancelled = cancelPlan(p);
    expect(cancelled.installments.map((i) => i.status)).toEqual(['processing', 'cancelled', 'cancelled']);
    const after = { ...p, ...cancelled };
    for (let d = 0; d < 90; d++) expect(sweepActions(after, addDays('2027-02-01', d))).toEqual([]);
    expect(nextDebit(after)).toBeNull();
  });

  it('marks past due without autopay once the due day has passed, and posts no late fee while a VA payment is pending', () => {
    const { log } = simulate(plan({ autopay: false, vaPaymentPending: true, installments: [inst(1, '2027-02-01', 25_000)] }), '2027-01-30', 60, () => 'declined');
    expect(log.filter((a) => a.kind !== 'remind')).toEqual([{ kind: 'mark_past_due', seq: 1, on: '2027-02-02' }]);
    const { log: withoutVa } = simulate(plan({ autopay: false, installments: [inst(1, '2027-02-01', 25_000)] }), '2027-01-30', 60, () => 'declined');
    expect(withoutVa.filter((a) => a.kind === 'late_fee').map((a) => a.on)).toEqual(['2027-02-12']);
  });

  it('posts no second late fee, even when the first was waived, and none when the fee is 0', () => {
    const waived = inst(1, '2027-02-01', 25_000, {
      status: 'past_due',
      lateFee: { entryId: 'f', postedOn: '2027-02-12', waived: { by: 'bursar', reason: 'first time', on: '2027-02-13' } },
    });
    expect(sweepActions(plan({ status: 'past_due', installments: [waived] }), '2027-03-20')).toEqual([]);
    expect(
      sweepActions(
        plan({ installments: [inst(1, '2027-02-01', 25_000, { status: 'past_due' })], terms: { graceDays: 0, lateFeeCents: 0, returnedPaymentFeeCents: 0 } }),
        '2027-03-20',
      ),
    ).toEqual([]);
  });

  it('marks an unresolved authentication past due 7 days after the due date', () => {
    const p = plan({
      installments: [inst(1, '2027-02-01', 25_000, { status: 'action_needed', attempts: [{ n: 1, on: '2027-02-01', intentId: 'pi', outcome: 'authentication_required' }] })],
    });
    expect(sweepActions(p, '2027-02-07')).toEqual([]);
    expect(sweepActions(p, '2027-02-08')).toEqual([{ kind: 'mark_past_due', seq: 1 }]);
  });
});

describe('attempt outcomes', () => {
  it('an ACH debit processing then failed reopens the installment for its next attempt and owes a returned-payment fee', () => {
    const p = plan();
    const processing = applyAttemptOutcome(p, 1, { n: 1, on: '2027-02-01', intentId: 'pi_1' }, 'processing');
    expect(processing.installments[0]!.status).toBe('processing');
    expect(processing.returnedFee).toBeUndefined();
    const during = { ...p, installments: processing.installments };
    expect(sweepActions(during, '2027-02-04').filter((a) => a.kind === 'charge')).toEqual([]);
    const failed = applyAttemptOutcome(during, 1, { n: 1, on: '2027-02-05', intentId: 'pi_1' }, 'failed', 'R01');
    expect(failed.returnedFee).toBe(3_000);
    expect(failed.installments[0]).toMatchObject({ status: 'scheduled', attempts: [{ n: 1, on: '2027-02-01', outcome: 'failed', code: 'R01' }] });
    expect(sweepActions({ ...p, installments: failed.installments }, '2027-02-06').filter((a) => a.kind === 'charge')).toMatchObject([{ attempt: 2 }]);
    // the same event again changes nothing and owes no second fee
    const again = applyAttemptOutcome({ ...p, installments: failed.installments }, 1, { n: 1, on: '2027-02-05', intentId: 'pi_1' }, 'failed', 'R01');
    expect(again.installments).toEqual(failed.installments);
    expect(again.returnedFee).toBeUndefined();
    // no returned-payment fee while a VA payment is pending
    expect(applyAttemptOutcome({ ...during, vaPaymentPending: true }, 1, { n: 1, on: '2027-02-05', intentId: 'pi_1' }, 'failed').returnedFee).toBeUndefined();
  });

  it('authentication required waits for the student; completing it pays the installment', () => {
    const p = plan();
    const needed = applyAttemptOutcome(p, 1, { n: 1, on: '2027-02-01', intentId: 'pi_1' }, 'authentication_required');
    expect(needed.installments[0]!.status).toBe('action_needed');
    const paid = applyAttemptOutcome({ ...p, installments: needed.installments }, 1, { n: 1, on: '2027-02-03', intentId: 'pi_1' }, 'succeeded');
    expect(paid.installments[0]!.status).toBe('paid');
    expect(paid.status).toBe('active');
  });

  it('completes the plan when every installment is paid, and ignores outcomes after that', () => {
    let p = plan();
    for (const seq of [1, 2]) {
      const r = applyAttemptOutcome(p, seq, { n: 1, on: '2027-02-01', intentId: `pi_${seq}` }, 'succeeded');
      p = { ...p, installments: r.installments, status: r.status };
    }
    expect(p.status).toBe('completed');
    expect(remainingCents(p)).toBe(0);
    expect(applyAttemptOutcome(p, 1, { n: 1, on: '2027-02-02', intentId: 'pi_1' }, 'declined').installments).toEqual(p.installments);
    expect(() => applyAttemptOutcome(p, 1, { n: 3, on: '2027-02-02', intentId: 'pi_x' }, 'declined')).toThrow(RangeError);
  });

  it('reports the next debit, arrears and what remains', () => {
    const p = plan({
      status: 'past_due',
      installments: [
        inst(1, '2027-02-01', 10_000, { status: 'past_due' }),
        inst(2, '2027-03-01', 20_000, { attempts: [{ n: 1, on: '2027-03-01', intentId: 'pi', outcome: 'declined' }] }),
        inst(3, '2027-04-01', 30_000),
        inst(4, '2027-05-01', 40_000, { status: 'paid' }),
      ],
    });
    expect(nextDebit(p)).toEqual({ seq: 2, on: '2027-03-04', amountCents: 20_000 });
    expect(nextDebit({ ...p, autopay: false })).toBeNull();
    expect(arrearsCents(p)).toBe(10_000);
    expect(remainingCents(p)).toBe(60_000);
  });
});

describe('the day the sweep next has something to do (its index)', () => {
  it('is the first reminder, then the debit, then a retry; a reminder already sent does not count', () => {
    const p = plan();
    expect(nextActionDay(p, '2027-01-01')).toBe('2027-01-25');
    // the 7-day reminder was sent: the next is the 1-day one
    expect(nextActionDay(p, '2027-01-26', new Set([reminderKey(p.id, 1, 7)]))).toBe('2027-01-31');
    expect(nextActionDay(p, '2027-01-31', new Set([reminderKey(p.id, 1, 7), reminderKey(p.id, 1, 1)]))).toBe('2027-02-01');
    // declined on the due day: the retry 3 days later
    const declined = plan({
      installments: [inst(1, '2027-02-01', 25_000, { attempts: [{ n: 1, on: '2027-02-01', intentId: 'pi_1', outcome: 'declined' }] }), inst(2, '2027-03-01', 25_000)],
    });
    expect(nextActionDay(declined, '2027-02-02', new Set([reminderKey(p.id, 1, 7), reminderKey(p.id, 1, 1)]))).toBe('2027-02-04');
  });

  it('a day already passed is today (a missed sweep catches up); nothing while a debit is processing and no later installment waits; none for a plan that does not collect', () => {
    expect(nextActionDay(plan(), '2027-02-10')).toBe('2027-02-10');
    const processing = plan({
      installments: [inst(1, '2027-02-01', 25_000, { status: 'processing', attempts: [{ n: 1, on: '2027-02-01', intentId: 'pi_1', outcome: 'processing' }] })],
    });
    expect(nextActionDay(processing, '2027-02-02')).toBeNull();
    expect(nextActionDay(plan({ status: 'paused' }), '2027-01-01')).toBeNull();
    expect(nextActionDay(plan({ status: 'completed' }), '2027-01-01')).toBeNull();
  });
});
