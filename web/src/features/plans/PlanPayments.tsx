import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentPlanView } from '#contract/payment-plans';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { InstallmentStatusChip } from '#shared/components/PlanStatusChip';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { BANK_PAYMENTS_TAKE_DAYS } from './myPlanMessages';
import { firstInstallmentSeq, paymentName } from './PlanScheduleStep';

type Installment = PaymentPlanView['installments'][number];
type Attempt = Installment['attempts'][number] & { payment: string };

/** An attempt's outcome as the server records it ("authentication_required"), in words. */
const OUTCOME_WORDS: Record<string, string> = {
  succeeded: 'Paid',
  paid: 'Paid',
  processing: 'Processing',
  declined: 'Declined',
  failed: 'Failed',
  authentication_required: 'Needed your bank’s confirmation',
  requires_action: 'Needed your bank’s confirmation',
  returned: 'Returned by the bank',
};
export const outcomeWords = (outcome: string) => OUTCOME_WORDS[outcome] ?? outcome.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Each payment of a plan with its status and any late fee, and every attempt to collect one. */
export function PlanPayments({ plan }: { plan: PaymentPlanView }) {
  const first = firstInstallmentSeq(plan.installments);
  const columns: DataColumn<Installment>[] = [
    { header: 'Payment', render: (i) => paymentName(i, first), priority: 'title' },
    { header: 'Due', render: (i) => formatCalendarDate(i.due_on), nowrap: true },
    { header: 'Amount', render: (i) => formatDollars(i.amount), nowrap: true, align: 'right' },
    { header: 'Status', render: (i) => <InstallmentStatusChip status={i.status} />, nowrap: true },
    { header: 'Late fee', render: (i) => (i.late_fee === null ? 'None' : formatDollars(i.late_fee)), nowrap: true, align: 'right' },
  ];
  const attempts: Attempt[] = plan.installments.flatMap((i) => i.attempts.map((a) => ({ ...a, payment: paymentName(i, first) })));
  const attemptColumns: DataColumn<Attempt>[] = [
    { header: 'Date', render: (a) => formatCalendarDate(a.on), nowrap: true, priority: 'title' },
    { header: 'Payment', render: (a) => a.payment },
    { header: 'Attempt', render: (a) => String(a.n), align: 'right' },
    { header: 'Outcome', render: (a) => outcomeWords(a.outcome) },
  ];
  return (
    <Stack spacing={2}>
      <DataTable label={`Payments of ${plan.program_name}`} columns={columns} rows={plan.installments} rowKey={(i) => String(i.seq)} empty="No payments." />
      {plan.installments.some((i) => i.status === 'processing') && <Typography color="text.secondary">{BANK_PAYMENTS_TAKE_DAYS}</Typography>}
      <Typography variant="subtitle1" component="h3">
        Payment history
      </Typography>
      {attempts.length === 0 ? (
        <Typography color="text.secondary">No payment has been attempted yet.</Typography>
      ) : (
        <DataTable label={`Payment history of ${plan.program_name}`} columns={attemptColumns} rows={attempts} rowKey={(a) => `${a.payment}-${a.n}`} empty="" />
      )}
    </Stack>
  );
}
