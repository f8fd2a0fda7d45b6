/**
 * POST /api/payments/{id}/refund/ (admin) — asks Stripe to refund all or part of a payment. The
 * ledger changes when Stripe's charge.refunded event arrives, like every other payment change.
 * The request is in the audit log before Stripe is asked (no refund without its entry; an entry
 * whose refund Stripe then refused names a refund the ledger never shows).
 */
import * as z from '../../contract/zod.js';
import { RefundRequest } from '../../contract/payments.js';
import { Conflict, Invalid, NotFound } from '../../domain/errors.js';
import { centsToDollars, dollarsToCents } from '../../domain/money.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { recordEntry } from '../../store/audit.js';
import { stripe } from '../../store/payment-gateway.js';
import { getPaymentByIntent } from '../../store/payments.js';

const Params = z.object({ id: z.string().check(z.regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'must be a PaymentIntent id')) });

export const handler = route('payments-refund', async (req) => {
  const { id } = parseParams(req, Params);
  const body = req.body ? parseJsonBody(req, RefundRequest) : {};
  const caller = callerOf(req);
  const payment = await getPaymentByIntent(id);
  if (!payment) throw new NotFound('Payment not found');
  if (payment.status !== 'succeeded' && payment.status !== 'partially_refunded') throw new Conflict(`A ${payment.status} payment cannot be refunded`);
  const remaining = payment.amountCents - payment.refundedCents;
  const amount = body.amount === undefined ? remaining : dollarsToCents(body.amount);
  if (amount <= 0 || amount > remaining) throw new Invalid(`amount: must be more than 0 and at most the ${centsToDollars(remaining).toFixed(2)} not yet refunded`);

  await recordEntry({
    actor: caller.username, action: 'payment.refund', entityType: 'payment', entityId: id,
    after: { username: payment.username, amountCents: amount, reason: body.reason ?? null },
  });
  const refund = await (await stripe()).refunds.create(
    { payment_intent: id, amount, reason: body.reason, metadata: { requested_by: caller.username } },
    // the same request for the same state of the payment is one refund, however often it is sent
    { idempotencyKey: `refund:${id}:${payment.refundedCents}:${amount}` },
  );
  return { status: 202, body: { status: 'pending', refund_id: refund.id, amount: centsToDollars(amount) } };
});
