/**
 * Stripe's documented test payment methods and what the sandbox does with each
 * (https://docs.stripe.com/testing). Messages are Stripe's own wording.
 */
export type CardOutcome = { brand: string; last4: string; authentication?: 'always' } & ({ ok: true } | { ok: false; code: 'card_declined'; declineCode: string; message: string });

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
  // 4000 0027 6000 3184, "Always authenticate": "This card requires authentication on all
  // transactions, regardless of how the card is set up" (https://docs.stripe.com/testing#authentication-and-setup)
  pm_card_authenticationRequired: { ok: true, brand: 'visa', last4: '3184', authentication: 'always' },
};

/**
 * Off-session refusal of a card that needs its holder: 402 card_error, code and decline_code
 * authentication_required ("The card was declined as the transaction requires authentication",
 * https://docs.stripe.com/declines/codes; https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method:
 * "the PaymentIntent's status is requires_payment_method", bring the customer back on session).
 */
export const AUTHENTICATION_REQUIRED = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
} as const;

/** The routing number of Stripe's test bank ("STRIPE TEST BANK"). */
export const TEST_ROUTING_NUMBER = '110000000';

/**
 * ACH Direct Debit test account numbers with routing number 110000000
 * (https://docs.stripe.com/payments/ach-direct-debit/accept-a-payment#test-account-numbers): each
 * succeeds, or fails after the debit has been processing, with the failure code Stripe gives the
 * returned debit (the charge's failure_code and the PaymentIntent's last_payment_error.code). Any other
 * account number behaves as the succeeding one.
 */
export const TEST_BANK_ACCOUNTS: Record<string, { code: string; message: string } | null> = {
  '000123456789': null,
  '000111111113': { code: 'account_closed', message: "The customer's bank account has been closed." },
  '000111111116': { code: 'no_account', message: "The customer's bank account could not be located." },
  '000222222227': { code: 'insufficient_funds', message: "The customer's account has insufficient funds to cover this payment." },
  '000333333335': { code: 'debit_not_authorized', message: 'The customer has notified their bank that this payment was unauthorized.' },
  '000444444440': { code: 'invalid_currency', message: "The bank account's currency doesn't support this payment." },
};
