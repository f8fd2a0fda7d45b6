import type { PaymentSummary } from '#contract/payments';

/**
 * A refund asked of Stripe and not yet seen in the ledger: the ledger records it from Stripe's signed
 * charge.refunded event (lambdas/store/payment-events.ts), a moment after the request answers 202.
 */
export interface RefundWatch {
  paymentIntentId: string;
  username: string;
  /** The payment's refunded amount once this refund has landed (dollars). */
  refundedAtLeast: number;
}

/**
 * When the payment is asked for again while its refund is on the way: 1, 2, 4 and 8 seconds after the
 * previous answer, 15 seconds in all. Stripe's event usually lands within the first second; backing off
 * keeps a slow one from costing a read (and a staff read's audit entry) every second.
 */
export const REFUND_POLL_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000];

export function watchFor(payment: PaymentSummary, amount: number): RefundWatch {
  return { paymentIntentId: payment.payment_intent_id, username: payment.username, refundedAtLeast: Math.round((payment.amount_refunded + amount) * 100) / 100 };
}

/** Whether the page of the student's payments shows the refund recorded. */
export function refundLanded(watch: RefundWatch, payments: readonly PaymentSummary[] | undefined): boolean {
  const payment = payments?.find((p) => p.payment_intent_id === watch.paymentIntentId);
  return payment !== undefined && Math.round(payment.amount_refunded * 100) >= Math.round(watch.refundedAtLeast * 100);
}
