import type { CreatePaymentIntentResponse } from '#contract/payments';

/** What both card forms (sandbox and Stripe's Payment Element) get from the checkout page. */
export interface PaymentFormProps {
  intent: CreatePaymentIntentResponse;
  total: number;
  /** Billing name and email, prefilled from the signed-in user. */
  billing: { name: string; email: string };
  publishableKey: string;
  onSucceeded: () => void;
  /** Stripe is still confirming the payment: the money is on its way, neither paid nor failed. */
  onProcessing: () => void;
  /** A newer checkout (another tab or window) canceled this one's PaymentIntent: nothing was charged. */
  onReplaced: () => void;
}

/** Shown when the provider reports a status other than success without an error of its own. */
export const NOT_COMPLETED_MESSAGE = 'Your payment was not completed. Please try again.';

/**
 * What confirming a PaymentIntent came to, from either form: its status, or Stripe's error with
 * its code and, when Stripe sends it, the PaymentIntent's status (Stripe.js's `error.payment_intent`).
 */
export type Confirmation = { status: string } | { error: string; code?: string; intentStatus?: string };

/**
 * Hands the outcome to the page (succeeded, processing, replaced) and answers null, or answers the
 * message the form shows under itself (a refused card, or a payment left unfinished).
 * Confirming an intent that is no longer confirmable answers `payment_intent_unexpected_state`;
 * its status then says why: canceled (a newer checkout replaced it), or already paid or processing.
 */
export function settleConfirmation(outcome: Confirmation, handlers: Pick<PaymentFormProps, 'onSucceeded' | 'onProcessing' | 'onReplaced'>): string | null {
  const status = 'status' in outcome ? outcome.status : outcome.code === 'payment_intent_unexpected_state' ? outcome.intentStatus : undefined;
  if (status === 'succeeded') handlers.onSucceeded();
  else if (status === 'processing') handlers.onProcessing();
  else if (status === 'canceled') handlers.onReplaced();
  else return 'error' in outcome ? outcome.error : NOT_COMPLETED_MESSAGE;
  return null;
}
