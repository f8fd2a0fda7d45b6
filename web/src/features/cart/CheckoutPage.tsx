import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { refreshBalanceWhenRecorded } from '#shared/api/payments';
import { studentsApi } from '#shared/api/students';
import { api } from '#shared/api/baseApi';
import { useAppDispatch } from '#shared/store/hooks';
import { paths } from '#shared/paths';
import { getRuntimeConfig } from '#shared/runtimeConfig';
import { showToast } from '#shared/toast/toastSlice';
import { useSignedInUser } from '#shared/session/currentUser';
import { gridSx } from '#shared/components/gridSx';
import { PageHeading } from '#shared/components/PageHeading';
import { SectionCard } from '#shared/components/SectionCard';
import type { CreatePaymentIntentRequest } from '#contract/payments';
import { randomUuid } from '#shared/lib/uuid';
import { useCart } from './CartContext';
import { paymentItems } from './cartLines';
import { CheckoutPaymentForm } from './CheckoutPaymentForm';
import { OrderSummary } from './OrderSummary';
import { belowMinimumText, cartFix, cartProblems, owedByProgram, problemText, type OwedByProgram } from './owed';
import { PaymentProcessing } from './PaymentProcessing';
import { PaymentSucceeded } from './PaymentSucceeded';
import { PAYMENT_INIT_FAILED, usePaymentIntent } from './usePaymentIntent';

/** Spec sections 8 and 9: the success toast, its duration, and the redirect delay. */
export const PAYMENT_SUCCESS_TOAST = 'Payment successful! Your payment has been processed.';
export const PAYMENT_TOAST_MS = 6000;
export const REDIRECT_AFTER_PAYMENT_MS = 3000;

/** What the checkout says instead of starting a payment the server would refuse, or after losing to another tab. */
export const OVER_OWED_TITLE = 'Your cart asks for more than you owe';
export const OVER_OWED_FIX_NOTE = 'Nothing has been charged. Fix my cart sets each program to what you owe, once, and removes any program with nothing owed.';
export const FIX_CART_LABEL = 'Fix my cart';
export const CHECKOUT_REPLACED = 'This checkout was replaced by a newer one, opened in another tab or window. Nothing was charged.';
export const PREPARING_PAYMENT = 'Preparing secure payment...';

type Outcome = 'succeeded' | 'processing' | null;

/**
 * Secure Checkout at /checkout (states: idle, success, error or processing). Each visit (`CheckoutVisit`,
 * remounted by "Reload") reads the student record
 * afresh, then opens one PaymentIntent with its own idempotency key.
 */
export default function CheckoutPage() {
  const cart = useCart();
  const user = useSignedInUser();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [visit, setVisit] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    if (outcome !== 'succeeded') return;
    const timer = setTimeout(() => {
      // The dashboard then reads the student record afresh (the webhook has usually landed by now).
      dispatch(api.util.invalidateTags([{ type: 'Student', id: user.username }]));
      navigate(paths.dashboard);
    }, REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [outcome, dispatch, navigate, user.username]);

  if (cart.items.length === 0 && !outcome) return <Navigate to={paths.cart} replace />;

  const onSucceeded = (paymentIntentId: string) => {
    setOutcome('succeeded');
    cart.clearCart();
    dispatch(showToast(PAYMENT_SUCCESS_TOAST, { severity: 'success', autoHideMs: PAYMENT_TOAST_MS }));
    void dispatch(refreshBalanceWhenRecorded(user.username, paymentIntentId));
  };
  // The money is on its way: paying again would pay twice, so the cart goes, and the history will list it.
  const onProcessing = () => {
    setOutcome('processing');
    cart.clearCart();
    dispatch(api.util.invalidateTags([{ type: 'Student', id: user.username }, 'Payment']));
  };

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <PageHeading title="Secure Checkout" />
      {outcome === 'succeeded' ? (
        <PaymentSucceeded />
      ) : outcome === 'processing' ? (
        <PaymentProcessing />
      ) : (
        <Box sx={layout}>
          {/* the summary first (spec: "order summary, a secure-payment notice, a card entry form"): on a phone the
              payment card then grows below it as the card form loads, instead of pushing it down (Lighthouse CLS) */}
          <Box sx={summaryCell}>
            <OrderSummary items={cart.items} total={cart.total} count={cart.count} />
          </Box>
          <Box sx={paymentCell}>
            <CheckoutVisit key={visit} onSucceeded={onSucceeded} onProcessing={onProcessing} onRestart={() => setVisit((n) => n + 1)} />
          </Box>
        </Box>
      )}
    </Stack>
  );
}

/** What the visit knows of the balance: still reading, or what is owed (null when the record could not be read). */
type OwedCheck = { checking: true } | { checking: false; owed: OwedByProgram | null };

/** One checkout: a fresh look at what is owed, then one PaymentIntent (one idempotency key) for the cart. */
function CheckoutVisit({ onSucceeded, onProcessing, onRestart }: { onSucceeded: (paymentIntentId: string) => void; onProcessing: () => void; onRestart: () => void }) {
  const cart = useCart();
  const user = useSignedInUser();
  const dispatch = useAppDispatch();
  const [idempotencyKey] = useState(randomUuid);
  const [check, setCheck] = useState<OwedCheck>({ checking: true });
  const [replaced, setReplaced] = useState(false);

  useEffect(() => {
    // Fresh from the server, never the cached record: the student may have paid elsewhere meanwhile.
    let current = true;
    const read = dispatch(studentsApi.endpoints.getStudent.initiate(user.username, { forceRefetch: true }));
    void read.then((result) => {
      // A record that cannot be read (e.g. no student record) leaves the check to the server.
      if (current) setCheck({ checking: false, owed: result.data ? owedByProgram(result.data.payment_details) : null });
    });
    return () => {
      current = false;
      read.unsubscribe();
    };
  }, [dispatch, user.username]);

  const problems = check.checking ? [] : cartProblems(cart.items, check.owed);
  const belowMinimum = check.checking || problems.length > 0 ? null : belowMinimumText(cart.total);
  const request: CreatePaymentIntentRequest | null =
    check.checking || problems.length > 0 || belowMinimum || replaced || cart.total <= 0
      ? null
      : {
          username: user.username,
          totalCost: cart.total,
          studentData: { firstName: user.first_name, lastName: user.last_name, studentId: user.id },
          items: paymentItems(cart.items),
          idempotency_key: idempotencyKey,
        };
  const payment = usePaymentIntent(request);

  const fixCart = () => {
    const fix = cartFix(problems);
    for (const line of fix.set) cart.setItemAmount(line.id, line.amount, line.quantity);
    for (const id of fix.remove) cart.removeItem(id);
  };

  let content;
  if (check.checking) {
    content = (
      <Typography role="status" color="text.secondary">
        {PREPARING_PAYMENT}
      </Typography>
    );
  } else if (problems.length > 0) {
    content = (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" variant="outlined" size="small" onClick={fixCart}>
            {FIX_CART_LABEL}
          </Button>
        }
        sx={{ '& .MuiAlert-action': { alignItems: 'flex-start' }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      >
        <AlertTitle>{OVER_OWED_TITLE}</AlertTitle>
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {problems.map((problem) => (
            <li key={problem.items[0].id}>{problemText(problem)}</li>
          ))}
        </Box>
        <Box sx={{ mt: 1 }}>{OVER_OWED_FIX_NOTE}</Box>
      </Alert>
    );
  } else if (belowMinimum) {
    content = (
      <Alert severity="warning">
        {belowMinimum}{' '}
        <Link component={RouterLink} to={paths.cart} color="inherit">
          Back to your cart
        </Link>
      </Alert>
    );
  } else if (replaced) {
    content = (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={onRestart}>
            Reload
          </Button>
        }
      >
        {CHECKOUT_REPLACED}
      </Alert>
    );
  } else if (payment.failed) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={payment.needsFreshCheckout ? onRestart : payment.retry}>
            Try Again
          </Button>
        }
      >
        {PAYMENT_INIT_FAILED}
        {payment.reason && <Box sx={{ mt: 0.5, fontSize: '0.875em' }}>{payment.reason}</Box>}
      </Alert>
    );
  } else if (!request) {
    content = <Typography>There is nothing to pay.</Typography>;
  } else if (payment.intent) {
    const intent = payment.intent;
    content = (
      <CheckoutPaymentForm
        intent={intent}
        total={cart.total}
        billing={{ name: [user.first_name, user.last_name].filter(Boolean).join(' '), email: user.email }}
        onSucceeded={() => onSucceeded(intent.paymentIntentId)}
        onProcessing={onProcessing}
        onReplaced={() => setReplaced(true)}
      />
    );
  } else {
    content = (
      <Typography role="status" color="text.secondary">
        {PREPARING_PAYMENT}
      </Typography>
    );
  }

  return (
    // The title's bottom margin collapses into the notice's larger top margin.
    <SectionCard id="payment-details-title" title="Payment Details">
      <SecurePaymentNotice />
      {content}
    </SectionCard>
  );
}

function SecurePaymentNotice() {
  const sandbox = getRuntimeConfig().payments.mode === 'sandbox';
  return (
    <Alert icon={<LockIcon />} severity="info" role="note" sx={{ my: 2 }}>
      Secure payment: your card details go straight to our payment provider, Stripe, over an encrypted connection and are never stored on our servers.
      {sandbox && (
        <Box sx={{ mt: 1 }}>
          Test mode: no money moves. Use the card 4242 4242 4242 4242 with any future expiry date, any CVC and any postal code; 4000 0000 0000 0002 is declined.
        </Box>
      )}
    </Alert>
  );
}

const layout = gridSx({ xs: '1fr', md: '3fr 2fr' }, 3);
// wide screens: payment on the left, the summary beside it on the right
const paymentCell = { gridColumn: { md: 1 }, gridRow: { md: 1 }, minWidth: 0 } as const;
const summaryCell = { gridColumn: { md: 2 }, gridRow: { md: 1 }, minWidth: 0 } as const;
