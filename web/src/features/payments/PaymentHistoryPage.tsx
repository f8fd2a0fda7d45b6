import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { refreshBalanceWhenRecorded, useGetStudentPaymentsInfiniteQuery } from '#shared/api/payments';
import { brand } from '#shared/brand';
import { cartCleared } from '#shared/cart/cartSlice';
import { useAppDispatch } from '#shared/store/hooks';
import { paths } from '#shared/paths';
import { useSignedInUser } from '#shared/session/currentUser';
import { PaymentHistoryTable } from './PaymentHistoryTable';
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
        <PaymentHistoryTable payments={payments} />
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
      dispatch(cartCleared());
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
