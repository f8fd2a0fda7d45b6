import { useEffect, useState } from 'react';
import { useCreatePaymentIntentMutation } from '#shared/api/payments';
import type { CreatePaymentIntentRequest } from '#contract/payments';
import { formatDollars } from '#shared/lib/money';
import { isConflict, rawServerErrorOf } from '#shared/lib/serverError';

/** The spec's text when the payment cannot be prepared. */
export const PAYMENT_INIT_FAILED = 'Failed to initialize payment. Please try again.';

/**
 * Creates the PaymentIntent when there is something to pay (a request; a user
 * and a total above 0). The request carries one idempotency key per checkout visit, so a retry,
 * or React running the effect twice in development, answers the same intent.
 */
export function usePaymentIntent(request: CreatePaymentIntentRequest | null) {
  const [create, result] = useCreatePaymentIntentMutation();
  const [attempt, setAttempt] = useState(0);
  const wanted = request !== null;

  useEffect(() => {
    // Sends the request of the render that asked for it (or for a retry); once the intent
    // exists, cart changes do not create another.
    if (request) void create(request);
  }, [wanted, attempt, create]);

  const failure = result.isError ? intentFailure(rawServerErrorOf(result.error)) : null;
  const conflict = isConflict(result.error);
  return {
    intent: result.data ?? null,
    failed: result.isError,
    /** The server's reason in plain words (e.g. an amount above what is owed), shown under the spec's text. */
    reason: failure?.text ?? null,
    /**
     * Trying again needs a new checkout (a fresh look at what is owed, a new idempotency key): the
     * server refused for what is owed, or (409) this checkout's key is already used or closed.
     */
    needsFreshCheckout: (failure?.owedChanged ?? false) || conflict,
    retry: () => setAttempt((n) => n + 1),
  };
}

const dollars = (text: string) => formatDollars(Number(text));

/**
 * The server's 400s name the field (`items.0.amount: 3000.00 is more than the 1500.00 owed for
 * Nursing Assistant`, lambdas/domain/payment-allocation.ts): a student never sees that wording. Known
 * ones are said plainly; any other field-named message is left out (the spec's text says enough);
 * a message in plain words (e.g. a 409's) is shown as it is.
 */
export function intentFailure(reason: string | null): { text: string | null; owedChanged: boolean } {
  if (!reason) return { text: null, owedChanged: false };
  const over = /^items\.\d+\.amount: ([\d.]+) is more than the ([\d.]+) owed for (.+)$/.exec(reason);
  if (over) {
    const [, asked, owed, program] = over;
    return {
      text: `Your cart asks for ${dollars(asked)} for ${program}, but you owe ${dollars(owed)}. Nothing was charged: check your cart again.`,
      owedChanged: true,
    };
  }
  if (/^items\.\d+\.program_id: is not a program this student is enrolled in$/.test(reason)) {
    return { text: 'Your cart holds a program you are not enrolled in. Nothing was charged: remove it from your cart.', owedChanged: true };
  }
  const minimum = /^totalCost: must be at least ([\d.]+)$/.exec(reason);
  if (minimum) return { text: `Card payments must be at least ${dollars(minimum[1])}.`, owedChanged: false };
  if (/^totalCost: .* does not equal the items' sum/.test(reason)) {
    return { text: 'Your cart changed while the payment was being prepared. Nothing was charged.', owedChanged: true };
  }
  if (/^[A-Za-z_]\w*(\.\w+)*: /.test(reason)) return { text: null, owedChanged: false };
  return { text: reason, owedChanged: false };
}
