import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The checkout's success state: shown until the redirect to the dashboard. */
export function PaymentSucceeded() {
  return (
    <Paper variant="outlined" role="status" sx={{ p: 4, textAlign: 'center' }}>
      <CheckCircleIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h5" component="h2" gutterBottom>
        Payment Successful!
      </Typography>
      <Typography>Redirecting to dashboard in a moment...</Typography>
    </Paper>
  );
}
