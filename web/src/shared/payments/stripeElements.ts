import { useTheme } from '@mui/material/styles';
// `pure` adds Stripe.js to the page only when loadStripe is called: never in sandbox mode. Only modules loaded
// lazily in 'stripe' mode import this one (the checkout's and the payment plans' Stripe forms).
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for the publishable key, loaded once. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** The Payment Element in the portal's colours. */
export function useStripeAppearance() {
  const theme = useTheme();
  return { theme: 'stripe' as const, variables: { colorPrimary: theme.palette.primary.main } };
}
