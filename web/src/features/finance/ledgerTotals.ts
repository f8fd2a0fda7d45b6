import type { PaymentStatus, PaymentSummary } from '#contract/payments';
import { totalCents } from '#shared/lib/money';

/**
 * Statuses whose money reached the school (a refund is subtracted separately). Not pending (a checkout
 * opened, nothing paid), processing (Stripe has not confirmed it yet), failed or canceled: no money moved.
 */
const COLLECTED: ReadonlySet<PaymentStatus> = new Set(['succeeded', 'partially_refunded', 'refunded']);

export interface LedgerTotals {
  count: number;
  collected: number;
  refunded: number;
  net: number;
}

/**
 * Totals of the loaded rows, summed in cents: only money that moved. Refunds count once Stripe has
 * made them (`amount_refunded`, which includes an excess refund Stripe confirmed; one still requested
 * has not moved yet).
 */
export function ledgerTotals(payments: readonly PaymentSummary[]): LedgerTotals {
  const moved = payments.filter((payment) => COLLECTED.has(payment.status));
  const collected = totalCents(moved, (payment) => payment.amount);
  const refunded = totalCents(moved, (payment) => payment.amount_refunded);
  return { count: payments.length, collected: collected / 100, refunded: refunded / 100, net: (collected - refunded) / 100 };
}
