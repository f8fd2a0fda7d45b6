/**
 * POST /api/payments/webhook — Stripe's events, the only way money enters the ledger besides facts
 * read back from Stripe's API (reconciliation). The signature is verified on the raw body (others get
 * 400); a signed event of a shape we cannot act on is a 400 naming the field, an event we do not
 * handle or for an intent that is not ours is acknowledged with 200 so Stripe stops retrying. Facts
 * are applied at most once, in any order and however often Stripe delivers them (store/payment-events.ts).
 */
import { Invalid } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { METRIC } from '../../observability/metric-names.js';
import { countMetric } from '../../observability/metrics.js';
import { logger } from '../../observability/powertools.js';
import { notifyPayment } from '../../notify/payment-notices.js';
import { applyInstallmentFact } from '../../plans/collection.js';
import { verifyWebhook } from '../../store/payment-gateway.js';
import { applyRefunds, applyStatus, applySucceeded, type ApplyOutcome } from '../../store/payment-events.js';
import { parseStripeEvent, type StripeFact } from '../../store/stripe-events.js';

function apply(fact: StripeFact): Promise<ApplyOutcome> {
  // a payment plan's debit: its plan and the ledger move together (plans/collection.ts)
  if ((fact.kind === 'succeeded' || fact.kind === 'failed' || fact.kind === 'processing') && fact.installment)
    return applyInstallmentFact({ ...fact, installment: fact.installment });
  switch (fact.kind) {
    case 'succeeded':
      return applySucceeded({ eventId: fact.eventId, intentId: fact.intentId, amountCents: fact.amountCents, paidAt: fact.at, methodDetail: null });
    case 'refunded':
      return applyRefunds({ intentId: fact.intentId, claimedTotalCents: fact.claimedTotalCents, at: fact.at });
    case 'failed':
      return applyStatus({ eventId: fact.eventId, intentId: fact.intentId, status: 'failed', message: fact.message, at: fact.at });
    case 'processing':
    case 'canceled':
      return applyStatus({ eventId: fact.eventId, intentId: fact.intentId, status: fact.kind, at: fact.at });
    case 'ignored':
      return Promise.resolve('ignored');
  }
}

export const handler = route('payments-webhook', async (req) => {
  // Unsigned or forged requests are a handled 400, so no function error reveals them: counted on
  // their own metric (a rotated webhook secret refuses every real event too, see the ops stack).
  const signature = req.headers['stripe-signature'];
  if (!signature) {
    countMetric(METRIC.webhookSignatureFailure);
    throw new Invalid('stripe-signature: header is required');
  }
  let event: unknown;
  try {
    event = await verifyWebhook(req.body ?? '', signature);
  } catch {
    countMetric(METRIC.webhookSignatureFailure);
    throw new Invalid('stripe-signature: does not match the payload');
  }
  const parsed = parseStripeEvent(event);
  if (!parsed.ok) {
    countMetric(METRIC.webhookFailure);
    logger.error('Signed Stripe event of a shape we cannot apply', { problem: parsed.problem });
    throw new Invalid(parsed.problem);
  }
  const { fact } = parsed;
  let outcome: ApplyOutcome;
  try {
    outcome = await apply(fact);
  } catch (error) {
    countMetric(METRIC.webhookFailure);
    throw error;
  }
  // refused: Stripe's own facts disagree with the payment (a refund claiming more than it): nothing was recorded
  if (outcome === 'refused') countMetric(METRIC.webhookFailure);
  if (outcome === 'applied' && fact.kind === 'succeeded') countMetric(METRIC.paymentSucceeded);
  if (outcome === 'applied' && fact.kind === 'failed') countMetric(METRIC.paymentFailed);
  // after the money is recorded; a failure here is a 5xx, and Stripe's retry sends the notice (once: its key)
  if (outcome === 'applied' || outcome === 'duplicate') await notifyPayment(fact);
  logger.info('Stripe event', { eventId: fact.eventId, kind: fact.kind, outcome });
  return { body: { received: true, outcome } };
});
