import type { CreatePaymentIntentResponse } from '../../contract';

/** What both card forms (sandbox and Stripe's Payment Element) get from the checkout page. */
export interface PaymentFormProps {
  intent: CreatePaymentIntentResponse;
  total: number;
  /** Billing name and email, prefilled from the signed-in user. */
  billing: { name: string; email: string };
  publishableKey: string;
  onSucceeded: () => void;
}

/** Shown when the provider reports a status other than success without an error of its own. */
export const NOT_COMPLETED_MESSAGE = 'Your payment was not completed. Please try again.';
