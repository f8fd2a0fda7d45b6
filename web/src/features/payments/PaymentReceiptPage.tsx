import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { hasReceipt, PAYMENT_PROCESSING_MESSAGE, useGetStudentPaymentQuery } from '#shared/api/payments';
import { brand } from '#shared/brand';
import { paths } from '#shared/paths';
import { useSignedInUser } from '#shared/session/currentUser';
import type { PaymentSummary } from '#contract/payments';
import { PaymentReceipt } from './PaymentReceipt';

/**
 * Why a payment has no receipt: a receipt is a proof of payment, so only a payment that
 * moved money (succeeded, refunded, partially refunded) has one.
 */
export function noReceiptText(payment: Pick<PaymentSummary, 'status' | 'failure_message'>): string {
  if (payment.status === 'failed') {
    return `This payment failed, so there is no receipt for it. Nothing was charged.${payment.failure_message ? ` ${payment.failure_message}` : ''}`;
  }
  if (payment.status === 'processing') return `${PAYMENT_PROCESSING_MESSAGE} Its receipt will be here then.`;
  return 'This checkout was not paid, so there is no receipt for it.';
}

/** A printable receipt of one of the signed-in student's payments (/payments/:paymentId/receipt). */
export default function PaymentReceiptPage() {
  const { username } = useSignedInUser();
  const { paymentId = '' } = useParams();
  const { data: payment, error, isLoading } = useGetStudentPaymentQuery({ username, paymentId });
  const notFound = (error as { status?: unknown } | undefined)?.status === 404;
  const receipt = payment && hasReceipt(payment) ? payment : null;

  return (
    <Stack spacing={3}>
      <title>{`Payment Receipt · ${brand.productName}`}</title>
      {/* On paper: the receipt only, without the site's header, skip link or buttons. */}
      <GlobalStyles styles={{ '@media print': { 'header, a[href="#main-content"], .no-print, .MuiSnackbar-root': { display: 'none !important' } } }} />
      <Stack direction="row" className="no-print" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={paths.payments} startIcon={<ArrowBackIcon />}>
          Back to Payment History
        </Button>
        {receipt && (
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            Print
          </Button>
        )}
      </Stack>
      {isLoading ? (
        <Typography role="status">Loading receipt...</Typography>
      ) : receipt ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, '@media print': { border: 'none', p: 0 } }}>
          <PaymentReceipt payment={receipt} />
        </Paper>
      ) : payment ? (
        <Typography role="alert">{noReceiptText(payment)}</Typography>
      ) : (
        <Box>
          <Typography color="error" role="alert">
            {notFound ? 'This payment was not found.' : 'Unable to load the receipt'}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
