import Stack from '@mui/material/Stack';
import type { PlanPreview, PlanScheduleLine } from '#contract/payment-plans';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { Facts } from '#shared/components/Facts';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';

/** "Down payment", "Payment 2": how a schedule line is named. */
export const paymentName = (line: Pick<PlanScheduleLine, 'kind' | 'seq'>, first: number) => (line.kind === 'down_payment' ? 'Down payment' : `Payment ${line.seq - first + 1}`);

const columns = (first: number): DataColumn<PlanScheduleLine>[] => [
  { header: 'Payment', render: (line) => paymentName(line, first), priority: 'title' },
  { header: 'Due', render: (line) => formatCalendarDate(line.due_on), nowrap: true },
  { header: 'Amount', render: (line) => formatDollars(line.amount), nowrap: true, align: 'right' },
];

/** The first installment's seq (after any down payment), so installments count from 1. */
export const firstInstallmentSeq = (lines: readonly Pick<PlanScheduleLine, 'kind' | 'seq'>[]) => lines.find((l) => l.kind === 'installment')?.seq ?? 0;

/** Step 2: the schedule the server worked out from the ledger, and what it adds up to. */
export function PlanScheduleStep({ preview }: { preview: PlanPreview }) {
  return (
    <Stack spacing={2}>
      <Facts
        facts={[
          ['Program', preview.program_name],
          ['Balance', formatDollars(preview.balance)],
          ['Setup fee', formatDollars(preview.setup_fee)],
          ['Total', formatDollars(preview.total)],
        ]}
      />
      <DataTable
        label="Payment schedule"
        columns={columns(firstInstallmentSeq(preview.schedule))}
        rows={preview.schedule}
        rowKey={(line) => String(line.seq)}
        empty="No payments."
      />
    </Stack>
  );
}
