/**
 * ACH Direct Debit over time. A confirmed us_bank_account PaymentIntent is `processing` (event
 * payment_intent.processing; its charge `pending`, event charge.pending) until the debit settles:
 * "ACH Direct Debit is a delayed notification payment method ... It can take up to 4 business days to
 * receive acknowledgement of success or failure" (https://docs.stripe.com/payments/ach-direct-debit#timing,
 * https://docs.stripe.com/payments/payment-methods#payment-notification). The sandbox settles it
 * ACH_SETTLEMENT_DAYS (calendar) days later by the sandbox clock (clock.ts), never by wall time:
 * whenever a request arrives, on POST /local/stripe/__control/settle, or when the local stack's timer
 * calls `settle`. Then the intent is succeeded (charge succeeded; events charge.succeeded,
 * payment_intent.succeeded) or, for the failing test accounts (test-cards.ts), back to
 * requires_payment_method with last_payment_error carrying the return's code (charge failed with
 * failure_code/failure_message; events charge.failed, payment_intent.payment_failed)
 * (https://docs.stripe.com/payments/ach-direct-debit/accept-a-payment#test-account-numbers).
 */
import { sandboxNowMs } from './clock.js';
import type { SandboxContext } from './context.js';
import { chargeOf, stripeId, type PaymentIntent, type PaymentMethod } from './objects.js';

export const ACH_SETTLEMENT_DAYS = 4;
export const ACH_SETTLEMENT_MS = ACH_SETTLEMENT_DAYS * 24 * 60 * 60 * 1000;

/** Starts the debit: a pending charge, the intent processing, settlement scheduled. */
export function startDebit(ctx: SandboxContext, intent: PaymentIntent, pm: PaymentMethod, failure: { code: string; message: string } | null): void {
  const bank = pm.us_bank_account;
  if (!bank) throw new Error(`startDebit needs a us_bank_account PaymentMethod, not ${pm.type}`);
  const charge = chargeOf(intent, pm, {
    id: stripeId('py'), // Stripe's ids for ACH charges start with py_
    paid: false,
    status: 'pending',
    payment_method_details: { type: 'us_bank_account', us_bank_account: { ...bank } },
    billing_details: { name: pm.billing_details.name, email: pm.billing_details.email, address: { postal_code: pm.billing_details.address.postal_code ?? null } },
  });
  ctx.state.charges[charge.id] = charge;
  Object.assign(intent, { status: 'processing', latest_charge: charge.id, last_payment_error: null, next_action: null });
  ctx.state.pendingDebits[intent.id] = { intent: intent.id, charge: charge.id, due: sandboxNowMs() + ACH_SETTLEMENT_MS, failure };
  ctx.emit('charge.pending', charge);
  ctx.emit('payment_intent.processing', intent);
}

/** Settles every debit due at `nowMs` (default: the sandbox clock), oldest first; answers how many. */
export function settleDue(ctx: SandboxContext, nowMs = sandboxNowMs()): number {
  const due = Object.values(ctx.state.pendingDebits)
    .filter((debit) => debit.due <= nowMs)
    .sort((a, b) => a.due - b.due);
  for (const debit of due) {
    delete ctx.state.pendingDebits[debit.intent];
    const intent = ctx.state.intents[debit.intent];
    const charge = ctx.state.charges[debit.charge];
    if (!intent || !charge || intent.status !== 'processing') continue;
    if (debit.failure) {
      Object.assign(charge, { status: 'failed', paid: false, failure_code: debit.failure.code, failure_message: debit.failure.message });
      const pm = intent.payment_method ? ctx.state.paymentMethods[intent.payment_method] : undefined;
      // the error type of a returned debit is not quoted in Stripe's docs; the sandbox says invalid_request_error
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: debit.failure.code,
        message: debit.failure.message,
        ...(pm ? { payment_method: structuredClone(pm) } : {}),
      };
      ctx.emit('charge.failed', charge);
      ctx.emit('payment_intent.payment_failed', intent);
    } else {
      Object.assign(charge, { status: 'succeeded', paid: true });
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      ctx.emit('charge.succeeded', charge);
      ctx.emit('payment_intent.succeeded', intent);
    }
  }
  return due.length;
}
