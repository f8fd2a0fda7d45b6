import Box from '@mui/material/Box';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { FormEvent } from 'react';
import { paths } from '#shared/paths';
import { stripeFor, useStripeAppearance } from '#shared/payments/stripeElements';
import { CardPaymentForm, useCardPayment } from './PaymentFields';
import type { Confirmation, PaymentFormProps } from './paymentForm';
import { CARD_MESSAGES } from '#shared/payments/sandboxCard';

/**
 * Stripe's Payment Element (runtime config `payments.mode: 'stripe'`). This module is loaded
 * only in that mode (CheckoutPaymentForm imports it lazily), so local builds never fetch Stripe.js.
 */

export default function StripeCardForm(props: PaymentFormProps) {
  const appearance = useStripeAppearance();
  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ clientSecret: props.intent.clientSecret, appearance }}>
      <PaymentElementForm {...props} />
    </Elements>
  );
}

function PaymentElementForm(props: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const payment = useCardPayment(props);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    await payment.confirm(async (): Promise<Confirmation> => {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: {
          // Only redirect-based methods use it; cards (with 3-D Secure in a frame) stay on the page.
          return_url: `${window.location.origin}${paths.payments}`,
          payment_method_data: { billing_details: { name: payment.name, email: payment.email } },
        },
      });
      if (!result.error) return { status: result.paymentIntent.status };
      // An error for an intent a newer checkout canceled has code payment_intent_unexpected_state and
      // error.payment_intent.status 'canceled' (https://docs.stripe.com/error-codes#payment-intent-unexpected-state).
      return {
        error: result.error.message ?? CARD_MESSAGES.unexpected,
        ...(result.error.code ? { code: result.error.code } : {}),
        ...(result.error.payment_intent?.status ? { intentStatus: result.error.payment_intent.status } : {}),
      };
    });
  };

  return (
    <CardPaymentForm payment={payment} total={props.total} payDisabled={!stripe || !elements} onPay={pay}>
      <Box sx={{ mt: 2 }}>
        {/* Name and email come from the fields above; the card form asks for the postal code itself. */}
        <PaymentElement options={{ fields: { billingDetails: { name: 'never', email: 'never' } } }} />
      </Box>
    </CardPaymentForm>
  );
}
