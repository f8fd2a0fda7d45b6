import type { PaymentStatus, PaymentSummary } from '#contract/payments';
import { formatDollars } from './money';

/**
 * How payment statuses read in tables, receipts, filters and the CSV, in the contract's order
 * (PAYMENT_STATUSES): pending is an opened checkout nothing was paid on, processing is Stripe still
 * confirming, canceled is a checkout replaced by a newer one or abandoned.
 */
export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  succeeded: 'Succeeded',
  failed: 'Failed',
  canceled: 'Canceled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

/** Every status, in the order filters offer them. */
export const PAYMENT_STATUS_OPTIONS = Object.keys(PAYMENT_STATUS_LABEL) as PaymentStatus[];

/** The excess of an overpayment as it reads in the ledger: "Excess refunded $500.00" or "Excess refund requested $500.00". */
export function excessRefundText(excess: NonNullable<PaymentSummary['excess_refund']>): string {
  return `${excess.status === 'refunded' ? 'Excess refunded' : 'Excess refund requested'} ${formatDollars(excess.amount)}`;
}

/** Why a payment has an excess refund, in plain words. */
export function excessRefundExplanation(excess: NonNullable<PaymentSummary['excess_refund']>): string {
  return excess.status === 'refunded'
    ? 'Paid more than was owed when it arrived; the excess was refunded automatically.'
    : 'Paid more than was owed when it arrived; the excess is being refunded automatically.';
}

/** "Card (visa •••• 4242)", or just the method when the card is unknown. */
export function paymentMethodText(payment: Pick<PaymentSummary, 'method' | 'method_detail'>): string {
  const method = payment.method ? payment.method.charAt(0).toUpperCase() + payment.method.slice(1) : 'Card';
  return payment.method_detail ? `${method} (${payment.method_detail})` : method;
}

/** "Nursing Assistant $1,500.00; Patient Care Technician $200.00" */
export function paymentProgramsText(payment: Pick<PaymentSummary, 'items'>): string {
  return payment.items.map((item) => `${item.program_name} ${formatDollars(item.amount)}`).join('; ');
}

/**
 * What can still be refunded, in dollars (to the cent). An excess refund the system has requested but
 * Stripe has not confirmed yet is already spoken for.
 */
export function refundableAmount(payment: Pick<PaymentSummary, 'amount' | 'amount_refunded'> & Partial<Pick<PaymentSummary, 'excess_refund'>>): number {
  const requested = payment.excess_refund?.status === 'requested' ? Math.round(payment.excess_refund.amount * 100) : 0;
  return Math.max(0, Math.round(payment.amount * 100) - Math.round(payment.amount_refunded * 100) - requested) / 100;
}
