import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { CARD_MESSAGES } from '#shared/payments/sandboxCard';
import { stripeFor, useStripeAppearance } from '#shared/payments/stripeElements';
import type { SetupTarget } from './sandboxSetup';

interface Props {
  target: SetupTarget;
  onSaved: (paymentMethodId: string) => void;
}

/** Microdeposit verification (https://docs.stripe.com/payments/ach-direct-debit/set-up-payment#web-verify-with-microdeposits). */
const VERIFY_LATER = 'Stripe is sending two small deposits to this account in 1-2 business days. Follow the emailed instructions to verify it, then choose it here.';

/**
 * Stripe's Payment Element for a SetupIntent (runtime config `payments.mode: 'stripe'`; loaded lazily, so local builds
 * never fetch Stripe.js). It offers cards and US bank accounts, shows the ACH mandate itself and sends it with the
 * confirmation; a card's 3-D Secure check opens in a frame on the page.
 */
export default function StripeSetupForm(props: Props) {
  const appearance = useStripeAppearance();
  return (
    <Elements stripe={stripeFor(props.target.publishableKey)} options={{ clientSecret: props.target.clientSecret, appearance }}>
      <SetupElementForm {...props} />
    </Elements>
  );
}

function SetupElementForm({ onSaved }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setProblem(null);
    const result = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
    setBusy(false);
    if (result.error) return setProblem(result.error.message ?? CARD_MESSAGES.unexpected);
    const method = result.setupIntent.payment_method;
    if (result.setupIntent.status === 'succeeded' && method) return onSaved(typeof method === 'string' ? method : method.id);
    setProblem(result.setupIntent.status === 'requires_action' ? VERIFY_LATER : CARD_MESSAGES.unexpected);
  };

  return (
    <Stack component="form" spacing={2} noValidate aria-label="Add a card or bank account" onSubmit={save}>
      <PaymentElement />
      <ProblemAlert problem={problem} />
      <div>
        <Button type="submit" variant="contained" disabled={busy || !stripe || !elements}>
          {busy ? 'Saving...' : 'Save payment method'}
        </Button>
      </div>
    </Stack>
  );
}
