/**
 * Balance status labels, as the spec fixes them. The roster and the student dialog use different
 * thresholds on purpose: exactly 500 is "Due" in the roster but "Overdue" in the dialog.
 */
import type { PaymentDetails } from '../contract/students.js';

export const OVERDUE_THRESHOLD = 500;

type Entry = { amount_due?: number; total_due?: number; amount_paid?: number; total_paid?: number };

/** Total due minus total paid over the three program lists (the spec allows either field name). */
export function balanceOf(details: PaymentDetails | null | undefined): number {
  if (!details) return 0;
  const lists: Entry[][] = [details.certificate_courses ?? [], details.diploma_programs ?? [], details.associate_programs ?? []];
  const cents = lists.flat().reduce((sum, e) => sum + Math.round(((e.amount_due ?? e.total_due ?? 0) - (e.amount_paid ?? e.total_paid ?? 0)) * 100), 0);
  return cents / 100;
}

export type RosterStatus = 'Current' | 'Due' | 'Overdue';
/** Cohort roster: 0 -> Current; above 500 -> Overdue; otherwise Due. */
export function rosterStatus(balance: number): RosterStatus {
  if (balance === 0) return 'Current';
  return balance > OVERDUE_THRESHOLD ? 'Overdue' : 'Due';
}

export type DialogStatus = { label: 'Account Current' | 'Payment Due' | 'Overdue'; severity: 'success' | 'warning' | 'error' };
/** Student dialog: 0 -> Account Current; above 0 and below 500 -> Payment Due; 500 or more -> Overdue. */
export function dialogStatus(balance: number): DialogStatus {
  if (balance <= 0) return { label: 'Account Current', severity: 'success' };
  return balance < OVERDUE_THRESHOLD ? { label: 'Payment Due', severity: 'warning' } : { label: 'Overdue', severity: 'error' };
}

/** Cohort stats: paid when the total balance is 0 or below; no payment details counts as unpaid. */
export const isPaidStudent = (details: PaymentDetails | null | undefined): boolean => !!details && balanceOf(details) <= 0;

/** Roster CSV: "Paid" only at balance exactly 0. */
export const csvPaymentStatus = (balance: number): 'Paid' | 'Outstanding' => (balance === 0 ? 'Paid' : 'Outstanding');
