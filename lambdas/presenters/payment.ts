/** Stored payment records as the API shows them (dollars, snake_case). */
import type { PaymentPage, PaymentSummary } from '../contract/payments.js';
import { centsToDollars } from '../domain/money.js';
import { isPaid } from '../domain/payment-state.js';
import type { PaymentRecord, PaymentResults } from '../store/payment.js';
import { encodeCursor } from '../http/cursor.js';

export function presentPayment(r: PaymentRecord): PaymentSummary {
  return {
    id: r.intentId,
    payment_intent_id: r.intentId,
    username: r.username,
    student_name: r.studentName,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    amount: centsToDollars(r.amountCents),
    amount_refunded: centsToDollars(r.refundedCents),
    currency: r.currency,
    status: r.status,
    method: r.method,
    method_detail: r.methodDetail,
    failure_message: r.failureMessage,
    items: r.items.map((i) => ({ program_type: i.programType, program_id: i.programId, program_name: i.programName, amount: centsToDollars(i.amountCents) })),
    excess_refund: r.excess ? { amount: centsToDollars(r.excess.amountCents), status: r.excess.status } : null,
  };
}

export function presentPage({ records, lastKey }: PaymentResults): PaymentPage {
  const sum = (pick: (r: PaymentRecord) => number) => centsToDollars(records.reduce((n, r) => n + pick(r), 0));
  return {
    results: records.map(presentPayment),
    next: encodeCursor(lastKey),
    count: records.length,
    totals: {
      amount: sum((r) => r.amountCents),
      refunded: sum((r) => r.refundedCents),
      succeeded: sum((r) => (isPaid(r.status) ? r.amountCents - r.refundedCents : 0)),
    },
  };
}
