/**
 * The finance office's changes to a payment plan, pure (PUT /api/payment-plans/{id}/ carries them out, each in one
 * transaction with its audit entry). Cancelling and re-amortizing are plan-collection.ts's cancelPlan and
 * installment-plan.ts's reamortize; here are the rest. Each answers the installments after the change, or a sentence
 * saying why it cannot be made: about the plan as it stands (a conflict), or about a field of the request.
 */
import { addMonths } from './compliance.js';
import type { Installment } from './installment-plan.js';
import { planStatus, type PlanStatus } from './plan-collection.js';

export type Refusal = { ok: false; message: string; field?: string };
export type ChangeResult<T> = { ok: true; value: T } | Refusal;
/** The plan as it stands does not allow the change. */
const refuse = (message: string): Refusal => ({ ok: false, message });
/** The request's `field` is what is wrong; the message names it first, as every 400 does. */
const refuseField = (field: string, message: string): Refusal => ({ ok: false, field, message: `${field}: ${message}` });

/** Pause: the sweep stops (no debit, reminder, past-due marking or late fee) until resumed; paying stays open. */
export function pause(status: PlanStatus): ChangeResult<PlanStatus> {
  return status === 'active' || status === 'past_due' ? { ok: true, value: 'paused' } : refuse(`This plan is ${status}: only an active or past-due plan can be paused`);
}

/** Resume: the status the installments give (active, or past due), and the sweep catches up from today. */
export function resume(status: PlanStatus, installments: readonly Installment[]): ChangeResult<PlanStatus> {
  return status === 'paused' ? { ok: true, value: planStatus('active', installments) } : refuse(`This plan is ${status}: only a paused plan can be resumed`);
}

/**
 * Reschedule: the payments not yet attempted (scheduled, no attempt) move to monthly dates, the first on `firstDueOn`
 * (after today, on day 1 to 28 so every month has it), the next ones a month apart, in order. Payments already tried,
 * past due or paid keep their dates: their attempts and fees belong to the dates they had.
 */
export function reschedule(installments: readonly Installment[], firstDueOn: string, today: string): ChangeResult<{ installments: Installment[]; moved: number[] }> {
  if (firstDueOn <= today) return refuseField('first_due_on', 'must be after today');
  if (Number(firstDueOn.slice(8, 10)) > 28) return refuseField('first_due_on', 'must be on day 1 to 28 of a month, so that every month has it');
  const movable = installments.filter((i) => i.status === 'scheduled' && i.attempts.length === 0).sort((a, b) => a.seq - b.seq);
  if (movable.length === 0) return refuse('This plan has no payments left that can be moved');
  const dates = new Map(movable.map((i, k) => [i.seq, addMonths(firstDueOn, k)]));
  return {
    ok: true,
    value: { installments: installments.map((i) => ({ ...i, dueOn: dates.get(i.seq) ?? i.dueOn })), moved: movable.map((i) => i.seq) },
  };
}

/** Waive an installment's late fee: kept on the installment with who, why and when; never twice. */
export function waiveLateFee(installments: readonly Installment[], seq: number, waived: { by: string; reason: string; on: string }): ChangeResult<Installment[]> {
  const inst = installments.find((i) => i.seq === seq);
  if (!inst) return refuseField('seq', `this plan has no payment ${seq}`);
  const fee = inst.lateFee;
  if (!fee) return refuseField('seq', `payment ${seq} has no late fee`);
  if (fee.waived) return refuseField('seq', `the late fee of payment ${seq} was already waived`);
  return { ok: true, value: installments.map((i) => (i.seq === seq ? { ...i, lateFee: { ...fee, waived } } : i)) };
}
