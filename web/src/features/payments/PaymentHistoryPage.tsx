import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { refreshBalanceWhenRecorded, useGetStudentPaymentsInfiniteQuery } from '#shared/api/payments';
import { PageHeading } from '#shared/components/PageHeading';
import { cartCleared } from '#shared/cart/cartSlice';
import { useAppDispatch } from '#shared/store/hooks';
import { paths } from '#shared/paths';
import { useSignedInUser } from '#shared/session/currentUser';
import { ListOrStatus, LoadMoreButton } from '#shared/components/PagedList';
import { PaymentHistoryTable } from './PaymentHistoryTable';
import { REDIRECT_MESSAGES, REDIRECT_PARAMS, redirectReturn, type RedirectReturn } from './redirectReturn';

/** The signed-in student's card payments, newest first, each with a printable receipt. */
export default function PaymentHistoryPage() {
  const { username } = useSignedInUser();
  const history = useGetStudentPaymentsInfiniteQuery(username);
  const payments = history.data?.pages.flatMap((page) => page.results) ?? [];
  const returned = useRedirectReturn(username);

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <PageHeading title="Payment History" subtitle="Your card payments, newest first. A payment shows here once our payment provider confirms it." />
      {returned && <RedirectOutcome outcome={returned} />}
      <ListOrStatus
        loading={history.isLoading}
        loadingText="Loading payments..."
        failure={
          history.isError && (
            <Typography color="error" role="alert">
              Unable to load your payments
            </Typography>
          )
        }
        empty={payments.length === 0 && 'No payments yet.'}
      >
        <PaymentHistoryTable payments={payments} />
      </ListOrStatus>
      <LoadMoreButton query={history} />
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
