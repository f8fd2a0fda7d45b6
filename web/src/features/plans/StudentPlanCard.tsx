import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PaymentPlanView } from '#contract/payment-plans';
import { ConfirmDialog } from '#shared/components/ConfirmDialog';
import { Facts } from '#shared/components/Facts';
import { SwitchField } from '#shared/components/FormFields';
import { PlanStatusChip } from '#shared/components/PlanStatusChip';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { ChangeMethodDialog } from './ChangeMethodDialog';
import { PlanPayments } from './PlanPayments';
import { usePayNow } from './usePayNow';
import { usePlanChange } from './usePlanChange';

const closed = (plan: PaymentPlanView) => plan.status === 'completed' || plan.status === 'cancelled';

/** One of the student's plans on My Plan: where it stands, what needs them, how it is paid, and its payments. */
export function StudentPlanCard({ plan, holderName }: { plan: PaymentPlanView; holderName: string }) {
  const { pay, paying, notice } = usePayNow();
  const autopayChange = usePlanChange(plan.id);
  const [confirming, setConfirming] = useState(false);
  const [changingMethod, setChangingMethod] = useState(false);
  const waiting = plan.installments.find((i) => i.status === 'action_needed');
  const titleId = `plan-${plan.id}-title`;

  const setAutopay = (autopay: boolean) =>
    void autopayChange.send({ action: 'set_autopay', autopay }, autopay ? 'Autopay is on.' : 'Autopay is off: pay each payment from here by its date.');

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Typography id={titleId} variant="h6" component="h2">
              {plan.program_name}
            </Typography>
            <PlanStatusChip status={plan.status} />
          </Stack>
          {waiting && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" variant="outlined" disabled={paying} onClick={() => void pay(plan.id, waiting.seq)}>
                  Complete payment
                </Button>
              }
            >
              {`Your bank needs you to confirm the payment of ${formatDollars(waiting.amount)} due ${formatCalendarDate(waiting.due_on)}.`}
            </Alert>
          )}
          {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
          <Facts
            facts={[
              ['Plan', plan.template_name],
              ['Next payment', plan.next_debit ? `${formatDollars(plan.next_debit.amount)} on ${formatCalendarDate(plan.next_debit.on)}` : 'None'],
              ['Remaining', formatDollars(plan.remaining)],
              ...(plan.arrears > 0 ? [['Past due amount', formatDollars(plan.arrears)] as [string, string]] : []),
              ['Payment method', plan.payment_method?.label ?? 'None chosen'],
            ]}
          />
          {!closed(plan) && (
            <>
              <SwitchField label="Autopay" checked={plan.autopay} onChange={(on) => !autopayChange.busy && setAutopay(on)} />
              <ProblemAlert problem={autopayChange.failure} />
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button variant="contained" disabled={paying || !plan.next_debit || !plan.payment_method} onClick={() => setConfirming(true)}>
                  {paying ? 'Paying...' : 'Pay now'}
                </Button>
                <Button variant="outlined" onClick={() => setChangingMethod(true)}>
                  Change payment method
                </Button>
              </Stack>
            </>
          )}
          <PlanPayments plan={plan} />
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Pay now"
        message={plan.next_debit ? `Pay ${formatDollars(plan.next_debit.amount)} now with ${plan.payment_method?.label ?? 'your payment method'}?` : ''}
        confirmLabel="Pay"
        onConfirm={() => {
          setConfirming(false);
          void pay(plan.id);
        }}
        onCancel={() => setConfirming(false)}
      />
      {changingMethod && <ChangeMethodDialog plan={plan} holderName={holderName} onClose={() => setChangingMethod(false)} />}
    </Card>
  );
}
