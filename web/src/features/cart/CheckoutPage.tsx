import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { refreshBalanceWhenRecorded } from '../../api/payments';
import { api } from '../../app/api';
import { brand } from '../../app/brand';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { getRuntimeConfig } from '../../app/runtimeConfig';
import { showToast } from '../../app/toastSlice';
import { useSignedInUser } from '../../components/RequireAuth';
import type { CreatePaymentIntentRequest } from '../../contract';
import { randomUuid } from '../../lib/uuid';
import { useCart } from './CartContext';
import { paymentItems } from './cartLines';
import { CheckoutPaymentForm } from './CheckoutPaymentForm';
import { OrderSummary } from './OrderSummary';
import { PaymentSucceeded } from './PaymentSucceeded';
import { PAYMENT_INIT_FAILED, usePaymentIntent } from './usePaymentIntent';

/** Spec sections 8 and 9: the success toast, its duration, and the redirect delay. */
export const PAYMENT_SUCCESS_TOAST = 'Payment successful! Your payment has been processed.';
export const PAYMENT_TOAST_MS = 6000;
export const REDIRECT_AFTER_PAYMENT_MS = 3000;

/** Secure Checkout at /checkout (spec section 2, Checkout; states of section 4: idle, success or error). */
export default function CheckoutPage() {
  const cart = useCart();
  const user = useSignedInUser();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(randomUuid);
  const [succeeded, setSucceeded] = useState(false);

  const request: CreatePaymentIntentRequest | null =
    succeeded || cart.total <= 0
      ? null
      : {
          username: user.username,
          totalCost: cart.total,
          studentData: { firstName: user.first_name, lastName: user.last_name, studentId: user.id },
          items: paymentItems(cart.items),
          idempotency_key: idempotencyKey,
        };
  const payment = usePaymentIntent(request);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => {
      // The dashboard then reads the student record afresh (the webhook has usually landed by now).
      dispatch(api.util.invalidateTags([{ type: 'Student', id: user.username }]));
      navigate(paths.dashboard);
    }, REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, dispatch, navigate, user.username]);

  if (cart.items.length === 0 && !succeeded) return <Navigate to={paths.cart} replace />;

  const onSucceeded = () => {
    setSucceeded(true);
    cart.clearCart();
    dispatch(showToast(PAYMENT_SUCCESS_TOAST, { severity: 'success', autoHideMs: PAYMENT_TOAST_MS }));
    if (payment.intent) void dispatch(refreshBalanceWhenRecorded(user.username, payment.intent.paymentIntentId));
  };

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <title>{`Secure Checkout · ${brand.productName}`}</title>
      <Typography id="page-title" variant="h4" component="h1">
        Secure Checkout
      </Typography>
      {succeeded ? (
        <PaymentSucceeded />
      ) : (
        <Box sx={layout}>
          <Card component="section" aria-labelledby="payment-details-title">
            <CardContent>
              <Typography id="payment-details-title" variant="h6" component="h2">
                Payment Details
              </Typography>
              <SecurePaymentNotice />
              {payment.failed ? (
                <Alert
                  severity="error"
                  action={
                    <Button color="inherit" size="small" onClick={payment.retry}>
                      Try Again
                    </Button>
                  }
                >
                  {PAYMENT_INIT_FAILED}
                  {payment.reason && <Box sx={{ mt: 0.5, fontSize: '0.875em' }}>{payment.reason}</Box>}
                </Alert>
              ) : !request ? (
                <Typography>There is nothing to pay.</Typography>
              ) : payment.intent ? (
                <CheckoutPaymentForm
                  intent={payment.intent}
                  total={cart.total}
                  billing={{ name: [user.first_name, user.last_name].filter(Boolean).join(' '), email: user.email }}
                  onSucceeded={onSucceeded}
                />
              ) : (
                <Typography role="status" color="text.secondary">
                  Preparing secure payment...
                </Typography>
              )}
            </CardContent>
          </Card>
          <OrderSummary items={cart.items} total={cart.total} count={cart.count} />
        </Box>
      )}
    </Stack>
  );
}

function SecurePaymentNotice() {
  const sandbox = getRuntimeConfig().payments.mode === 'sandbox';
  return (
    <Alert icon={<LockIcon />} severity="info" role="note" sx={{ my: 2 }}>
      Secure payment: your card details go straight to our payment provider, Stripe, over an encrypted connection and are
      never stored on our servers.
      {sandbox && (
        <Box sx={{ mt: 1 }}>
          Test mode: no money moves. Use the card 4242 4242 4242 4242 with any future expiry date, any CVC and any postal
          code; 4000 0000 0000 0002 is declined.
        </Box>
      )}
    </Alert>
  );
}

const layout = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
  alignItems: 'start',
} as const;
