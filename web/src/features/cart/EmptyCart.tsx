import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '#shared/paths';

/** The three payment notes of the empty cart's info box. */
export const PAYMENT_NOTES = [
  'To pay your tuition, use Pay Bill on the My Bill card of your dashboard: it adds each program you owe on to the cart.',
  'Payments are made by card through our payment provider, Stripe; your card details never reach our servers.',
  'Your balance updates as soon as the payment is confirmed, and its receipt appears in your Payment History.',
] as const;

export function EmptyCart() {
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}>
      <ShoppingCartIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h5" component="h2">
        Your cart is empty
      </Typography>
      {/* Where a bill is paid (the catalog has nothing to add to the cart) */}
      <Button variant="contained" component={RouterLink} to={`${paths.dashboard}#my-bill`}>
        Browse Programs
      </Button>
      <Alert severity="info" role="note" sx={{ textAlign: 'left', maxWidth: 640 }}>
        <AlertTitle>About payments</AlertTitle>
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {PAYMENT_NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </Box>
      </Alert>
    </Stack>
  );
}
