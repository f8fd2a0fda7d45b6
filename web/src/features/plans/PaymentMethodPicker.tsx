import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SavedPaymentMethod } from '#contract/payment-plans';
import { ConfirmDialog } from '#shared/components/ConfirmDialog';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { RetryAlert } from '#shared/components/RetryAlert';
import { serverErrorOf } from '#shared/lib/serverError';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { AddPaymentMethod } from './AddPaymentMethod';
import { METHODS_FAILED, REMOVE_FAILED } from './myPlanMessages';
import { useGetPaymentMethodsQuery, useRemovePaymentMethodMutation } from './myPlanApi';

const KIND = { card: 'Card', us_bank_account: 'Bank account' } as const;

/** "Visa •••• 4242 (card)": what a saved method is called in a list. */
export const methodLabel = (method: SavedPaymentMethod) => `${method.label} (${KIND[method.type].toLowerCase()})`;

interface Props {
  username: string;
  holderName: string;
  value: string | null;
  onChange: (paymentMethodId: string | null) => void;
}

/**
 * The student's saved cards and bank accounts to choose from, each with Remove (asked first; refused while a plan's
 * autopay debits it, saying which), and "Add a card or bank account".
 */
export function PaymentMethodPicker({ username, holderName, value, onChange }: Props) {
  const methods = useGetPaymentMethodsQuery(username);
  const [remove, { isLoading: removing }] = useRemovePaymentMethodMutation();
  const toast = useToast(TOAST_MS);
  const [adding, setAdding] = useState(false);
  // the method asked about stays named while the question fades out, so `asking` opens and closes it
  const [removal, setRemoval] = useState<SavedPaymentMethod | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const saved = methods.data ?? [];

  const added = (id: string) => {
    setAdding(false);
    onChange(id);
    void methods.refetch();
  };

  const confirmRemoval = async (method: SavedPaymentMethod) => {
    setAsking(false);
    setProblem(null);
    try {
      await remove({ username, id: method.id }).unwrap();
      // a removed method cannot stay chosen
      if (value === method.id) onChange(null);
      toast(`${methodLabel(method)} removed.`, 'success');
    } catch (failure) {
      setProblem(serverErrorOf(failure) ?? REMOVE_FAILED);
    }
  };

  return (
    <Stack spacing={2}>
      {methods.isError && <RetryAlert message={METHODS_FAILED} retry={methods.refetch} />}
      {methods.isLoading && <Typography role="status">Loading your saved cards and bank accounts...</Typography>}
      {methods.isSuccess && saved.length === 0 && <Typography>You have no saved card or bank account yet.</Typography>}
      {saved.length > 0 && (
        <RadioGroup aria-label="Saved payment methods" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
          {saved.map((method) => (
            <Stack key={method.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <FormControlLabel value={method.id} control={<Radio />} label={methodLabel(method)} />
              <Button
                size="small"
                color="error"
                disabled={removing}
                aria-label={`Remove ${methodLabel(method)}`}
                onClick={() => {
                  setRemoval(method);
                  setAsking(true);
                }}
              >
                Remove
              </Button>
            </Stack>
          ))}
        </RadioGroup>
      )}
      <ProblemAlert problem={problem} />
      <ConfirmDialog
        open={asking}
        title="Remove this payment method?"
        message={removal ? `${methodLabel(removal)} will no longer be saved, and cannot pay your plans until you add it again.` : ''}
        confirmLabel="Remove"
        onConfirm={() => removal && void confirmRemoval(removal)}
        onCancel={() => setAsking(false)}
      />
      {adding ? (
        <AddPaymentMethod holderName={holderName} onSaved={added} onCancel={() => setAdding(false)} />
      ) : (
        <div>
          <Button variant="outlined" onClick={() => setAdding(true)}>
            Add a card or bank account
          </Button>
        </div>
      )}
    </Stack>
  );
}
