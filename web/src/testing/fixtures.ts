import type { Cohort } from '#contract/cohorts';
import type { PaymentPage, PaymentSummary } from '#contract/payments';
import type { CartItem, NewCartItem } from '#shared/cart/cartSlice';

/** Records that the tests of several features and of the kernel share. */

/** A succeeded card payment of $1,500.00 by the test student (test-utils' sampleUser) for Nursing Assistant. */
export function samplePayment(overrides: Partial<PaymentSummary> = {}): PaymentSummary {
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

/** One page of a payments listing, `next` the cursor of the page after it. */
export function paymentPage(results: PaymentSummary[], next: string | null = null): PaymentPage {
  return { results, next, count: results.length, totals: { amount: 0, refunded: 0, succeeded: 0 } };
}

/** An installment of Nursing Assistant as a page adds it to the cart. */
export const newCartItem: NewCartItem = {
  program_id: '1',
  program_type: 'certificate',
  program_name: 'Nursing Assistant',
  amount: 1500,
  payment_type: 'installment',
  due_date: '2026-12-15',
};

/** The same installment as a line of the cart. */
export const sampleCartItem: CartItem = { ...newCartItem, amount: 1500, id: 'certificate-1-1767225600000', quantity: 1, added_at: '2026-01-01T00:00:00.000Z' };

/** An active certificate cohort, 2025-2026 number 1 (Nursing Assistant), with no students yet. */
export const sampleCohort = (overrides: Partial<Cohort> & Pick<Cohort, 'id'>): Cohort => ({
  academic_year: '2025-2026',
  cohort_number: 1,
  program_type: 'certificate',
  program_name: 'Nursing Assistant',
  student_count: 0,
  is_active: true,
  start_date: '2025-09-02',
  end_date: '2026-06-12',
  ...overrides,
});
