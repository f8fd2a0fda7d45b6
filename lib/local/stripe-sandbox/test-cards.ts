/**
 * Stripe's documented test payment methods and what the sandbox does with each
 * (https://docs.stripe.com/testing). Messages are Stripe's own wording.
 */
export type CardOutcome = { ok: true; brand: string; last4: string } | { ok: false; brand: string; last4: string; code: 'card_declined'; declineCode: string; message: string };

export const TEST_PAYMENT_METHODS: Record<string, CardOutcome> = {
  pm_card_visa: { ok: true, brand: 'visa', last4: '4242' },
  pm_card_mastercard: { ok: true, brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: {
    ok: false,
    brand: 'visa',
    last4: '0002',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    ok: false,
    brand: 'visa',
    last4: '9995',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};
