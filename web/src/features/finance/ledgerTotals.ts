import type { PaymentStatus, PaymentSummary } from '../../contract';

/** Statuses whose money reached the school (a refund is subtracted separately). */
const COLLECTED: ReadonlySet<PaymentStatus> = new Set(['succeeded', 'partially_refunded', 'refunded']);

export interface LedgerTotals {
  count: number;
  collected: number;
  refunded: number;
  net: number;
}

/** Totals of the loaded rows, summed in cents. */
export function ledgerTotals(payments: readonly PaymentSummary[]): LedgerTotals {
  let collected = 0;
  let refunded = 0;
  for (const payment of payments) {
    if (COLLECTED.has(payment.status)) collected += Math.round(payment.amount * 100);
    refunded += Math.round(payment.amount_refunded * 100);
  }
  return { count: payments.length, collected: collected / 100, refunded: refunded / 100, net: (collected - refunded) / 100 };
}
