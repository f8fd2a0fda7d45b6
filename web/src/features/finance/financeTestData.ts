import type { PaymentPage, PaymentSummary } from '#contract/payments';

export function payment(overrides: Partial<PaymentSummary> = {}): PaymentSummary {
  return {
    id: 'pay-1',
    payment_intent_id: 'pi_1',
    username: 'student',
    student_name: 'Jane Doe',
    created_at: '2026-03-01T15:30:00.000Z',
    updated_at: '2026-03-01T15:30:05.000Z',
    amount: 1500,
    amount_refunded: 0,
    currency: 'usd',
    status: 'succeeded',
    method: 'card',
    method_detail: 'visa •••• 4242',
    failure_message: null,
    items: [{ program_type: 'certificate', program_id: '1', program_name: 'Nursing Assistant', amount: 1500 }],
    excess_refund: null,
    ...overrides,
  };
}

export function page(results: PaymentSummary[], next: string | null = null): PaymentPage {
  return { results, next, count: results.length, totals: { amount: 0, refunded: 0, succeeded: 0 } };
}
