import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '#contract/payments';
import { excessRefundExplanation, excessRefundText, PAYMENT_STATUS_LABEL, PAYMENT_STATUS_OPTIONS, refundableAmount } from './paymentFormat';

describe('payment statuses', () => {
  it('has a label for every status of the contract, offered in its order', () => {
    expect(PAYMENT_STATUS_OPTIONS).toEqual([...PAYMENT_STATUSES]);
    expect(PAYMENT_STATUS_OPTIONS.map((status) => PAYMENT_STATUS_LABEL[status])).toEqual([
      'Pending',
      'Processing',
      'Succeeded',
      'Failed',
      'Canceled',
      'Refunded',
      'Partially refunded',
    ]);
  });
});

describe('excess refunds', () => {
  it('reads with its amount and whether Stripe has made it', () => {
    expect(excessRefundText({ amount: 500, status: 'refunded' })).toBe('Excess refunded $500.00');
    expect(excessRefundText({ amount: 12.5, status: 'requested' })).toBe('Excess refund requested $12.50');
    expect(excessRefundExplanation({ amount: 500, status: 'refunded' })).toBe('Paid more than was owed when it arrived; the excess was refunded automatically.');
    expect(excessRefundExplanation({ amount: 500, status: 'requested' })).toBe('Paid more than was owed when it arrived; the excess is being refunded automatically.');
  });

  it('leaves out of what can still be refunded an excess refund already requested', () => {
    expect(refundableAmount({ amount: 2000, amount_refunded: 0 })).toBe(2000);
    expect(refundableAmount({ amount: 2000, amount_refunded: 0, excess_refund: { amount: 500, status: 'requested' } })).toBe(1500);
    // Once Stripe made it, it is part of amount_refunded.
    expect(refundableAmount({ amount: 2000, amount_refunded: 500, excess_refund: { amount: 500, status: 'refunded' } })).toBe(1500);
    expect(refundableAmount({ amount: 100.1, amount_refunded: 100.1, excess_refund: null })).toBe(0);
  });
});
