import { PlanChangeRequest, type PaymentPlanView, type PlanStatusName } from '#contract/payment-plans';

/** The finance office's changes to a plan (the student's own two are on My Plan). */
export type FinanceAction = 'pause' | 'resume' | 'reschedule' | 'cancel' | 'reamortize' | 'waive_late_fee';

interface ActionSpec {
  /** The row's button. */
  label: string;
  /** What the dialog says the change does. */
  explain: string;
  /** The toast once done. */
  done: string;
  /** The statuses it applies to. */
  statuses: readonly PlanStatusName[];
  needsReason?: boolean;
}

const OPEN: PlanStatusName[] = ['active', 'past_due'];
const ANY: PlanStatusName[] = ['active', 'past_due', 'paused', 'completed', 'cancelled'];

export const FINANCE_ACTIONS: Record<FinanceAction, ActionSpec> = {
  pause: { label: 'Pause', explain: 'No payment is collected while the plan is paused. The student can still pay.', done: 'Plan paused.', statuses: OPEN, needsReason: true },
  resume: { label: 'Resume', explain: 'Payments are collected again on their dates.', done: 'Plan resumed.', statuses: ['paused'] },
  reschedule: {
    label: 'Reschedule',
    explain: 'The open payments move to monthly dates starting on this date.',
    done: 'Plan rescheduled.',
    statuses: [...OPEN, 'paused'],
  },
  reamortize: {
    label: 'Re-amortize',
    explain: 'The open payments are spread again over what the program owes now. New charges never change a plan by themselves.',
    done: 'Plan re-amortized.',
    statuses: [...OPEN, 'paused'],
  },
  cancel: {
    label: 'Cancel plan',
    explain: 'Future debits stop. What is owed stays on the student’s bill.',
    done: 'Plan cancelled.',
    statuses: [...OPEN, 'paused'],
    needsReason: true,
  },
  waive_late_fee: { label: 'Waive late fee', explain: 'The late fee is credited back to the student’s bill.', done: 'Late fee waived.', statuses: ANY, needsReason: true },
};

/** The payments of a plan with a late fee on them (the ones a waiver can choose). */
export const feesToWaive = (plan: PaymentPlanView) => plan.installments.filter((i) => i.late_fee !== null && i.late_fee > 0);

/** The actions a plan's row offers. */
export const actionsFor = (plan: PaymentPlanView) =>
  (Object.keys(FINANCE_ACTIONS) as FinanceAction[]).filter(
    (action) => FINANCE_ACTIONS[action].statuses.includes(plan.status) && (action !== 'waive_late_fee' || feesToWaive(plan).length > 0),
  );

export interface ActionFields {
  reason: string;
  firstDueOn: string;
  seq: string;
}

const FIELD_LABEL: Record<string, string> = { reason: 'Reason', first_due_on: 'First payment date', seq: 'Payment' };

/** The PUT's body for `action` from the dialog's fields, or its first problem in a sentence (the contract's words). */
export function changeOf(action: FinanceAction, fields: ActionFields): { change: PlanChangeRequest } | { problem: string } {
  const candidate =
    action === 'pause' || action === 'cancel'
      ? { action, reason: fields.reason }
      : action === 'reschedule'
        ? { action, first_due_on: fields.firstDueOn }
        : action === 'waive_late_fee'
          ? { action, seq: fields.seq === '' ? Number.NaN : Number(fields.seq), reason: fields.reason }
          : { action };
  const parsed = PlanChangeRequest.safeParse(candidate);
  if (parsed.success) return { change: parsed.data };
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  if (field === 'seq') return { problem: 'Choose the payment whose late fee is waived.' };
  if (field === 'first_due_on') return { problem: 'Enter the first payment date as a date, e.g. 2026-03-01.' };
  return { problem: `${FIELD_LABEL[field] ?? 'The change'} ${issue?.message ?? 'is not valid'}.` };
}
