/**
 * POST /api/payments/{id}/refund/ (admin) — asks Stripe to refund all or part of a payment. The
 * ledger changes when Stripe's charge.refunded event arrives, like every other payment change.
 * The request is in the audit log before Stripe is asked (no refund without its entry), and its
 * outcome after: `payment.refund.succeeded` with Stripe's refund id, or `payment.refund.failed` with
 * Stripe's reason, which is also the answer (4xx): nothing was refunded.
 */
import { RefundRequest } from '../../contract/payments.js';
import { paymentSubject } from '../../domain/audit-subjects.js';
import { AppError, Conflict, Invalid, NotFound, TooManyRequests } from '../../domain/errors.js';
import { centsToDollars, dollarsToCents } from '../../domain/money.js';
import { isPaid } from '../../domain/payment-state.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { recordEntry } from '../../store/audit.js';
import { asStripeFailure, stripe } from '../../store/payment-gateway.js';
import { getPaymentByIntent } from '../../store/payment.js';
import { PaymentIntentParams } from '../../contract/params.js';

/** Stripe's refusal as our answer: its own message, on the field it names (https://docs.stripe.com/api/errors). */
function refusal(error: unknown): AppError | null {
  const failure = asStripeFailure(error);
  if (!failure) return null;
  const field = (failure as { param?: string }).param === 'amount' ? 'amount' : 'payment';
  if (failure.statusCode === 429) return new TooManyRequests('Stripe is busy; try the refund again in a moment');
  if (failure.type === 'StripeIdempotencyError' || failure.statusCode === 409) return new Conflict(`${field}: ${failure.message}`);
  if (failure.statusCode === 400 || failure.statusCode === 402 || failure.statusCode === 404) return new Invalid(`${field}: ${failure.message}`);
  return null;
}

export const handler = route('payments-refund', async (req) => {
  const { id } = parseParams(req, PaymentIntentParams);
  const body = req.body ? parseJsonBody(req, RefundRequest) : {};
  const caller = callerOf(req);
  const payment = await getPaymentByIntent(id);
  if (!payment) throw new NotFound('Payment not found');
  if (!isPaid(payment.status) || payment.status === 'refunded') throw new Conflict(`A ${payment.status} payment cannot be refunded`);
  const remaining = payment.amountCents - payment.refundedCents;
  const amount = body.amount === undefined ? remaining : dollarsToCents(body.amount);
  if (amount <= 0 || amount > remaining) throw new Invalid(`amount: must be more than 0 and at most the ${centsToDollars(remaining).toFixed(2)} not yet refunded`);

  const request = { username: payment.username, amountCents: amount, reason: body.reason ?? null };
  const subject = paymentSubject(payment);
  // before: what was refunded already; the refund itself lands with Stripe's event (payment-events.ts)
  const before = { refundedCents: payment.refundedCents };
  await recordEntry({ actor: caller.username, action: 'payment.refund', entityType: 'payment', entityId: id, subject, before, after: { ...request, outcome: 'requested' } });
  let refund;
  try {
    refund = await (
      await stripe()
    ).refunds.create(
      { payment_intent: id, amount, reason: body.reason, metadata: { requested_by: caller.username } },
      // the same request for the same state of the payment is one refund, however often it is sent
      { idempotencyKey: `refund:${id}:${payment.refundedCents}:${amount}` },
    );
  } catch (error) {
    const answer = refusal(error);
    await recordEntry({
      actor: caller.username,
      action: 'payment.refund.failed',
      entityType: 'payment',
      entityId: id,
      subject,
      before,
      after: { ...request, outcome: 'failed', error: (error as Error).message },
    });
    throw answer ?? error;
  }
  await recordEntry({
    actor: caller.username,
    action: 'payment.refund.succeeded',
    entityType: 'payment',
    entityId: id,
    subject,
    before,
    after: { ...request, outcome: 'succeeded', refundId: refund.id, stripeStatus: refund.status },
  });
  return { status: 202, body: { status: 'pending', refund_id: refund.id, amount: centsToDollars(amount) } };
});
