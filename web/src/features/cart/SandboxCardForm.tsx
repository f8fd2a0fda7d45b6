import Box from '@mui/material/Box';
import { useState, type FormEvent } from 'react';
import { TextInput } from '#shared/components/TextInput';
import { CardPaymentForm, useCardPayment } from './PaymentFields';
import type { PaymentFormProps } from './paymentForm';
import { cardProblem, confirmSandboxPayment, formatCardNumber, formatExpiry, testPaymentMethod } from './sandboxCard';

type Card = { number: string; expiry: string; cvc: string; postalCode: string };

/** The plain card form of the local sandbox (see sandboxCard.ts). */
export function SandboxCardForm(props: PaymentFormProps) {
  const { intent, total, publishableKey } = props;
  const payment = useCardPayment(props);
  const [card, setCard] = useState<Card>({ number: '', expiry: '', cvc: '', postalCode: '' });

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const problem = cardProblem(card);
    const paymentMethod = testPaymentMethod(card.number);
    if (problem || !paymentMethod) {
      payment.setError(problem);
      return;
    }
    await payment.confirm(() =>
      confirmSandboxPayment({
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        paymentMethod,
        publishableKey,
        billing: { name: payment.name, email: payment.email, postalCode: card.postalCode.trim() },
      }),
    );
  };

  // Each field keeps what its `format` makes of what is typed.
  const cardField = (field: keyof Card, format: (typed: string) => string) => ({
    value: card[field],
    disabled: payment.processing,
    onChange: (event: { target: { value: string } }) => setCard((current) => ({ ...current, [field]: format(event.target.value) })),
  });
  const numeric = { inputMode: 'numeric' } as const;

  return (
    <CardPaymentForm payment={payment} total={total} onPay={pay}>
      <TextInput id="card-number" label="Card number" inputProps={numeric} autoComplete="cc-number" placeholder="1234 1234 1234 1234" {...cardField('number', formatCardNumber)} />
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <TextInput id="card-expiry" label="Expiry (MM/YY)" inputProps={numeric} autoComplete="cc-exp" placeholder="MM/YY" {...cardField('expiry', formatExpiry)} />
        <TextInput id="card-cvc" label="CVC" inputProps={numeric} autoComplete="cc-csc" {...cardField('cvc', (typed) => typed.replace(/\D/g, '').slice(0, 4))} />
        <TextInput id="card-postal-code" label="Postal code" autoComplete="postal-code" {...cardField('postalCode', (typed) => typed.slice(0, 10))} />
      </Box>
    </CardPaymentForm>
  );
}
