import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { generatePath, Link as RouterLink, useSearchParams } from 'react-router';
import { hasReceipt, refreshBalanceWhenRecorded, useGetStudentPaymentsInfiniteQuery } from '../../api/payments';
import { brand } from '../../app/brand';
import { paidCheckoutCleared } from '../../app/cartPersistence';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { PaymentStatusChip } from '../../components/PaymentStatusChip';
import { useSignedInUser } from '../../components/RequireAuth';
import type { PaymentSummary } from '../../contract';
import { formatDateTime } from '../../lib/dates';
import { formatDollars } from '../../lib/money';
import { paymentMethodText } from '../../lib/paymentFormat';
import { REDIRECT_MESSAGES, REDIRECT_PARAMS, redirectReturn, type RedirectReturn } from './redirectReturn';

/** The signed-in student's card payments, newest first, each with a printable receipt. */
export default function PaymentHistoryPage() {
  const { username } = useSignedInUser();
  const { data, error, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetStudentPaymentsInfiniteQuery(username);
  const payments = data?.pages.flatMap((page) => page.results) ?? [];
  const returned = useRedirectReturn(username);

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <title>{`Payment History · ${brand.productName}`}</title>
      <Box>
        <Typography id="page-title" variant="h4" component="h1">
          Payment History
        </Typography>
        <Typography color="text.secondary">Your card payments, newest first. A payment shows here once our payment provider confirms it.</Typography>
      </Box>
      {returned && <RedirectOutcome outcome={returned} />}
      {isLoading ? (
        <Typography role="status">Loading payments...</Typography>
      ) : error ? (
        <Typography color="error" role="alert">
          Unable to load your payments
        </Typography>
      ) : payments.length === 0 ? (
        <Typography>No payments yet.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Payments">
          <Table size="small" aria-label="Payments">
            <TableHead>
              <TableRow>
                {['Date', 'Amount', 'Programs', 'Status', 'Method', 'Stripe Reference', 'Receipt'].map((title) => (
                  <TableCell key={title}>{title}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {hasNextPage && (
        <Box>
          <Button variant="outlined" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function PaymentRow({ payment }: { payment: PaymentSummary }) {
  return (
    <TableRow>
      <TableCell>{formatDateTime(payment.created_at)}</TableCell>
      <TableCell>
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
      </TableCell>
      <TableCell>
        {payment.items.map((item) => (
          <div key={`${item.program_type}-${item.program_id}`}>{item.program_name}</div>
        ))}
      </TableCell>
      <TableCell>
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
      </TableCell>
      <TableCell>{paymentMethodText(payment)}</TableCell>
      <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{payment.payment_intent_id}</TableCell>
      <TableCell>
        {hasReceipt(payment) ? (
          <Link component={RouterLink} to={generatePath(paths.paymentReceipt, { paymentId: payment.id })} aria-label={`View receipt of ${formatDateTime(payment.created_at)}`}>
            View receipt
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No receipt
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}

/** A payment that arrived for more than was owed (two tabs, a stale cart): its excess goes back at once. */
export function excessBackToCardText(excess: NonNullable<PaymentSummary['excess_refund']>): string {
  return excess.status === 'refunded'
    ? `${formatDollars(excess.amount)} was more than you owed and was refunded to your card.`
    : `${formatDollars(excess.amount)} was more than you owed and is being refunded to your card.`;
}

/**
 * Stripe's return from a redirect (see redirectReturn.ts): its outcome is kept to show, the address
 * loses the parameters (a reload does not repeat it), and a paid or processing checkout empties the
 * cart and watches for the payment to be recorded, as the checkout does itself.
 */
function useRedirectReturn(username: string): RedirectReturn | null {
  const dispatch = useAppDispatch();
  const [searchParams, setSearchParams] = useSearchParams();
  const [returned] = useState(() => redirectReturn(searchParams));
  const handled = useRef(false);
  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    if (returned.status !== 'failed') {
      dispatch(paidCheckoutCleared());
      void dispatch(refreshBalanceWhenRecorded(username, returned.paymentIntentId));
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of REDIRECT_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [returned, dispatch, username, setSearchParams]);
  return returned;
}

function RedirectOutcome({ outcome }: { outcome: RedirectReturn }) {
  const severity = outcome.status === 'succeeded' ? 'success' : outcome.status === 'processing' ? 'info' : 'error';
  return (
    <Alert
      severity={severity}
      action={
        outcome.status === 'failed' ? (
          <Button color="inherit" size="small" component={RouterLink} to={paths.cart}>
            Back to cart
          </Button>
        ) : undefined
      }
    >
      {REDIRECT_MESSAGES[outcome.status]}
    </Alert>
  );
}
