import type { PaymentPlanView, SavedPaymentMethod } from '#contract/payment-plans';

/** A student's payment plans as the server shows them, for the plan pages' and the dashboard's tests. */
export const visa: SavedPaymentMethod = { id: 'pm_visa', type: 'card', label: 'Visa •••• 4242' };
export const bank: SavedPaymentMethod = { id: 'pm_bank', type: 'us_bank_account', label: 'STRIPE TEST BANK •••• 6789' };

type Installment = PaymentPlanView['installments'][number];
const line = (seq: number, due_on: string, amount: number, over: Partial<Installment> = {}): Installment => ({
  seq,
  kind: seq === 0 ? 'down_payment' : 'installment',
  due_on,
  amount,
  status: 'scheduled',
  attempts: [],
  late_fee: null,
  ...over,
});

/** A Monthly plan on Nursing Assistant: the down payment paid, the first installment declined once and past due with a late fee. */
export const samplePlan = (over: Partial<PaymentPlanView> = {}): PaymentPlanView => ({
  id: 'plan-1',
  username: 'student',
  program_type: 'certificate',
  program_id: 'nursing-assistant',
  program_name: 'Nursing Assistant',
  template_name: 'Monthly',
  status: 'active',
  autopay: true,
  payment_method: visa,
  total: 1525,
  remaining: 1000,
  arrears: 0,
  next_debit: { on: '2026-12-01', amount: 500 },
  installments: [
    line(0, '2026-10-15', 525, { status: 'paid', attempts: [{ n: 1, on: '2026-10-15', outcome: 'succeeded' }] }),
    line(1, '2026-11-01', 500, { status: 'past_due', late_fee: 15, attempts: [{ n: 1, on: '2026-11-01', outcome: 'declined' }] }),
    line(2, '2026-12-01', 500),
  ],
  agreement: { typed_name: 'Jane Doe', accepted_at: '2026-10-15T12:00:00.000Z', version: '2026-11' },
  created_at: '2026-10-15T12:00:00.000Z',
  ...over,
});
