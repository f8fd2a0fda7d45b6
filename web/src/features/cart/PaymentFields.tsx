import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LockIcon from '@mui/icons-material/Lock';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TextInput } from '#shared/components/TextInput';
import { formatDollars } from '#shared/lib/money';
import { settleConfirmation, type Confirmation, type PaymentFormProps } from './paymentForm';

/**
 * What a card form (sandbox or Stripe's) is doing: the billing name and email, whether a payment is
 * being confirmed, and the error shown under the form.
 */
export function useCardPayment({ billing, onSucceeded, onProcessing, onReplaced }: PaymentFormProps) {
  const [name, setName] = useState(billing.name);
  const [email, setEmail] = useState(billing.email);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Confirms the payment: the page hears of a success, a payment still processing or a replaced checkout; the form shows any other outcome. */
  const confirm = async (confirmation: () => Promise<Confirmation>) => {
    setError(null);
    setProcessing(true);
    const message = settleConfirmation(await confirmation(), { onSucceeded, onProcessing, onReplaced });
    if (message === null) return;
    setProcessing(false);
    setError(message);
  };
  return { name, email, setName, setEmail, processing, error, setError, confirm };
}

export type CardPayment = ReturnType<typeof useCardPayment>;

/** The form of both card forms: the billing fields, the card's own fields, the error and Pay. */
export function CardPaymentForm({
  payment,
  total,
  payDisabled,
  onPay,
  children,
}: {
  payment: CardPayment;
  total: number;
  payDisabled?: boolean;
  onPay: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate aria-label="Card payment" onSubmit={onPay}>
      <BillingFields name={payment.name} email={payment.email} onName={payment.setName} onEmail={payment.setEmail} disabled={payment.processing} />
      {children}
      <PaymentError message={payment.error} />
      <PayButton total={total} processing={payment.processing} disabled={payDisabled} />
    </Box>
  );
}

/** Billing name and email, prefilled from the user; sent with the card as Stripe's billing details. */
function BillingFields({
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
function PayButton({ total, processing, disabled }: { total: number; processing: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth startIcon={<LockIcon />} disabled={processing || disabled} sx={{ mt: 2 }}>
      {processing ? 'Processing...' : `Pay ${formatDollars(total)}`}
    </Button>
  );
}

/** The provider's message for a refused card, or a form problem. */
function PaymentError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {message}
    </Alert>
  );
}
