import { useState, type FormEvent } from 'react';
import type { PaymentPlanView } from '#contract/payment-plans';
import { FormFieldsDialog } from '#shared/components/FormFieldsDialog';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { usePlanChange } from './usePlanChange';

interface Props {
  plan: PaymentPlanView;
  holderName: string;
  onClose: () => void;
}

/** Change payment method: a saved card or bank account, or a new one, for the plan's next payments (PUT set_payment_method). */
export function ChangeMethodDialog({ plan, holderName, onClose }: Props) {
  const { send, busy, failure, setFailure } = usePlanChange(plan.id);
  const [methodId, setMethodId] = useState<string | null>(plan.payment_method?.id ?? null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!methodId) return setFailure('Choose a card or bank account.');
    if (await send({ action: 'set_payment_method', payment_method_id: methodId }, 'Payment method changed.')) onClose();
  };

  return (
    <FormFieldsDialog id="change-method" title="Change payment method" submitLabel={busy ? 'Saving...' : 'Use this method'} form={{ submit, busy, failure }} onClose={onClose}>
      <PaymentMethodPicker username={plan.username} holderName={holderName} value={methodId} onChange={setMethodId} />
    </FormFieldsDialog>
  );
}
