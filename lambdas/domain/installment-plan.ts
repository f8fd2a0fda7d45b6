/**
 * Payment plans, pure: a template the school offers, the schedule it gives a student's program balance (a down payment
 * plus monthly installments), and re-spreading what is left when the balance changes. Collection (the daily sweep,
 * retries, late fees) is domain/plan-collection.ts; holds are domain/financial-holds.ts.
 *
 * Money is integer cents and every schedule adds up to the balance to the cent: each part is rounded down and the
 * leftover cents go on the LAST installment. Days are school-local `YYYY-MM-DD` strings, compared as strings.
 */
import type { ProgramType } from '../contract/programs.js';
import { addDays, addMonths } from './compliance.js';
import { usd as dollars, type Cents } from './money.js';

export interface PlanTemplate {
  id: string;
  name: string;
  /** Integer 0..90: the share of the balance due on the day the plan starts. */
  downPaymentPercent: number;
  /** Integer 1..24: monthly installments after the down payment. */
  installments: number;
  /** 1..28 (every month has it): the day each monthly installment is due. */
  dayOfMonth: number;
  /** Posted as a charge when the plan is accepted, collected with the down payment. */
  setupFeeCents: Cents;
  /** 0..60: days after an installment's due date before a late fee is posted. */
  graceDays: number;
  /** One per late installment. */
  lateFeeCents: Cents;
  /** Posted when a bank (ACH) debit is returned. */
  returnedPaymentFeeCents: Cents;
  programTypes: ProgramType[];
  active: boolean;
}

export interface ScheduledInstallment {
  seq: number;
  dueOn: string;
  amountCents: Cents;
  kind: 'down_payment' | 'installment';
}

export type InstallmentStatus = 'scheduled' | 'processing' | 'action_needed' | 'paid' | 'past_due' | 'cancelled';

/** One off-session debit of an installment (its PaymentIntent). */
export interface Attempt {
  n: number;
  on: string;
  intentId: string;
  outcome: 'processing' | 'succeeded' | 'declined' | 'authentication_required' | 'failed';
  code?: string;
}

/** An installment as a plan keeps it (re-exported by plan-collection.ts, where collection changes it). */
export interface Installment extends ScheduledInstallment {
  status: InstallmentStatus;
  attempts: Attempt[];
  lateFee: null | { entryId: string; postedOn: string; waived?: { by: string; reason: string; on: string } };
  /** Ledger entry ids of returned-payment fees. */
  returnedFees: string[];
}

/** Stripe refuses charges under $0.50 (USD): no debit of a schedule may be smaller. */
export const MINIMUM_DEBIT_CENTS = 50;

/** The first monthly installment is due at least this many days after the plan starts. */
export const FIRST_INSTALLMENT_AFTER_DAYS = 14;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCents = (n: number) => Number.isSafeInteger(n) && n >= 0;
const inRange = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** The first `dayOfMonth` on or after `from` + 14 days. */
export function firstDueOn(from: string, dayOfMonth: number): string {
  const earliest = addDays(from, FIRST_INSTALLMENT_AFTER_DAYS);
  const sameMonth = `${earliest.slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}`;
  return sameMonth >= earliest ? sameMonth : addMonths(sameMonth, 1);
}

/** `total` in `n` parts, each rounded down, the leftover cents on the last. */
function split(total: Cents, n: number): Cents[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? total - base * (n - 1) : base));
}

function checkTemplate(t: PlanTemplate): void {
  if (!inRange(t.downPaymentPercent, 0, 90)) throw new RangeError(`downPaymentPercent must be an integer 0..90, not ${t.downPaymentPercent}`);
  if (!inRange(t.installments, 1, 24)) throw new RangeError(`installments must be an integer 1..24, not ${t.installments}`);
  if (!inRange(t.dayOfMonth, 1, 28)) throw new RangeError(`dayOfMonth must be an integer 1..28, not ${t.dayOfMonth}`);
  if (!inRange(t.graceDays, 0, 60)) throw new RangeError(`graceDays must be an integer 0..60, not ${t.graceDays}`);
  for (const fee of ['setupFeeCents', 'lateFeeCents', 'returnedPaymentFeeCents'] as const) {
    if (!isCents(t[fee])) throw new RangeError(`${fee} must be a whole number of cents, not ${t[fee]}`);
  }
}

/**
 * The schedule of a balance under a template, starting `startDay`:
 *  - seq 0, the down payment, due `startDay`: floor(balance * percent / 100) plus the setup fee; left out when both are 0;
 *  - seq 1..n, due on `dayOfMonth` of consecutive months, the first at least 14 days after `startDay`: the rest of the
 *    balance in equal parts, rounded down, the leftover cents on the last.
 * The amounts, less the setup fee, add up to the balance exactly. Throws RangeError on a balance that is not a whole
 * positive number of cents (there is nothing to plan) or a template out of its ranges.
 */
export function computeSchedule(input: { balanceCents: Cents; template: PlanTemplate; startDay: string }): ScheduledInstallment[] {
  const { balanceCents, template, startDay } = input;
  if (!isCents(balanceCents) || balanceCents === 0) throw new RangeError(`A plan needs a balance of at least one cent, not ${balanceCents}`);
  if (!DAY.test(startDay)) throw new RangeError(`Not a day: ${startDay}`);
  checkTemplate(template);
  const down = Math.floor((balanceCents * template.downPaymentPercent) / 100);
  const first = firstDueOn(startDay, template.dayOfMonth);
  const installments = split(balanceCents - down, template.installments).map((amountCents, i): ScheduledInstallment => ({
    seq: i + 1,
    dueOn: addMonths(first, i),
    amountCents,
    kind: 'installment',
  }));
  const downPayment = down + template.setupFeeCents;
  return downPayment > 0 ? [{ seq: 0, dueOn: startDay, amountCents: downPayment, kind: 'down_payment' }, ...installments] : installments;
}

/**
 * Why a schedule cannot be collected, as a sentence for the student, or null when it can: every debit must be at least
 * MINIMUM_DEBIT_CENTS (Stripe refuses smaller charges).
 */
export function scheduleProblem(schedule: readonly ScheduledInstallment[]): string | null {
  const minimum = `Each payment must be at least ${dollars(MINIMUM_DEBIT_CENTS)}`;
  const down = schedule.find((s) => s.kind === 'down_payment');
  if (down && down.amountCents < MINIMUM_DEBIT_CENTS) return `${minimum}: a down payment of ${dollars(down.amountCents)} is too small.`;
  const installments = schedule.filter((s) => s.kind === 'installment');
  if (installments.some((s) => s.amountCents < MINIMUM_DEBIT_CENTS)) {
    const total = installments.reduce((n, s) => n + s.amountCents, 0);
    const count = installments.length;
    return `${minimum}: ${dollars(total)} over ${count} installment${count === 1 ? '' : 's'} is too small.`;
  }
  return null;
}

/** Whether a student of `programType` may choose the template: it is offered (active) and lists the program type. */
export const templateAllows = (template: Pick<PlanTemplate, 'active' | 'programTypes'>, programType: ProgramType): boolean =>
  template.active && template.programTypes.includes(programType);

/** Installments whose amount re-amortizing may change: not paid, not in flight (processing), not cancelled. */
const OPEN: ReadonlySet<InstallmentStatus> = new Set(['scheduled', 'action_needed', 'past_due']);

/**
 * A plan re-spread after its program's balance changed (a new charge, a credit):
 *  - paid and processing installments stay as they are (processing money is on its way), and so do cancelled ones;
 *  - `newBalanceCents` is what the plan still has to collect beyond those: it is spread over the remaining open
 *    installments (scheduled, action needed, past due), on their own due dates, status and attempts kept, in equal
 *    parts rounded down, the leftover cents on the last;
 *  - with none open and something to collect, one new installment is added, due on the first `dayOfMonth` at least
 *    14 days after `today`;
 *  - with nothing to collect (0 or less), the open installments are cancelled with amount 0.
 * The amounts of the open installments (or the new one) add up to `newBalanceCents` exactly.
 */
export function reamortize(plan: { installments: readonly Installment[]; dayOfMonth: number }, newBalanceCents: Cents, today: string): Installment[] {
  if (!Number.isSafeInteger(newBalanceCents)) throw new RangeError(`Not a whole number of cents: ${newBalanceCents}`);
  const open = plan.installments.filter((i) => OPEN.has(i.status)).sort((a, b) => a.seq - b.seq);
  if (newBalanceCents <= 0) {
    return plan.installments.map((i) => (OPEN.has(i.status) ? { ...i, amountCents: 0, status: 'cancelled' as const } : i));
  }
  if (open.length === 0) {
    const seq = Math.max(-1, ...plan.installments.map((i) => i.seq)) + 1;
    const added: Installment = {
      seq,
      dueOn: firstDueOn(today, plan.dayOfMonth),
      amountCents: newBalanceCents,
      kind: 'installment',
      status: 'scheduled',
      attempts: [],
      lateFee: null,
      returnedFees: [],
    };
    return [...plan.installments, added];
  }
  const parts = split(newBalanceCents, open.length);
  const amounts = new Map(open.map((i, k) => [i.seq, parts[k] ?? 0]));
  return plan.installments.map((i) => {
    const amountCents = amounts.get(i.seq);
    return amountCents === undefined ? i : { ...i, amountCents };
  });
}
