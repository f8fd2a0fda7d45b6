import { lazy, Suspense } from 'react';
import { getRuntimeConfig } from '#shared/runtimeConfig';
import { PageLoading } from '#shared/components/PageLoading';
import type { PaymentFormProps } from './paymentForm';
import { SandboxCardForm } from './SandboxCardForm';

// Stripe's modules load only in 'stripe' mode: locally there is no internet to load Stripe.js from.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** The card form the runtime config asks for: the local sandbox's, or Stripe's Payment Element. */
export function CheckoutPaymentForm(props: Omit<PaymentFormProps, 'publishableKey'>) {
  const { mode, publishableKey } = getRuntimeConfig().payments;
  if (mode === 'sandbox') return <SandboxCardForm {...props} publishableKey={publishableKey} />;
  return (
    <Suspense fallback={<PageLoading label="Loading the secure card form..." />}>
      <StripeCardForm {...props} publishableKey={publishableKey} />
    </Suspense>
  );
}
