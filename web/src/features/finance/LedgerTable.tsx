import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { PaymentStatusChip } from '#shared/components/PaymentStatusChip';
import type { PaymentSummary } from '#contract/payments';
import { formatDateTime } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { excessRefundExplanation, excessRefundText, paymentMethodText, refundableAmount } from '#shared/lib/paymentFormat';
import { stripePaymentUrl } from './stripeDashboard';

/** The spec's columns; on a phone's card the method and Stripe reference fold under "More details". */
function ledgerColumns(publishableKey: string): Array<DataColumn<PaymentSummary>> {
  return [
    { header: 'Date', render: (payment) => formatDateTime(payment.created_at) },
    {
      header: 'Student',
      priority: 'title',
      render: (payment) => (
        <>
          {payment.student_name || payment.username}
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.85em', fontWeight: 'normal' }}>
            {payment.username}
          </Box>
        </>
      ),
    },
    {
      header: 'Programs',
      render: (payment) =>
        payment.items.map((item) => (
          <div key={`${item.program_type}-${item.program_id}`}>
            {item.program_name} {formatDollars(item.amount)}
          </div>
        )),
    },
    { header: 'Amount', nowrap: true, render: (payment) => formatDollars(payment.amount) },
    { header: 'Refunded', nowrap: true, render: (payment) => formatDollars(payment.amount_refunded) },
    {
      header: 'Status',
      render: (payment) => (
        <>
          <PaymentStatusChip status={payment.status} />
          {payment.excess_refund && <ExcessRefund excess={payment.excess_refund} />}
        </>
      ),
    },
    { header: 'Method', priority: 'secondary', render: (payment) => paymentMethodText(payment) },
    {
      header: 'Stripe Reference',
      priority: 'secondary',
      width: '16%',
      render: (payment) => (
        <Link href={stripePaymentUrl(payment.payment_intent_id, publishableKey)} target="_blank" rel="noopener noreferrer" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {payment.payment_intent_id}
          <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-label="(opens in a new tab)" />
        </Link>
      ),
    },
  ];
}

/** Payments across students; admins get a Refund action on payments with money left to refund. */
export function LedgerTable({
  payments,
  publishableKey,
  onRefund,
}: {
  payments: readonly PaymentSummary[];
  publishableKey: string;
  /** Given for admins only. */
  onRefund?: (payment: PaymentSummary) => void;
}) {
  return (
    <DataTable
      label="Payments ledger"
      outlined={false}
      columns={ledgerColumns(publishableKey)}
      rows={payments}
      rowKey={(payment) => payment.id}
      actions={
        onRefund && {
          render: (payment) =>
            canRefund(payment) && (
              <Button size="small" color="error" onClick={() => onRefund(payment)} aria-label={`Refund ${payment.payment_intent_id}`}>
                Refund
              </Button>
            ),
        }
      }
    />
  );
}

/**
 * An overpayment's excess refund: a chip with the amount and, in words beside it (no hover needed on a
 * phone), why the system refunded it.
 */
function ExcessRefund({ excess }: { excess: NonNullable<PaymentSummary['excess_refund']> }) {
  return (
    <Box sx={{ mt: 0.5 }}>
      <Chip size="small" variant="outlined" color="warning" label={excessRefundText(excess)} />
      <Box sx={{ color: 'text.secondary', fontSize: '0.85em', mt: 0.25 }}>{excessRefundExplanation(excess)}</Box>
    </Box>
  );
}

const canRefund = (payment: PaymentSummary) => (payment.status === 'succeeded' || payment.status === 'partially_refunded') && refundableAmount(payment) > 0;
