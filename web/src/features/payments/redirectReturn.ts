/**
 * Stripe's return from a redirect (https://docs.stripe.com/payments/accept-a-payment?platform=web&ui=elements#web-submit-payment):
 * when a payment method needs one, Stripe sends the browser to the checkout's `return_url` (the
 * payment history) with `payment_intent`, `payment_intent_client_secret` and `redirect_status`
 * (succeeded, processing or failed) appended. Cards rarely redirect, but such a return is never ignored.
 */
import { PAYMENT_PROCESSING_MESSAGE } from '#shared/api/payments';

export const REDIRECT_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

export type RedirectStatus = 'succeeded' | 'processing' | 'failed';

export interface RedirectReturn {
  paymentIntentId: string;
  status: RedirectStatus;
}

/** The return's intent and outcome, or null when the address carries none. Any other status reads as failed. */
export function redirectReturn(search: URLSearchParams): RedirectReturn | null {
  const paymentIntentId = search.get('payment_intent');
  const status = search.get('redirect_status');
  if (!paymentIntentId || !/^pi_\w+$/.test(paymentIntentId) || !status) return null;
  return { paymentIntentId, status: status === 'succeeded' || status === 'processing' ? status : 'failed' };
}

/** Same words as the checkout's own outcomes (the spec's success text; the checkout's processing text). */
export const REDIRECT_MESSAGES: Record<RedirectStatus, string> = {
  succeeded: 'Payment successful! Your payment has been processed.',
  processing: PAYMENT_PROCESSING_MESSAGE,
  failed: 'Your payment was not completed, and nothing was charged. Your cart still holds it, so you can try again.',
};
