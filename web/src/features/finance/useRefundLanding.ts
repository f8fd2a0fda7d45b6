import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useGetStudentLedgerPageQuery } from './financeApi';
import { REFUND_POLL_MS, REFUND_WATCH_MS, refundLanded, type RefundWatch } from './refundWatch';

/**
 * Follows a refund from its request to Stripe's event (issue 21): asks for the student's newest
 * payments every second until the payment shows the refund, then reloads every view of payments and
 * of that student, so the ledger row changes without anyone pressing Refresh. After 15 seconds it
 * stops and reloads once anyway (Stripe may be slow; the notice says so).
 */
export function useRefundLanding(onSettled: (landed: boolean) => void) {
  const [watch, setWatch] = useState<RefundWatch | null>(null);
  const dispatch = useAppDispatch();
  // the page's callback is new on every render; the clock must not restart with it
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const probe = useGetStudentLedgerPageQuery(watch?.username ?? skipToken, { pollingInterval: REFUND_POLL_MS, refetchOnMountOrArgChange: true });
  const landed = watch !== null && refundLanded(watch, probe.data?.results);

  useEffect(() => {
    if (!watch) return undefined;
    const settle = (done: boolean) => {
      dispatch(api.util.invalidateTags(['Payment', { type: 'Student', id: watch.username }]));
      setWatch(null);
      settled.current(done);
    };
    if (landed) {
      settle(true);
      return undefined;
    }
    const timer = setTimeout(() => settle(false), REFUND_WATCH_MS);
    return () => clearTimeout(timer);
  }, [watch, landed, dispatch]);

  return { watching: watch, watch: setWatch };
}
