import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SavedPaymentMethod } from '#contract/payment-plans';
import { RetryAlert } from '#shared/components/RetryAlert';
import { AddPaymentMethod } from './AddPaymentMethod';
import { METHODS_FAILED } from './myPlanMessages';
import { useGetPaymentMethodsQuery } from './myPlanApi';

const KIND = { card: 'Card', us_bank_account: 'Bank account' } as const;

/** "Visa •••• 4242 (card)": what a saved method is called in a list. */
export const methodLabel = (method: SavedPaymentMethod) => `${method.label} (${KIND[method.type].toLowerCase()})`;

interface Props {
  username: string;
  holderName: string;
  value: string | null;
  onChange: (paymentMethodId: string) => void;
}

/** The student's saved cards and bank accounts to choose from, and "Add a card or bank account". */
export function PaymentMethodPicker({ username, holderName, value, onChange }: Props) {
  const methods = useGetPaymentMethodsQuery(username);
  const [adding, setAdding] = useState(false);
  const saved = methods.data ?? [];

  const added = (id: string) => {
    setAdding(false);
    onChange(id);
    void methods.refetch();
  };

  return (
    <Stack spacing={2}>
      {methods.isError && <RetryAlert message={METHODS_FAILED} retry={methods.refetch} />}
      {methods.isLoading && <Typography role="status">Loading your saved cards and bank accounts...</Typography>}
      {methods.isSuccess && saved.length === 0 && <Typography>You have no saved card or bank account yet.</Typography>}
      {saved.length > 0 && (
        <RadioGroup aria-label="Saved payment methods" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
          {saved.map((method) => (
            <FormControlLabel key={method.id} value={method.id} control={<Radio />} label={methodLabel(method)} />
          ))}
        </RadioGroup>
      )}
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
