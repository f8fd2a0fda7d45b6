import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import type { PlanListItem } from '#contract/payment-plans';
import { FormFieldsDialog } from '#shared/components/FormFieldsDialog';
import { NativeSelect } from '#shared/components/NativeSelect';
import { useFormValues } from '#shared/components/useFormValues';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { changeOf, FINANCE_ACTIONS, feesToWaive, type ActionFields, type FinanceAction } from './planActions';
import { firstInstallmentSeq, paymentName } from './PlanScheduleStep';
import { usePlanChange } from './usePlanChange';

interface Props {
  plan: PlanListItem;
  action: FinanceAction;
  onClose: () => void;
}

/** One of finance's changes to one plan, with the reason, date or payment it needs; PUT /api/payment-plans/{id}/. */
export function PlanActionDialog({ plan, action, onClose }: Props) {
  const spec = FINANCE_ACTIONS[action];
  const { send, busy, failure, setFailure } = usePlanChange(plan.id);
  const fees = feesToWaive(plan);
  const { values, bind } = useFormValues<ActionFields>({ reason: '', firstDueOn: plan.next_debit?.on ?? '', seq: fees.length === 1 ? String(fees[0]?.seq) : '' });
  const first = firstInstallmentSeq(plan.installments);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = changeOf(action, values);
    if ('problem' in checked) return setFailure(checked.problem);
    if (await send(checked.change, spec.done)) onClose();
  };

  return (
    <FormFieldsDialog
      id="plan-action"
      title={`${spec.label}: ${plan.student_name}, ${plan.program_name}`}
      submitLabel={busy ? 'Saving...' : spec.label}
      form={{ submit, busy, failure }}
      onClose={onClose}
    >
      <Typography>{spec.explain}</Typography>
      {action === 'reschedule' && <TextField id="plan-first-due" label="First payment date" type="date" {...bind('firstDueOn')} slotProps={{ inputLabel: { shrink: true } }} />}
      {action === 'waive_late_fee' && (
        <NativeSelect id="plan-waive-seq" label="Payment" {...bind('seq')}>
          <option value="">Choose a payment</option>
          {fees.map((i) => (
            <option key={i.seq} value={String(i.seq)}>
              {`${paymentName(i, first)}, due ${formatCalendarDate(i.due_on)}: late fee ${formatDollars(i.late_fee ?? 0)}`}
            </option>
          ))}
        </NativeSelect>
      )}
      {spec.needsReason && <TextField id="plan-reason" label="Reason" multiline minRows={2} {...bind('reason')} helperText="Kept in the audit log." />}
    </FormFieldsDialog>
  );
}
