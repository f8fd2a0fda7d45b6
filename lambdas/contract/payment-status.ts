/** Kept apart from the schemas (contract/payments.ts), so the functions that only need the statuses bundle no zod. */

/**
 * pending: a checkout was opened (a PaymentIntent exists) and nothing is paid; processing: Stripe is
 * still confirming it; canceled: replaced by a newer checkout, or abandoned for 24 hours. Students and
 * the unfiltered finance ledger never list pending or canceled payments (they moved no money).
 */
export const PAYMENT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'canceled', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Statuses that are listed without asking for them: money moved, or an attempt the student made failed. */
export const LISTED_PAYMENT_STATUSES = ['processing', 'succeeded', 'failed', 'refunded', 'partially_refunded'] as const satisfies readonly PaymentStatus[];
