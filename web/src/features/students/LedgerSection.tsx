import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useGetStudentPaymentsInfiniteQuery } from '#shared/api/payments';
import { PaymentStatusChip } from '#shared/components/PaymentStatusChip';
import type { StudentRecord } from '#contract/students';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { RecordSection } from './RecordSection';
import { RecordTable } from './RecordTable';
import { PAYMENTS_FAILED } from './studentMessages';
import { ledgerRows } from './studentLedger';

const COLUMNS = ['Date', 'Entry', 'Program', 'Amount', 'Reason', 'Method', 'Status', 'Reference'];

/** Every ledger entry of the student (charges, credits, payments, refunds) and their card payments, newest first. */
export function LedgerSection({ student }: { student: StudentRecord }) {
  const payments = useGetStudentPaymentsInfiniteQuery(student.username);
  const cardPayments = useMemo(() => payments.data?.pages.flatMap((page) => page.results) ?? [], [payments.data]);
  const rows = ledgerRows(student.ledger_entries ?? [], cardPayments).map((row) => ({
    key: row.key,
    cells: [
      formatCalendarDate(row.date),
      row.entry,
      row.program,
      formatDollars(row.amount),
      row.reason,
      row.method,
      row.status ? <PaymentStatusChip status={row.status} /> : '',
      row.reference,
    ],
  }));
  return (
    <RecordSection title="Ledger">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Charges and credits make up each program&apos;s amount due above; entries are never edited, corrections are new entries.
      </Typography>
      {payments.isError && <Alert severity="error">{PAYMENTS_FAILED}</Alert>}
      <RecordTable
        label="Ledger"
        columns={COLUMNS}
        numeric={['Amount']}
        secondary={['Reason', 'Method', 'Reference']}
        rows={rows}
        loading={payments.isLoading}
        empty="No ledger entries yet"
      />
      {payments.hasNextPage && (
        <Button onClick={() => void payments.fetchNextPage()} disabled={payments.isFetchingNextPage} sx={{ mt: 1 }}>
          Load more card payments
        </Button>
      )}
    </RecordSection>
  );
}
