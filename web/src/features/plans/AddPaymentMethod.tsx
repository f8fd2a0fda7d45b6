import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { PageLoading } from '#shared/components/PageLoading';
import { RetryAlert } from '#shared/components/RetryAlert';
import { getRuntimeConfig } from '#shared/runtimeConfig';
import { serverErrorOf } from '#shared/lib/serverError';
import { SETUP_FAILED } from './myPlanMessages';
import { useCreateSetupIntentMutation } from './myPlanApi';
import { SandboxSetupForm } from './SandboxSetupForm';

// Stripe's modules load only in 'stripe' mode: locally there is no internet to load Stripe.js from.
const StripeSetupForm = lazy(() => import('./StripeSetupForm'));

interface Props {
  holderName: string;
  onSaved: (paymentMethodId: string) => void;
  onCancel: () => void;
}

/**
 * Adds a card or US bank account for the plan's payments: a SetupIntent (usage off_session) from the server, confirmed
 * by the form the runtime config asks for (the local sandbox's, or Stripe's Payment Element), as the checkout does.
 */
export function AddPaymentMethod({ holderName, onSaved, onCancel }: Props) {
  const [create, intent] = useCreateSetupIntentMutation();
  useEffect(() => {
    void create();
  }, [create]);
  const { mode, publishableKey } = getRuntimeConfig().payments;
  const target = intent.data ? { setupIntentId: intent.data.setup_intent_id, clientSecret: intent.data.client_secret, publishableKey } : null;

  return (
    <Stack spacing={2} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography variant="subtitle1" component="h3">
        Add a card or bank account
      </Typography>
      {intent.isLoading && <PageLoading label="Preparing the secure form..." />}
      {intent.isError && <RetryAlert message={serverErrorOf(intent.error) ?? SETUP_FAILED} retry={() => create()} />}
      {target &&
        (mode === 'sandbox' ? (
          <SandboxSetupForm target={target} holderName={holderName} onSaved={onSaved} />
        ) : (
          <Suspense fallback={<PageLoading label="Loading the secure form..." />}>
            <StripeSetupForm target={target} onSaved={onSaved} />
          </Suspense>
        ))}
      <div>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </Stack>
  );
}
