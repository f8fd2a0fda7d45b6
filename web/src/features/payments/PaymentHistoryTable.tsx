import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { generatePath, Link as RouterLink } from 'react-router';
import { hasReceipt } from '#shared/api/payments';
import { paths } from '#shared/paths';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { PaymentStatusChip } from '#shared/components/PaymentStatusChip';
import type { PaymentSummary } from '#contract/payments';
import { formatDateTime } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { paymentMethodText } from '#shared/lib/paymentFormat';

/** The student's payments, each with its receipt link in the last column (a card's foot on a phone). */
export function PaymentHistoryTable({ payments }: { payments: readonly PaymentSummary[] }) {
  return (
    <DataTable
      label="Payments"
      outlined={false}
      columns={PAYMENT_COLUMNS}
      rows={payments}
      rowKey={(payment) => payment.id}
      actions={{ header: 'Receipt', render: (payment) => <ReceiptLink payment={payment} /> }}
    />
  );
}

/** The columns; on a phone's card the method and Stripe reference fold under "More details". */
const PAYMENT_COLUMNS: ReadonlyArray<DataColumn<PaymentSummary>> = [
  { header: 'Date', priority: 'title', render: (payment) => formatDateTime(payment.created_at) },
  {
    header: 'Amount',
    render: (payment) => (
      <>
        {formatDollars(payment.amount)}
        {payment.amount_refunded > 0 && (
          <Typography variant="body2" color="text.secondary">
            Refunded {formatDollars(payment.amount_refunded)}
          </Typography>
        )}
        {payment.excess_refund && (
          <Typography variant="body2" color="text.secondary">
            {excessBackToCardText(payment.excess_refund)}
          </Typography>
        )}
      </>
    ),
  },
  {
    header: 'Programs',
    render: (payment) => payment.items.map((item) => <div key={`${item.program_type}-${item.program_id}`}>{item.program_name}</div>),
  },
  {
    header: 'Status',
    render: (payment) => (
      <>
        <PaymentStatusChip status={payment.status} />
        {payment.status === 'failed' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {payment.failure_message || 'The payment did not go through.'} Nothing was charged.
          </Typography>
        )}
        {payment.status === 'processing' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Waiting for our payment provider to confirm it.
          </Typography>
        )}
      </>
    ),
  },
  { header: 'Method', priority: 'secondary', render: (payment) => paymentMethodText(payment) },
  {
    header: 'Stripe Reference',
    priority: 'secondary',
    render: (payment) => (
      <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {payment.payment_intent_id}
      </Box>
    ),
  },
];

function ReceiptLink({ payment }: { payment: PaymentSummary }) {
  return hasReceipt(payment) ? (
    <Link component={RouterLink} to={generatePath(paths.paymentReceipt, { paymentId: payment.id })} aria-label={`View receipt of ${formatDateTime(payment.created_at)}`}>
      View receipt
    </Link>
  ) : (
    <Typography variant="body2" color="text.secondary">
      No receipt
    </Typography>
  );
}

/** A payment that arrived for more than was owed (two tabs, a stale cart): its excess goes back at once. */
export function excessBackToCardText(excess: NonNullable<PaymentSummary['excess_refund']>): string {
  return excess.status === 'refunded'
    ? `${formatDollars(excess.amount)} was more than you owed and was refunded to your card.`
    : `${formatDollars(excess.amount)} was more than you owed and is being refunded to your card.`;
}
