import { useState, type FormEvent } from 'react';
import { EMPTY_CARD, SandboxCardFields } from '#shared/payments/SandboxCardFields';
import { cardProblem, confirmSandboxPayment, testPaymentMethod } from '#shared/payments/sandboxCard';
import { CardPaymentForm, useCardPayment } from './PaymentFields';
import type { PaymentFormProps } from './paymentForm';

/** The plain card form of the local sandbox (see #shared/payments/sandboxCard.ts). */
export function SandboxCardForm(props: PaymentFormProps) {
  const { intent, total, publishableKey } = props;
  const payment = useCardPayment(props);
  const [card, setCard] = useState(EMPTY_CARD);

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

  return (
    <CardPaymentForm payment={payment} total={total} onPay={pay}>
      <SandboxCardFields card={card} disabled={payment.processing} onChange={setCard} />
    </CardPaymentForm>
  );
}
