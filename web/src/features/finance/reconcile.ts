/**
 * Reconcile with Stripe (POST /api/payments/reconcile/, finance and admin): the range it covers, the
 * problems with it worth stopping for, and how its answers and errors read.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
// Type-only: nothing of the server is bundled.
import type { ReconcileAction, ReconcileDifference, ReconcileRepair, ReconcileRequest, ReconcileResult } from '#contract/payments';
import { dateRangeProblem, localIsoDate } from '#shared/lib/dates';
import { serverErrorOf } from '#shared/lib/serverError';

export type { ReconcileAction, ReconcileDifference, ReconcileRepair, ReconcileRequest, ReconcileResult };

/**
 * The longest range one run covers, from and to included. RECONCILE_MAX_DAYS of the contract, repeated
 * here because that module also builds zod schemas the SPA must not bundle; a test checks they agree.
 */
export const RECONCILE_MAX_DAYS = 31;

/** How many days the run checks by default: the last 7, ending today. */
export const RECONCILE_DEFAULT_DAYS = 7;

export interface ReconcileRange {
  from: string;
  to: string;
}

/** The last 7 days ending today, in the viewer's calendar. */
export function defaultReconcileRange(now = new Date()): ReconcileRange {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (RECONCILE_DEFAULT_DAYS - 1));
  return { from: localIsoDate(start), to: localIsoDate(now) };
}

/** Days from `from` to `to`, both included ("2026-03-01".."2026-03-01" is 1). */
export function daysInRange({ from, to }: ReconcileRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A problem with the range, on the field to fix, or null when it can be sent. */
export function reconcileRangeProblem(range: ReconcileRange): { field: 'from' | 'to'; message: string } | null {
  if (!range.from) return { field: 'from', message: 'Enter the first day to check.' };
  if (!range.to) return { field: 'to', message: 'Enter the last day to check.' };
  const order = dateRangeProblem(range);
  if (order) return { field: 'to', message: order };
  const days = daysInRange(range);
  if (days > RECONCILE_MAX_DAYS) {
    return { field: 'to', message: `Choose at most ${RECONCILE_MAX_DAYS} days at a time. This range covers ${days} days.` };
  }
  return null;
}

/** What each repair recorded, as finance staff say it. */
export const RECONCILE_ACTION_LABEL: Record<ReconcileAction, string> = {
  recorded_payment: 'Payment recorded',
  recorded_failure: 'Failed payment recorded',
  recorded_cancellation: 'Cancellation recorded',
  recorded_refund: 'Refund recorded',
  refunded_excess: 'Excess refunded',
  canceled_checkout: 'Checkout canceled',
};

/** "Checked 1 payment" / "Checked 12 payments". */
export const checkedText = (checked: number) => `Checked ${checked} ${checked === 1 ? 'payment' : 'payments'}`;

/** A failed run in plain words. 401s never get here: the session logic signs the user in again or out. */
export function reconcileErrorText(error: FetchBaseQueryError | { message?: string } | undefined): string {
  const status = error && 'status' in error ? error.status : undefined;
  const serverText = serverErrorOf(error) ?? '';
  if (status === 'FETCH_ERROR') return 'The portal could not be reached. Check your connection and try again.';
  if (status === 'TIMEOUT_ERROR' || status === 504) return 'The check took too long and stopped. Try a shorter range of dates.';
  if (status === 400) {
    if (/at most \d+ days/.test(serverText)) return `Choose at most ${RECONCILE_MAX_DAYS} days at a time.`;
    if (/must not be before/.test(serverText)) return 'The start date must not be after the end date.';
    return serverText ? `The portal did not accept these dates: ${serverText.charAt(0).toLowerCase()}${serverText.slice(1)}` : 'The portal did not accept these dates.';
  }
  if (status === 403) return 'Only finance staff and administrators can reconcile payments.';
  if (status === 429 || status === 503 || status === 502) return 'Stripe or the portal is busy right now, so the check did not finish. Please try again in a few minutes.';
  if (status === 501) return 'Reconciling with Stripe is not available yet.';
  return 'Something went wrong on the server, so the check did not finish. Please try again in a few minutes.';
}
