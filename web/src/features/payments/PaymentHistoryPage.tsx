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
import { generatePath, Link as RouterLink } from 'react-router';
import { useGetStudentPaymentsInfiniteQuery } from '../../api/payments';
import { brand } from '../../app/brand';
import { paths } from '../../app/paths';
import { PaymentStatusChip } from '../../components/PaymentStatusChip';
import { useSignedInUser } from '../../components/RequireAuth';
import type { PaymentSummary } from '../../contract';
import { formatDateTime } from '../../lib/dates';
import { formatDollars } from '../../lib/money';
import { paymentMethodText } from '../../lib/paymentFormat';

/** The signed-in student's card payments, newest first, each with a printable receipt. */
export default function PaymentHistoryPage() {
  const { username } = useSignedInUser();
  const { data, error, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetStudentPaymentsInfiniteQuery(username);
  const payments = data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <title>{`Payment History · ${brand.productName}`}</title>
      <Box>
        <Typography id="page-title" variant="h4" component="h1">
          Payment History
        </Typography>
        <Typography color="text.secondary">Your card payments, newest first. A payment shows here once our payment provider confirms it.</Typography>
      </Box>
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
      </TableCell>
      <TableCell>
        {payment.items.map((item) => (
          <div key={`${item.program_type}-${item.program_id}`}>{item.program_name}</div>
        ))}
      </TableCell>
      <TableCell>
        <PaymentStatusChip status={payment.status} />
      </TableCell>
      <TableCell>{paymentMethodText(payment)}</TableCell>
      <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{payment.payment_intent_id}</TableCell>
      <TableCell>
        <Link component={RouterLink} to={generatePath(paths.paymentReceipt, { paymentId: payment.id })} aria-label={`View receipt of ${formatDateTime(payment.created_at)}`}>
          View receipt
        </Link>
      </TableCell>
    </TableRow>
  );
}
