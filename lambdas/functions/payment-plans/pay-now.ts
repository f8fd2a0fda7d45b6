/**
 * POST /api/payment-plans/{id}/pay-now/ — the plan's student pays one payment now with the plan's saved card or bank
 * account (domain/plan-collection.ts payNowTarget says which): a payment waiting for the student's authentication is
 * confirmed again on session, any other open one is charged as its next attempt. Paying is never blocked (a pause or a
 * hold included). The answer is what Stripe said: processing (counted when the verified event arrives), requires_action
 * with the bank's page to send the browser to (it comes back to `return_path`), or declined with the reason. Only the
 * student: staff cannot charge a student's card from here.
 */
import { RecordIdParams } from '../../contract/params.js';
import { PayNowRequest, type PayNowResponse } from '../../contract/payment-plans.js';
import { now, nowIso, schoolDay } from '../../domain/clock.js';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.js';
import { centsToDollars } from '../../domain/money.js';
import { chargeKey, payNowTarget } from '../../domain/plan-collection.js';
import { callerOf, route } from '../../http/route.js';
import { requestOrigin } from '../../http/request-origin.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { chargeInstallment, completeInstallment, recordAttempt, vaPending, type ChargeAnswer } from '../../plans/collection.js';
import { presentPlan } from '../../presenters/payment-plan-view.js';
import { portalUrl } from '../../store/email.js';
import { getPlan } from '../../store/payment-plan.js';
import { getStudentProfile } from '../../store/student.js';

/** Where the bank's page sends the browser back: the origin the student is using locally, the portal's in the cloud. */
function returnUrl(req: Parameters<typeof requestOrigin>[0], path: string): string {
  const origin = requestOrigin(req);
  const local = origin !== null && /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);
  return `${local ? origin : portalUrl()}${path}`;
}

const MESSAGES: Record<'processing' | 'requires_action', string> = {
  processing: 'Your payment was submitted. It shows as paid once your bank confirms it.',
  requires_action: 'Your bank needs you to confirm this payment.',
};

/** Stripe's decline codes in the words a student reads (https://docs.stripe.com/declines/codes). */
function declineMessage(code: string | undefined): string {
  if (code === 'insufficient_funds') return 'Your payment was declined for insufficient funds. Nothing was charged.';
  if (code === 'expired_card') return 'Your card has expired. Nothing was charged: change the payment method and try again.';
  if (code === 'payment_intent_authentication_failure') return 'Your bank could not confirm the payment. Nothing was charged.';
  return 'Your payment was declined. Nothing was charged: try again or change the payment method.';
}

export const handler = route('payment-plans-pay-now', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const input = parseJsonBody(req, PayNowRequest);
  const caller = callerOf(req);
  const plan = await getPlan(id);
  if (!plan) throw new NotFound('Payment plan not found');
  if (plan.username !== caller.username) throw new Forbidden();
  const target = payNowTarget(plan, input.seq);
  if (target.kind === 'refused') throw new Conflict(target.message);
  if (!plan.customerId || !plan.paymentMethod) throw new Conflict('payment_method: choose a card or bank account for this plan first');

  const back = returnUrl(req, input.return_path ?? '/payment-plan');
  const action = { seq: target.seq, attempt: target.attempt, amountCents: target.amountCents, idempotencyKey: chargeKey(plan.id, target.seq, target.attempt) };
  let answer: ChargeAnswer;
  try {
    answer = target.kind === 'complete' ? await completeInstallment(plan, target.intentId, back) : await chargeInstallment(plan, action, back);
  } catch (error) {
    // the same attempt's key used by the sweep this moment, with its own (off-session) parameters: one debit, not two
    if ((error as { type?: string }).type === 'StripeIdempotencyError') throw new Conflict('This payment is being collected right now; refresh in a moment');
    throw error;
  }
  const profile = await getStudentProfile(plan.username);
  const written = await recordAttempt(plan, action, answer, schoolDay(now()), nowIso(), profile ? vaPending(profile) : false, false);
  const outcome = answer.outcome === 'authentication_required' ? 'requires_action' : answer.outcome === 'processing' ? 'processing' : 'declined';
  const body: PayNowResponse = {
    outcome,
    seq: target.seq,
    amount: centsToDollars(target.amountCents),
    next_action_url: outcome === 'requires_action' ? (answer.nextActionUrl ?? null) : null,
    message: outcome === 'declined' ? declineMessage(answer.code) : MESSAGES[outcome],
    plan: presentPlan(written ?? plan),
  };
  return { body };
});
