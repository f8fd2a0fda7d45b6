import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PAYMENT_PROCESSING_MESSAGE } from '#shared/api/payments';
import { paths } from '#shared/paths';

/** The checkout's processing state (Stripe is still confirming; neither a success nor a failure): the cart is already cleared, so the student is not invited to pay twice. */
export function PaymentProcessing() {
  return (
    <Paper variant="outlined" role="status" sx={{ p: 4, textAlign: 'center' }}>
      <HourglassTopIcon color="info" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h5" component="h2" gutterBottom>
        Payment Processing
      </Typography>
      <Typography gutterBottom>{PAYMENT_PROCESSING_MESSAGE}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Please do not pay again: your balance updates once our payment provider confirms it.
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.payments}>
        Go to Payment History
      </Button>
    </Paper>
  );
}
