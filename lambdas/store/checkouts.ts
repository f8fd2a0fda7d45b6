/**
 * One open checkout per student. A checkout is a pending PaymentIntent: opening a new one cancels the
 * student's older unconfirmed ones at Stripe (an old tab can no longer pay), and a scheduled sweep
 * cancels those left open for 24 hours. A cancel that loses the race with a confirmation (Stripe
 * answers that the intent succeeded) cancels nothing: that payment's event records it, and any part
 * of it no longer owed is refunded (store/payment-events.ts).
 */
import { DAY_MS, now } from '../domain/clock.js';
import { logger } from '../observability/powertools.js';
import { transactWrite } from './dynamo.js';
import { openCheckoutsBefore, recordWrite, staleCheckouts, type PaymentRecord } from './payment.js';
import { applyStatus, applySucceeded } from './payment-events.js';
import { cancelIntent, retrieveIntent } from './payment-gateway.js';

/** A checkout nobody confirmed for this long is abandoned (the sweep cancels it). */
export const CHECKOUT_LIFETIME_MS = DAY_MS;
/**
 * How far back a new checkout looks for older open ones. The hourly sweep cancels anything older
 * than a day, so a week is a wide margin and keeps the Query to a student's recent payments.
 */
const OLDER_CHECKOUTS_WINDOW_MS = 7 * DAY_MS;

type CancelOutcome = 'canceled' | 'paid' | 'kept';

/** Cancels one open checkout at Stripe, then records what Stripe says it now is. */
async function closeCheckout(record: PaymentRecord, reason: 'duplicate' | 'abandoned'): Promise<CancelOutcome> {
  const at = now().toISOString();
  const stripeStatus = await cancelIntent(record.intentId, reason);
  if (stripeStatus === 'canceled') {
    // a declined attempt stays Failed for the student; closedAt keeps it from being canceled again
    if (record.status === 'failed') await transactWrite(recordWrite(record, { ...record, closedAt: at }));
    else await applyStatus({ eventId: `cancel:${record.intentId}`, intentId: record.intentId, status: 'canceled', at });
    return 'canceled';
  }
  if (stripeStatus === 'succeeded') {
    // confirmed meanwhile: record it now rather than wait for its event (applied once either way)
    const intent = await retrieveIntent(record.intentId);
    await applySucceeded({ eventId: `sync:${record.intentId}:succeeded`, intentId: record.intentId, amountCents: intent.amount_received, paidAt: at, methodDetail: null });
    return 'paid';
  }
  return 'kept'; // processing: Stripe decides, its event follows
}

/**
 * Cancels the student's open checkouts opened before `newest` (the one just opened), so of two tabs
 * only the later can pay (payment.ts `openCheckoutsBefore`). Answers the intent ids canceled.
 */
export async function cancelOlderCheckouts(username: string, newest: Pick<PaymentRecord, 'intentId' | 'openedAt' | 'createdAt'>): Promise<string[]> {
  const since = new Date(now().getTime() - OLDER_CHECKOUTS_WINDOW_MS).toISOString();
  const open = await openCheckoutsBefore(username, newest, since);
  const outcomes = await Promise.all(
    open.map(async (record) => {
      try {
        return (await closeCheckout(record, 'duplicate')) === 'canceled' ? record.intentId : null;
      } catch (error) {
        // Best effort: the new checkout stands either way. An old one left open is canceled by the
        // sweep within a day, and if it is paid meanwhile its excess is refunded (payment-events.ts).
        logger.warn('Could not cancel an older checkout', { intentId: record.intentId, error: (error as Error).message });
        return null;
      }
    }),
  );
  return outcomes.filter((id): id is string => id !== null);
}

export interface SweepResult {
  checked: number;
  canceled: string[];
  /** Checkouts Stripe had taken payment for although the portal had not recorded it yet. */
  recorded: string[];
  failed: Array<{ intentId: string; error: string }>;
}

/** Most checkouts one run closes; the next hourly run takes the rest. */
const SWEEP_BATCH = 200;
/**
 * Declined attempts stay Failed (and indexed as failed) once closed, so the sweep looks at those that
 * crossed the 24-hour line in the last two days only: a day of missed runs is covered, and the same
 * old attempts are not read again every hour.
 */
const FAILED_SWEEP_WINDOW_MS = 2 * DAY_MS;

const staleOf = (status: 'pending' | 'failed', cutoff: string) => staleCheckouts(status, cutoff, new Date(Date.parse(cutoff) - FAILED_SWEEP_WINDOW_MS).toISOString(), SWEEP_BATCH);

/** Cancels every checkout (pending, or a declined attempt) opened more than 24 hours before now. */
export async function sweepStaleCheckouts(): Promise<SweepResult> {
  const cutoff = new Date(now().getTime() - CHECKOUT_LIFETIME_MS).toISOString();
  const stale = [...(await staleOf('pending', cutoff)), ...(await staleOf('failed', cutoff))];
  const result: SweepResult = { checked: stale.length, canceled: [], recorded: [], failed: [] };
  for (const record of stale) {
    try {
      const outcome = await closeCheckout(record, 'abandoned');
      if (outcome === 'canceled') result.canceled.push(record.intentId);
      if (outcome === 'paid') result.recorded.push(record.intentId);
    } catch (error) {
      logger.error('Could not close a stale checkout', { intentId: record.intentId, error: (error as Error).message });
      result.failed.push({ intentId: record.intentId, error: (error as Error).message });
    }
  }
  return result;
}
