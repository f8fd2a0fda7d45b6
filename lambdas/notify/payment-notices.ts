/**
 * The notices a Stripe event causes, after the event is applied: a receipt, a failed payment, a refund,
 * an excess refunded. Sent for an event applied now and for one applied before (a redelivery), so a
 * notice lost to a crash between the two is sent by Stripe's retry; the keys keep it to one.
 */
import { getPaymentByIntent } from '../store/payment.js';
import type { StripeFact } from '../store/stripe-events.js';
import { notify } from './events.js';

export async function notifyPayment(fact: StripeFact): Promise<void> {
  if (fact.kind !== 'succeeded' && fact.kind !== 'failed' && fact.kind !== 'refunded') return;
  const payment = await getPaymentByIntent(fact.intentId);
  if (!payment) return;
  const to = { kind: 'students' as const, usernames: [payment.username] };
  if (fact.kind === 'succeeded' && payment.status !== 'failed') {
    await notify({
      event: 'payment.succeeded',
      entity: payment.intentId,
      template: 'payment_succeeded',
      params: { intentId: payment.intentId, amountCents: payment.amountCents },
      audience: to,
    });
    if (payment.excess) {
      const params = { intentId: payment.intentId, amountCents: payment.excess.amountCents };
      await notify({ event: 'payment.excess_refunded', entity: payment.intentId, template: 'excess_refunded', params, audience: to });
    }
  } else if (fact.kind === 'failed' && payment.status === 'failed') {
    // one notice per failure message: a second attempt that fails too is a second notice
    const reason = payment.failureMessage ?? null;
    await notify({
      event: 'payment.failed',
      entity: payment.intentId,
      occasion: payment.updatedAt,
      template: 'payment_failed',
      params: { amountCents: payment.amountCents, reason },
      audience: to,
    });
  } else if (fact.kind === 'refunded' && payment.refundedCents > 0) {
    // one notice per refunded total: each further refund raises it
    const params = { intentId: payment.intentId, amountCents: payment.refundedCents };
    await notify({ event: 'payment.refunded', entity: payment.intentId, occasion: String(payment.refundedCents), template: 'refund_issued', params, audience: to });
  }
}
