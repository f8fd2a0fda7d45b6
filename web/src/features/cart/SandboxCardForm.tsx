import Box from '@mui/material/Box';
import { useState, type FormEvent } from 'react';
import { TextInput } from '#shared/components/TextInput';
import { BillingFields, PayButton, PaymentError } from './PaymentFields';
import { settleConfirmation, type PaymentFormProps } from './paymentForm';
import { cardProblem, confirmSandboxPayment, formatCardNumber, formatExpiry, testPaymentMethod } from './sandboxCard';

/** The plain card form of the local sandbox (see sandboxCard.ts). */
export function SandboxCardForm({ intent, total, billing, publishableKey, onSucceeded, onProcessing, onReplaced }: PaymentFormProps) {
  const [name, setName] = useState(billing.name);
  const [email, setEmail] = useState(billing.email);
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '', postalCode: '' });
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof card) => (value: string) => setCard((current) => ({ ...current, [field]: value }));

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const problem = cardProblem(card);
    const paymentMethod = testPaymentMethod(card.number);
    if (problem || !paymentMethod) {
      setError(problem);
      return;
    }
    setError(null);
    setProcessing(true);
    const outcome = await confirmSandboxPayment({
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      paymentMethod,
      publishableKey,
      billing: { name, email, postalCode: card.postalCode.trim() },
    });
    const message = settleConfirmation(outcome, { onSucceeded, onProcessing, onReplaced });
    if (message === null) return;
    setProcessing(false);
    setError(message);
  };

  return (
    <Box component="form" noValidate aria-label="Card payment" onSubmit={pay}>
      <BillingFields name={name} email={email} onName={setName} onEmail={setEmail} disabled={processing} />
      <TextInput
        id="card-number"
        label="Card number"
        inputProps={{ inputMode: 'numeric' }}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        disabled={processing}
        onChange={(e) => set('number')(formatCardNumber(e.target.value))}
      />
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <TextInput
          id="card-expiry"
          label="Expiry (MM/YY)"
          inputProps={{ inputMode: 'numeric' }}
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          disabled={processing}
          onChange={(e) => set('expiry')(formatExpiry(e.target.value))}
        />
        <TextInput
          id="card-cvc"
          label="CVC"
          inputProps={{ inputMode: 'numeric' }}
          autoComplete="cc-csc"
          value={card.cvc}
          disabled={processing}
          onChange={(e) => set('cvc')(e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
        <TextInput
          id="card-postal-code"
          label="Postal code"
          autoComplete="postal-code"
          value={card.postalCode}
          disabled={processing}
          onChange={(e) => set('postalCode')(e.target.value.slice(0, 10))}
        />
      </Box>
      <PaymentError message={error} />
      <PayButton total={total} processing={processing} />
    </Box>
  );
}
