import type { PaymentStatus, PaymentSummary } from '../contract';
import { formatDollars } from './money';

/** How payment statuses read in tables, receipts and the CSV. */
export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

/** "Card (visa •••• 4242)", or just the method when the card is unknown. */
export function paymentMethodText(payment: Pick<PaymentSummary, 'method' | 'method_detail'>): string {
  const method = payment.method ? payment.method.charAt(0).toUpperCase() + payment.method.slice(1) : 'Card';
  return payment.method_detail ? `${method} (${payment.method_detail})` : method;
}

/** "Nursing Assistant $1500.00; Patient Care Technician $200.00" */
export function paymentProgramsText(payment: Pick<PaymentSummary, 'items'>): string {
  return payment.items.map((item) => `${item.program_name} ${formatDollars(item.amount)}`).join('; ');
}

/** What can still be refunded, in dollars (to the cent). */
export function refundableAmount(payment: Pick<PaymentSummary, 'amount' | 'amount_refunded'>): number {
  return Math.max(0, Math.round(payment.amount * 100) - Math.round(payment.amount_refunded * 100)) / 100;
}
