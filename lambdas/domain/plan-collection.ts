/**
 * Collecting a payment plan, pure: what the daily sweep does for a plan as of a school-local day, and what an
 * attempt's outcome (Stripe's answer to an off-session debit, or its later event) does to the plan.
 *
 * The sweep (sweepActions) only says what to do; the store does it, each action once:
 *  - a charge carries the idempotency key `${planId}#${seq}#${attempt}`, so a rerun of the sweep (the same day, the
 *    same plan) asks for the same charge and Stripe and the store make it happen once;
 *  - a reminder carries a key unique per plan, installment and 7/1 days before, so a rerun sends nothing new.
 *
 * Rules:
 *  - Only active and past_due plans act; paused, completed and cancelled plans do nothing.
 *  - Attempt k (1..3) of an installment is due on dueOn + RETRY_OFFSETS_DAYS[k-1]. With autopay on, the sweep charges
 *    the next attempt when its day has come (<= today), the installment is 'scheduled' and the previous attempt, if
 *    any, was declined or failed. When the sweep missed days and several attempt days have passed it charges once, as
 *    attempt (attempts so far + 1): never two charges for one installment in one sweep, never more than 3 attempts.
 *    Decided here: never two attempts of one installment on the same day either (the previous one must be on an
 *    earlier day), so a late attempt is not followed by its overdue retry within the same day.
 *  - mark_past_due: after the 3rd attempt declined or failed; with autopay off once dueOn has passed (today > dueOn);
 *    when an action_needed (authentication) is still unresolved 7 days after dueOn (today >= dueOn + 7).
 *  - late_fee: a past-due installment (including one marked past due by the same sweep) gets exactly one late fee once
 *    today > dueOn + graceDays, unless lateFeeCents is 0, it already has one (even waived), or a VA payment is pending:
 *    38 U.S.C. 3679(e) forbids a late fee for a VA chapter 31/33 student while the VA payment is pending.
 *  - remind: installments (not the down payment, seq 0) still 'scheduled' with no attempt, on dueOn - 7 and dueOn - 1.
 *    When the sweep missed that day but it is still before dueOn, the latest one due is sent (once: its key is the
 *    same on every day of its window).
 */
import { addDays } from './compliance.js';
import type { Attempt, Installment, InstallmentStatus, PlanTemplate, ScheduledInstallment } from './installment-plan.js';
import type { Cents } from './money.js';

export type { Attempt, Installment, InstallmentStatus } from './installment-plan.js';

export type PlanStatus = 'active' | 'past_due' | 'paused' | 'completed' | 'cancelled';

export interface PlanForSweep {
  id: string;
  status: PlanStatus;
  autopay: boolean;
  installments: Installment[];
  terms: Pick<PlanTemplate, 'graceDays' | 'lateFeeCents' | 'returnedPaymentFeeCents'>;
  /** The student is a VA chapter 31/33 beneficiary whose VA payment is pending (38 U.S.C. 3679(e)). */
  vaPaymentPending: boolean;
}

export type SweepAction =
  | { kind: 'charge'; seq: number; attempt: number; amountCents: Cents; idempotencyKey: string }
  | { kind: 'remind'; seq: number; daysBefore: 7 | 1; key: string }
  | { kind: 'mark_past_due'; seq: number }
  | { kind: 'late_fee'; seq: number; amountCents: Cents };

/** Days after dueOn of attempts 1, 2 and 3. */
export const RETRY_OFFSETS_DAYS = [0, 3, 7] as const;
export const MAX_ATTEMPTS = RETRY_OFFSETS_DAYS.length;
/**
 * Attempts the student may add with Pay now (store: pay-now) beyond the sweep's: a Pay now is an attempt like any
 * other (the next number, its own idempotency key), so a declined one counts toward the sweep's three, and a past-due
 * installment can still be paid after them.
 */
export const MAX_ATTEMPTS_WITH_PAY_NOW = MAX_ATTEMPTS + 5;
/** Days after dueOn an authentication the student was asked for may stay unresolved before the installment is past due. */
export const ACTION_NEEDED_DAYS = 7;
export const REMINDER_DAYS_BEFORE = [7, 1] as const;

const ACTING: ReadonlySet<PlanStatus> = new Set(['active', 'past_due']);
const isFailure = (outcome: Attempt['outcome'] | undefined) => outcome === 'declined' || outcome === 'failed';
const isFinal = (outcome: Attempt['outcome']) => outcome === 'succeeded' || isFailure(outcome);

export const chargeKey = (planId: string, seq: number, attempt: number) => `${planId}#${seq}#${attempt}`;
export const reminderKey = (planId: string, seq: number, daysBefore: 7 | 1) => `${planId}#${seq}#remind-${daysBefore}`;

/** The day attempt `n` (1..3) of an installment is due. */
export const attemptDay = (dueOn: string, n: number) => addDays(dueOn, RETRY_OFFSETS_DAYS[n - 1] ?? 0);

/** The next attempt of a scheduled installment: its number and day, or null when none may be made. */
function nextAttempt(installment: Installment): { n: number; on: string } | null {
  if (installment.status !== 'scheduled') return null;
  const last = installment.attempts.at(-1);
  if (last && !isFailure(last.outcome)) return null;
  const n = installment.attempts.length + 1;
  if (n > MAX_ATTEMPTS) return null;
  const due = attemptDay(installment.dueOn, n);
  // never two attempts on one day: a retry overdue after a late attempt waits for the next day
  return { n, on: last && last.on >= due ? addDays(last.on, 1) : due };
}

/** What the daily sweep does for one plan as of the school-local day `today` (see the rules above). */
export function sweepActions(plan: PlanForSweep, today: string): SweepAction[] {
  if (!ACTING.has(plan.status)) return [];
  const actions: SweepAction[] = [];
  for (const inst of [...plan.installments].sort((a, b) => a.seq - b.seq)) {
    const { seq, dueOn, status } = inst;
    let pastDue = status === 'past_due';
    if (status === 'scheduled') {
      const exhausted = inst.attempts.length >= MAX_ATTEMPTS && isFailure(inst.attempts[MAX_ATTEMPTS - 1]?.outcome);
      if (exhausted || (!plan.autopay && today > dueOn)) {
        actions.push({ kind: 'mark_past_due', seq });
        pastDue = true;
      } else if (plan.autopay) {
        const next = nextAttempt(inst);
        if (next && next.on <= today) {
          actions.push({ kind: 'charge', seq, attempt: next.n, amountCents: inst.amountCents, idempotencyKey: chargeKey(plan.id, seq, next.n) });
        }
      }
      if (!pastDue && inst.kind === 'installment' && inst.attempts.length === 0 && today < dueOn) {
        // the latest reminder whose day has come, while still before dueOn: 7 days before, then 1
        const daysBefore = REMINDER_DAYS_BEFORE.filter((d) => addDays(dueOn, -d) <= today).at(-1);
        if (daysBefore !== undefined) actions.push({ kind: 'remind', seq, daysBefore, key: reminderKey(plan.id, seq, daysBefore) });
      }
    } else if (status === 'action_needed' && today >= addDays(dueOn, ACTION_NEEDED_DAYS)) {
      actions.push({ kind: 'mark_past_due', seq });
      pastDue = true;
    }
    if (pastDue && inst.lateFee === null && plan.terms.lateFeeCents > 0 && !plan.vaPaymentPending && today > addDays(dueOn, plan.terms.graceDays)) {
      actions.push({ kind: 'late_fee', seq, amountCents: plan.terms.lateFeeCents });
    }
  }
  return actions;
}

/** A plan's status from its installments: paused and cancelled stay as set; completed once nothing is left to pay. */
export function planStatus(current: PlanStatus, installments: readonly Installment[]): PlanStatus {
  if (current === 'paused' || current === 'cancelled') return current;
  // every installment paid (a cancelled one, left by reamortize when the balance fell to nothing, owes nothing)
  if (installments.length > 0 && installments.every((i) => i.status === 'paid' || i.status === 'cancelled')) return 'completed';
  if (installments.some((i) => i.status === 'past_due')) return 'past_due';
  return 'active';
}

export interface OutcomeResult {
  installments: Installment[];
  status: PlanStatus;
  /** A returned-payment fee to post: an ACH debit failed after processing (not while a VA payment is pending). */
  returnedFee?: Cents;
}

/**
 * What an attempt's outcome does to its installment and the plan. `attempt` is the debit the outcome is for: a new one
 * (number attempts so far + 1, as the sweep charged it) or one already recorded (a later event of the same intent).
 *  - succeeded -> paid (also completing an authentication on-session, and money that arrives for a past-due or
 *    cancelled installment: money that moved is recorded);
 *  - processing (ACH) -> processing: no further attempts until it resolves;
 *  - declined / failed -> scheduled for the next attempt, or past_due after attempt 3 (or when it already was);
 *    an ACH that fails after processing also owes a returned-payment fee;
 *  - authentication_required -> action_needed, until the student completes it (succeeded) or 7 days after dueOn.
 * Events are delivered late, twice and out of order: an outcome for an attempt that already has a final one
 * (succeeded, declined, failed) changes nothing, and neither does anything but succeeded for a paid installment.
 */
export function applyAttemptOutcome(
  plan: PlanForSweep,
  seq: number,
  attempt: { n: number; on: string; intentId: string },
  outcome: Attempt['outcome'],
  code?: string,
): OutcomeResult {
  const unchanged = (): OutcomeResult => ({ installments: plan.installments, status: planStatus(plan.status, plan.installments) });
  const inst = plan.installments.find((i) => i.seq === seq);
  if (!inst) throw new RangeError(`Plan ${plan.id} has no installment ${seq}`);
  if (!Number.isInteger(attempt.n) || attempt.n < 1 || attempt.n > MAX_ATTEMPTS_WITH_PAY_NOW) throw new RangeError(`Attempt ${attempt.n} is not 1..${MAX_ATTEMPTS_WITH_PAY_NOW}`);
  const previous = inst.attempts.find((a) => a.n === attempt.n);
  if (!previous && attempt.n !== inst.attempts.length + 1) throw new RangeError(`Attempt ${attempt.n} of installment ${seq} follows ${inst.attempts.length} attempts`);
  if (previous && isFinal(previous.outcome)) return unchanged();
  if (inst.status === 'paid') return unchanged();

  const recorded: Attempt = { n: attempt.n, on: previous?.on ?? attempt.on, intentId: attempt.intentId, outcome, ...(code !== undefined ? { code } : {}) };
  const attempts = previous ? inst.attempts.map((a) => (a.n === attempt.n ? recorded : a)) : [...inst.attempts, recorded];
  const status = ((): InstallmentStatus => {
    if (outcome === 'succeeded') return 'paid';
    if (inst.status === 'cancelled') return 'cancelled';
    if (outcome === 'processing') return 'processing';
    if (outcome === 'authentication_required') return inst.status === 'past_due' ? 'past_due' : 'action_needed';
    return attempt.n >= MAX_ATTEMPTS || inst.status === 'past_due' ? 'past_due' : 'scheduled';
  })();
  const installments = plan.installments.map((i) => (i.seq === seq ? { ...i, attempts, status } : i));
  const result: OutcomeResult = { installments, status: planStatus(plan.status, installments) };
  const returned = previous?.outcome === 'processing' && isFailure(outcome);
  if (returned && plan.terms.returnedPaymentFeeCents > 0 && !plan.vaPaymentPending) result.returnedFee = plan.terms.returnedPaymentFeeCents;
  return result;
}

/** Marks an installment past due (the sweep's mark_past_due), if it is still scheduled or waiting for an action (not paid, processing or cancelled meanwhile). */
export const markPastDue = (installments: readonly Installment[], seq: number): Installment[] =>
  installments.map((i) => (i.seq === seq && (i.status === 'scheduled' || i.status === 'action_needed') ? { ...i, status: 'past_due' as const } : i));

/** Records a posted late fee (its ledger entry) on an installment. */
export const recordLateFee = (installments: readonly Installment[], seq: number, entryId: string, postedOn: string): Installment[] =>
  installments.map((i) => (i.seq === seq && i.lateFee === null ? { ...i, lateFee: { entryId, postedOn } } : i));

/** Records a posted returned-payment fee (its ledger entry) on an installment, once per entry. */
export const recordReturnedFee = (installments: readonly Installment[], seq: number, entryId: string): Installment[] =>
  installments.map((i) => (i.seq === seq && !i.returnedFees.includes(entryId) ? { ...i, returnedFees: [...i.returnedFees, entryId] } : i));

/** Past due: the sum of past-due installments. */
export const arrearsCents = (plan: Pick<PlanForSweep, 'installments'>): Cents => plan.installments.filter((i) => i.status === 'past_due').reduce((n, i) => n + i.amountCents, 0);

/** Still to pay: every installment not paid nor cancelled (a processing one counts until its money is confirmed). */
export const remainingCents = (plan: Pick<PlanForSweep, 'installments'>): Cents =>
  plan.installments.filter((i) => i.status !== 'paid' && i.status !== 'cancelled').reduce((n, i) => n + i.amountCents, 0);

/**
 * The next automatic debit: the earliest scheduled installment that may still be charged, the day of its next attempt
 * (dueOn, or a retry's day) and its amount; null when none is left or the plan does not collect (paused, completed,
 * cancelled, or autopay off).
 */
export function nextDebit(plan: Pick<PlanForSweep, 'installments' | 'status' | 'autopay'>): { seq: number; on: string; amountCents: Cents } | null {
  if (!ACTING.has(plan.status) || !plan.autopay) return null;
  const next = plan.installments
    .map((i) => ({ i, attempt: nextAttempt(i) }))
    .filter((x): x is { i: Installment; attempt: { n: number; on: string } } => x.attempt !== null)
    .sort((a, b) => a.attempt.on.localeCompare(b.attempt.on) || a.i.seq - b.i.seq)[0];
  return next ? { seq: next.i.seq, on: next.attempt.on, amountCents: next.i.amountCents } : null;
}

/** Cancels a plan: every installment not paid and not processing (money on its way) is cancelled. */
export function cancelPlan(plan: Pick<PlanForSweep, 'installments'>): { installments: Installment[]; status: PlanStatus } {
  const installments = plan.installments.map((i) => (i.status === 'paid' || i.status === 'processing' ? i : { ...i, status: 'cancelled' as const }));
  return { installments, status: 'cancelled' };
}

/** The scheduled installments of a new plan, nothing attempted yet. */
export const startInstallments = (schedule: readonly ScheduledInstallment[]): Installment[] =>
  schedule.map((s) => ({ ...s, status: 'scheduled', attempts: [], lateFee: null, returnedFees: [] }));

/** How far ahead nextActionDay looks: past a 24-installment plan's last date and its retries. */
const LOOKAHEAD_DAYS = 800;

/**
 * The first day from `today` on which the sweep has something to do for the plan (a charge, a reminder not sent yet,
 * marking past due, a late fee), or null when nothing is left until an outcome arrives (a processing debit, an
 * authentication the student completes) or the plan stops collecting. The sweep reads only plans whose day has come
 * (store/payment-plan.ts indexes them by it), so a day too early costs one read; a day too late would miss a debit:
 * it is found by asking sweepActions day by day rather than by a second statement of the rules.
 */
export function nextActionDay(plan: PlanForSweep, today: string, sentReminders: ReadonlySet<string> = new Set()): string | null {
  if (!ACTING.has(plan.status)) return null;
  for (let d = 0, day = today; d <= LOOKAHEAD_DAYS; d++, day = addDays(day, 1)) {
    if (sweepActions(plan, day).some((a) => a.kind !== 'remind' || !sentReminders.has(a.key))) return day;
  }
  return null;
}

/** What Pay now does for one payment: complete the debit waiting for the student, or charge the next attempt. */
export type PayNowTarget =
  | { kind: 'complete'; seq: number; attempt: number; intentId: string; amountCents: Cents }
  | { kind: 'charge'; seq: number; attempt: number; amountCents: Cents }
  | { kind: 'refused'; message: string };

const PAYABLE: ReadonlySet<InstallmentStatus> = new Set(['scheduled', 'past_due', 'action_needed']);

/**
 * The payment Pay now is for: `seq` when the student names one, else the first waiting for the student's
 * authentication, else the earliest open one (past due or scheduled, early payment included). Paying is never blocked
 * by a pause or a hold; a cancelled or completed plan has nothing left to pay, and a processing debit is money on its
 * way, never paid twice.
 */
export function payNowTarget(plan: Pick<PlanForSweep, 'status' | 'installments'>, seq?: number): PayNowTarget {
  if (plan.status === 'cancelled' || plan.status === 'completed') return { kind: 'refused', message: `This plan is ${plan.status}: nothing is left to pay on it` };
  const bySeq = [...plan.installments].sort((a, b) => a.seq - b.seq);
  const inst =
    seq !== undefined
      ? bySeq.find((i) => i.seq === seq)
      : (bySeq.find((i) => i.status === 'action_needed') ?? bySeq.find((i) => i.status === 'past_due' || i.status === 'scheduled'));
  if (!inst) return { kind: 'refused', message: seq === undefined ? 'Nothing is left to pay on this plan now' : `seq: this plan has no payment ${seq}` };
  if (!PAYABLE.has(inst.status)) {
    const why = inst.status === 'processing' ? 'is being processed: it shows as paid once the bank confirms it' : `is ${inst.status}`;
    return { kind: 'refused', message: `Payment ${inst.seq} ${why}` };
  }
  const last = inst.attempts.at(-1);
  if (inst.status === 'action_needed' && last) return { kind: 'complete', seq: inst.seq, attempt: last.n, intentId: last.intentId, amountCents: inst.amountCents };
  const attempt = inst.attempts.length + 1;
  if (attempt > MAX_ATTEMPTS_WITH_PAY_NOW) return { kind: 'refused', message: `Payment ${inst.seq} was tried ${inst.attempts.length} times: please contact the finance office` };
  return { kind: 'charge', seq: inst.seq, attempt, amountCents: inst.amountCents };
}
