/**
 * POST /api/payments/webhook — Stripe's events, the only way a payment enters the ledger.
 * The signature is verified on the raw body (others get 400). Every event is applied at most once
 * (store/payments.ts), in any order and however often Stripe delivers it; anything we do not
 * handle, or an intent that is not ours, is acknowledged with 200 so Stripe stops retrying.
 */
import type Stripe from 'stripe';
import { Invalid } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { METRIC } from '../../observability/metric-names.js';
import { countMetric } from '../../observability/metrics.js';
import { logger } from '../../observability/powertools.js';
import { verifyWebhook } from '../../store/payment-gateway.js';
import { applyFailed, applyRefund, applySucceeded, type ApplyOutcome } from '../../store/payments.js';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const intentIdOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : value?.id ?? '');

async function apply(event: Stripe.Event): Promise<ApplyOutcome> {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return applySucceeded({ eventId: event.id, intentId: intent.id, amountCents: intent.amount_received || intent.amount, paidAt: iso(event.created), methodDetail: null });
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return applyFailed({ eventId: event.id, intentId: intent.id, message: intent.last_payment_error?.message ?? 'The payment failed', at: iso(event.created) });
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return applyRefund({ eventId: event.id, intentId: intentIdOf(charge.payment_intent), totalRefundedCents: charge.amount_refunded, chargeId: charge.id, at: iso(event.created) });
    }
    default:
      return 'ignored';
  }
}

export const handler = route('payments-webhook', async (req) => {
  const signature = req.headers['stripe-signature'];
  if (!signature) throw new Invalid('stripe-signature: header is required');
  let event: Stripe.Event;
  try {
    event = await verifyWebhook(req.body ?? '', signature);
  } catch {
    countMetric(METRIC.webhookFailure);
    throw new Invalid('stripe-signature: does not match the payload');
  }
  let outcome: ApplyOutcome;
  try {
    outcome = await apply(event);
  } catch (error) {
    countMetric(METRIC.webhookFailure);
    throw error;
  }
  if (outcome === 'applied' && event.type === 'payment_intent.succeeded') countMetric(METRIC.paymentSucceeded);
  if (outcome === 'applied' && event.type === 'payment_intent.payment_failed') countMetric(METRIC.paymentFailed);
  logger.info('Stripe event', { eventId: event.id, type: event.type, outcome });
  return { body: { received: true, outcome } };
});
