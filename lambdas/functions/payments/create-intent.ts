/**
 * POST /api/create-payment-intent — opens a checkout. The server re-checks every item against the
 * student's ledger (domain/payment-allocation.ts), creates a card-only Stripe PaymentIntent with an
 * idempotency key, stores it as pending and cancels the student's older open checkouts, so of two
 * tabs only the newer can pay. Nothing is paid until Stripe's webhook says so.
 *
 * The default idempotency key (a client that sends none, as the spec's call does) is the items plus
 * the ledger as it stands: a retry before anything changed answers the same intent, a new payment
 * after one succeeded gets a new one. The SPA sends one key per checkout visit.
 */
import { createHash } from 'node:crypto';
import { CreatePaymentIntentRequest, type CreatePaymentIntentResponse } from '../../contract/payments.js';
import { studentSubject } from '../../domain/audit-subjects.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../domain/errors.js';
import { nowIso } from '../../domain/clock.js';
import { dollarsToCents } from '../../domain/money.js';
import { planPayment, type Allocation } from '../../domain/payment-allocation.js';
import { required } from '../../domain/required.js';
import { isAdmin } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { cancelOlderCheckouts } from '../../store/checkouts.js';
import { asStripeFailure, stripe } from '../../store/payment-gateway.js';
import { createPendingPayment } from '../../store/payment.js';
import { getStudentLedger, type StudentLedger } from '../../store/student.js';

/** Keys tried when an earlier intent of the same key was canceled meanwhile (a replaced tab retrying). */
const MAX_KEYS = 4;

function defaultKey(ledger: StudentLedger, allocations: Allocation[]): string {
  const state = ledger.entries.map((e) => e.entryId).sort();
  return createHash('sha256').update(JSON.stringify({ allocations, state })).digest('hex').slice(0, 32);
}

export const handler = route('payments-create-intent', async (req) => {
  const body = parseJsonBody(req, CreatePaymentIntentRequest);
  const caller = callerOf(req);
  if (caller.username !== body.username && !isAdmin(caller.roles)) throw new Forbidden('You can only pay your own bill');

  const ledger = await getStudentLedger(body.username);
  if (!ledger) throw new NotFound('Student not found');
  const totalCents = dollarsToCents(body.totalCost);
  const allocations = planPayment(
    ledger.enrollments,
    ledger.entries,
    body.items.map((item) => ({
      programType: item.program_type,
      programId: item.program_id,
      amountCents: dollarsToCents(item.amount),
    })),
    totalCents,
  );

  const { profile } = ledger;
  const studentName = `${profile.firstName} ${profile.lastName}`.trim();
  const baseKey = `create-intent:${profile.username}:${body.idempotency_key ?? defaultKey(ledger, allocations)}`;
  let key = baseKey;
  for (let n = 1; ; n++) {
    let intent;
    try {
      intent = await (
        await stripe()
      ).paymentIntents.create(
        {
          amount: totalCents,
          currency: 'usd',
          // Cards only: redirect-based and delayed methods come later, with payment plans.
          allowed_payment_method_types: ['card'],
          description: `Tuition payment: ${allocations.map((a) => a.programName).join(', ')}`,
          receipt_email: profile.email || undefined,
          metadata: {
            username: profile.username,
            student_name: studentName,
            ...Object.fromEntries(allocations.map((a, i) => [`program_${i + 1}`, `${a.programType}/${a.programId}/${a.amountCents}`])),
          },
        },
        { idempotencyKey: key },
      );
    } catch (error) {
      const failure = asStripeFailure(error);
      if (failure?.type === 'StripeIdempotencyError') {
        throw new Conflict('This checkout was already started with different amounts; reload the page and try again');
      }
      if (failure?.type === 'StripeInvalidRequestError') throw new Invalid(`payment: ${failure.message}`);
      throw error;
    }

    const createdAt = new Date(intent.created * 1000).toISOString();
    const stored = await createPendingPayment(
      {
        intentId: intent.id,
        username: profile.username,
        studentName,
        createdAt,
        updatedAt: createdAt,
        openedAt: nowIso(),
        amountCents: totalCents,
        refundedCents: 0,
        currency: 'usd',
        status: 'pending',
        method: 'card',
        methodDetail: null,
        failureMessage: null,
        items: allocations.map((a) => ({ ...a, refundedCents: 0 })),
        refundIds: [],
        excess: null,
      },
      caller.username === profile.username
        ? undefined
        : {
            // an admin starting a payment on a student's behalf (and reading their bill to do so)
            actor: caller.username,
            action: 'payment.create',
            entityType: 'student',
            entityId: profile.username,
            subject: studentSubject(profile),
            after: { intentId: intent.id, amountCents: totalCents, items: allocations },
          },
    );
    // the same key answered an intent we already have: fine while it can still be paid
    if (stored.status !== 'pending' && stored.status !== 'failed') {
      if (n < MAX_KEYS) {
        key = `${baseKey}:after:${intent.id}`;
        continue;
      }
      throw new Conflict('This checkout is already closed; reload the page to start a new one');
    }
    await cancelOlderCheckouts(profile.username, stored);
    // Stripe answers a new or retrieved intent with its secret; the browser cannot confirm the payment without it
    const clientSecret = required(intent.client_secret, `the client_secret of PaymentIntent ${intent.id}`);
    const response: CreatePaymentIntentResponse = { clientSecret, paymentIntentId: intent.id, amount: totalCents, currency: 'usd' };
    return { body: response };
  }
});
