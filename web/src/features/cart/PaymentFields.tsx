import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LockIcon from '@mui/icons-material/Lock';
import { TextInput } from '#shared/components/TextInput';
import { formatDollars } from '#shared/lib/money';

/** Billing name and email, prefilled from the user; sent with the card as Stripe's billing details. */
export function BillingFields({
  name,
  email,
  onName,
  onEmail,
  disabled,
}: {
  name: string;
  email: string;
  onName: (name: string) => void;
  onEmail: (email: string) => void;
  disabled: boolean;
}) {
  return (
    <>
      <TextInput id="billing-name" label="Name on card" autoComplete="cc-name" value={name} disabled={disabled} onChange={(e) => onName(e.target.value)} />
      <TextInput id="billing-email" label="Email" type="email" autoComplete="email" value={email} disabled={disabled} onChange={(e) => onEmail(e.target.value)} />
    </>
  );
}

/** "Pay $total", reading "Processing..." while the payment is confirmed. */
export function PayButton({ total, processing, disabled }: { total: number; processing: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth startIcon={<LockIcon />} disabled={processing || disabled} sx={{ mt: 2 }}>
      {processing ? 'Processing...' : `Pay ${formatDollars(total)}`}
    </Button>
  );
}

/** The provider's message for a refused card, or a form problem. */
export function PaymentError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {message}
    </Alert>
  );
}
