import { useEffect, useState } from 'react';
import { useCreatePaymentIntentMutation } from '../../api/payments';
import type { CreatePaymentIntentRequest } from '../../contract';

/** Spec section 8's text when the payment cannot be prepared. */
export const PAYMENT_INIT_FAILED = 'Failed to initialize payment. Please try again.';

/**
 * Creates the PaymentIntent when there is something to pay (a request; spec section 5: a user
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

  return {
    intent: result.data ?? null,
    failed: result.isError,
    /** The server's reason (e.g. an amount above what is owed), shown under the spec's text. */
    reason: serverError(result.error),
    retry: () => setAttempt((n) => n + 1),
  };
}

function serverError(error: unknown): string | null {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' ? data.error : null;
}
