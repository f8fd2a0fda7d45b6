import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PaymentStatusChip } from '../../components/PaymentStatusChip';
import type { PaymentSummary } from '../../contract';
import { formatDateTime } from '../../lib/dates';
import { formatDollars } from '../../lib/money';
import { excessRefundExplanation, excessRefundText, paymentMethodText, refundableAmount } from '../../lib/paymentFormat';
import { stripePaymentUrl } from './stripeDashboard';

const COLUMNS = ['Date', 'Student', 'Programs', 'Amount', 'Refunded', 'Status', 'Method', 'Stripe Reference'];

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
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Payments ledger">
      <Table size="small" aria-label="Payments ledger">
        <TableHead>
          <TableRow>
            {COLUMNS.map((title) => (
              <TableCell key={title}>{title}</TableCell>
            ))}
            {onRefund && <TableCell>Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {payments.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell>{formatDateTime(payment.created_at)}</TableCell>
              <TableCell>
                {payment.student_name || payment.username}
                <Box sx={{ color: 'text.secondary', fontSize: '0.85em' }}>{payment.username}</Box>
              </TableCell>
              <TableCell>
                {payment.items.map((item) => (
                  <div key={`${item.program_type}-${item.program_id}`}>
                    {item.program_name} {formatDollars(item.amount)}
                  </div>
                ))}
              </TableCell>
              <TableCell>{formatDollars(payment.amount)}</TableCell>
              <TableCell>{formatDollars(payment.amount_refunded)}</TableCell>
              <TableCell>
                <PaymentStatusChip status={payment.status} />
                {payment.excess_refund && <ExcessRefund excess={payment.excess_refund} />}
              </TableCell>
              <TableCell>{paymentMethodText(payment)}</TableCell>
              <TableCell>
                <Link
                  href={stripePaymentUrl(payment.payment_intent_id, publishableKey)}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                >
                  {payment.payment_intent_id}
                  <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-label="(opens in a new tab)" />
                </Link>
              </TableCell>
              {onRefund && (
                <TableCell>
                  {canRefund(payment) && (
                    <Button size="small" color="error" onClick={() => onRefund(payment)} aria-label={`Refund ${payment.payment_intent_id}`}>
                      Refund
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * An overpayment's excess refund: a chip with the amount and, in words beside it (no hover needed on a
 * phone), why the system refunded it.
 */
function ExcessRefund({ excess }: { excess: NonNullable<PaymentSummary['excess_refund']> }) {
  return (
    <Box sx={{ mt: 0.5, minWidth: 180 }}>
      <Chip size="small" variant="outlined" color="warning" label={excessRefundText(excess)} />
      <Box sx={{ color: 'text.secondary', fontSize: '0.85em', mt: 0.25 }}>{excessRefundExplanation(excess)}</Box>
    </Box>
  );
}

const canRefund = (payment: PaymentSummary) =>
  (payment.status === 'succeeded' || payment.status === 'partially_refunded') && refundableAmount(payment) > 0;
