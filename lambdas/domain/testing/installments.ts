/** Installments for the plan rules' tests: scheduled, nothing attempted, unless `over` says otherwise. */
import type { Installment } from '../installment-plan.js';

export const inst = (seq: number, dueOn: string, amountCents: number, over: Partial<Installment> = {}): Installment => ({
  seq,
  dueOn,
  amountCents,
  kind: seq === 0 ? 'down_payment' : 'installment',
  status: 'scheduled',
  attempts: [],
  lateFee: null,
  returnedFees: [],
  ...over,
});
