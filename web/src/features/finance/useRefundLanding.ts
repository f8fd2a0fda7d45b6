import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { api } from '#shared/api/baseApi';
import { useAppDispatch } from '#shared/store/hooks';
import { useGetStudentLedgerPageQuery } from './financeApi';
import { REFUND_POLL_DELAYS_MS, refundLanded, type RefundWatch } from './refundWatch';

/**
 * Follows a refund from its request to Stripe's event: asks for the student's newest
 * payments, backing off (REFUND_POLL_DELAYS_MS), until the payment shows the refund, then reloads every
 * view of payments and of that student, so the ledger row changes without anyone pressing Refresh.
 * After the last probe it stops and reloads once anyway (Stripe may be slow; the notice says so).
 */
export function useRefundLanding(onSettled: (landed: boolean) => void) {
  const [watch, setWatch] = useState<RefundWatch | null>(null);
  const dispatch = useAppDispatch();
  // the page's callback is new on every render; the clock must not restart with it
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const probe = useGetStudentLedgerPageQuery(watch?.username ?? skipToken, { refetchOnMountOrArgChange: true });
  const { refetch, isFetching } = probe;
  // probes answered since the watch began, after the first
  const [asked, setAsked] = useState(0);
  const landed = watch !== null && !isFetching && refundLanded(watch, probe.data?.results);

  useEffect(() => {
    if (!watch || isFetching) return undefined;
    const settle = (done: boolean) => {
      dispatch(api.util.invalidateTags(['Payment', { type: 'Student', id: watch.username }]));
      setWatch(null);
      setAsked(0);
      settled.current(done);
    };
    if (landed) {
      settle(true);
      return undefined;
    }
    const delay = REFUND_POLL_DELAYS_MS[asked];
    if (delay === undefined) {
      settle(false);
      return undefined;
    }
    const timer = setTimeout(() => {
      setAsked(asked + 1);
      void refetch();
    }, delay);
    return () => clearTimeout(timer);
  }, [watch, landed, isFetching, asked, refetch, dispatch]);

  return { watching: watch, watch: setWatch };
}
