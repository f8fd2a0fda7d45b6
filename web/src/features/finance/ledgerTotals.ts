import type { PaymentStatus, PaymentSummary } from '#contract/payments';

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
  let collected = 0;
  let refunded = 0;
  for (const payment of payments) {
    if (!COLLECTED.has(payment.status)) continue;
    collected += Math.round(payment.amount * 100);
    refunded += Math.round(payment.amount_refunded * 100);
  }
  return { count: payments.length, collected: collected / 100, refunded: refunded / 100, net: (collected - refunded) / 100 };
}
