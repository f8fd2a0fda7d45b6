/**
 * POST /api/create-payment-intent — starts a card payment. The server re-checks every item against
 * the student's ledger (domain/payment-plan.ts), creates the Stripe PaymentIntent with an idempotency
 * key (a double-click or retry answers the same intent) and stores it as pending. Nothing is paid
 * until Stripe's webhook says so.
 */
import { createHash } from 'node:crypto';
import { CreatePaymentIntentRequest, type CreatePaymentIntentResponse } from '../../contract/payments.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../domain/errors.js';
import { dollarsToCents } from '../../domain/money.js';
import { planPayment } from '../../domain/payment-plan.js';
import { isAdmin } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { stripe } from '../../store/payment-gateway.js';
import { createPendingPayment } from '../../store/payments.js';
import { getStudentLedger } from '../../store/students.js';

export const handler = route('payments-create-intent', async (req) => {
  const body = parseJsonBody(req, CreatePaymentIntentRequest);
  const caller = callerOf(req);
  if (caller.username !== body.username && !isAdmin(caller.roles)) throw new Forbidden('You can only pay your own bill');

  const ledger = await getStudentLedger(body.username);
  if (!ledger) throw new NotFound('Student not found');
  const totalCents = dollarsToCents(body.totalCost);
  const allocations = planPayment(ledger.enrollments, ledger.entries, body.items.map((item) => ({
    programType: item.program_type, programId: item.program_id, amountCents: dollarsToCents(item.amount),
  })), totalCents);

  const attempt = body.idempotency_key ?? createHash('sha256').update(JSON.stringify(allocations)).digest('hex').slice(0, 32);
  const { profile } = ledger;
  const studentName = `${profile.firstName} ${profile.lastName}`.trim();
  let intent;
  try {
    intent = await (await stripe()).paymentIntents.create({
      amount: totalCents,
      currency: 'usd',
      description: `Tuition payment: ${allocations.map((a) => a.programName).join(', ')}`,
      receipt_email: profile.email || undefined,
      metadata: {
        username: profile.username,
        student_name: studentName,
        ...Object.fromEntries(allocations.map((a, i) => [`program_${i + 1}`, `${a.programType}/${a.programId}/${a.amountCents}`])),
      },
    }, { idempotencyKey: `create-intent:${profile.username}:${attempt}` });
  } catch (error) {
    if ((error as { type?: string }).type === 'StripeIdempotencyError') {
      throw new Conflict('This checkout was already started with different amounts; reload the page and try again');
    }
    if ((error as { type?: string }).type === 'StripeInvalidRequestError') throw new Invalid(`payment: ${(error as Error).message}`);
    throw error;
  }

  const createdAt = new Date(intent.created * 1000).toISOString();
  const items = allocations.map((a) => ({ ...a, refundedCents: 0 }));
  await createPendingPayment({
    intentId: intent.id, username: profile.username, studentName, createdAt, updatedAt: createdAt,
    amountCents: totalCents, refundedCents: 0, currency: 'usd', status: 'pending', method: 'card',
    methodDetail: null, failureMessage: null, items,
  }, caller.username === profile.username ? undefined : {
    // an admin starting a payment on a student's behalf (and reading their bill to do so)
    actor: caller.username, action: 'payment.create', entityType: 'student', entityId: profile.username, after: { intentId: intent.id, amountCents: totalCents, items },
  });
  const response: CreatePaymentIntentResponse = { clientSecret: intent.client_secret!, paymentIntentId: intent.id, amount: totalCents, currency: 'usd' };
  return { body: response };
});
