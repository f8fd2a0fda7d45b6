import { apiBaseUrl } from '#shared/runtimeConfig';

/**
 * The local sandbox's card form (runtime config `payments.mode: 'sandbox'`): Stripe.js cannot
 * load offline, so this stands in for it. It maps Stripe's documented test card numbers to the
 * test payment methods and confirms the PaymentIntent the way Stripe.js does, against the local
 * Stripe sandbox on the gateway. Texts are Stripe's own.
 */

/** Stripe's test cards -> the test payment methods the sandbox honours. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
};

/**
 * The cards a card can be saved with (a SetupIntent): the checkout's, and 4000 0027 6000 3184, which asks for
 * 3-D Secure on every payment, off-session ones included (https://docs.stripe.com/testing#authentication-and-setup).
 */
export const SETUP_TEST_CARDS: Readonly<Record<string, string>> = { ...SANDBOX_TEST_CARDS, '4000002760003184': 'pm_card_authenticationRequired' };

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberIncorrect: 'Your card number is incorrect.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  postalIncomplete: 'Your postal code is incomplete.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export interface SandboxCard {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  postalCode: string;
}

export const cardDigits = (value: string) => value.replace(/\D/g, '');

/** The test payment method for a card number (spaces allowed) among `cards`, or null for any other number. */
export function testPaymentMethod(cardNumber: string, cards = SANDBOX_TEST_CARDS): string | null {
  return cards[cardDigits(cardNumber)] ?? null;
}

/** "4242424242" -> "4242 4242 42" as the user types. */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" -> "12/28" as the user types. */
export function formatExpiry(value: string): string {
  const digits = cardDigits(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The first problem with the entered card, as Stripe words it, or null when it can be sent. */
export function cardProblem(card: SandboxCard, now = new Date(), cards = SANDBOX_TEST_CARDS): string | null {
  const number = cardDigits(card.number);
  if (number.length === 0) return CARD_MESSAGES.numberIncomplete;
  if (!testPaymentMethod(number, cards)) return CARD_MESSAGES.numberIncorrect;
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (!expiry) return CARD_MESSAGES.expiryIncomplete;
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryInvalid;
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return CARD_MESSAGES.expiryPast;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return CARD_MESSAGES.cvcIncomplete;
  if (card.postalCode.trim() === '') return CARD_MESSAGES.postalIncomplete;
  return null;
}

export interface SandboxConfirmation {
  paymentIntentId: string;
  clientSecret: string;
  paymentMethod: string;
  publishableKey: string;
  billing: { name: string; email: string; postalCode: string };
}

/**
 * The PaymentIntent's status after confirming, or the provider's message when it refused, with
 * Stripe's error code and the intent's status when the answer has them (see paymentForm.ts).
 */
export type ConfirmOutcome = { status: string } | { error: string; code?: string; intentStatus?: string };

/** Stripe's answer to a sandbox call: the object on success, or its error's message, code and intent status. */
export type SandboxAnswer<T> = { ok: true; body: T } | { ok: false; error: string; code?: string; intentStatus?: string };

/** POST `path` of the local Stripe sandbox, form-encoded with the publishable key, as Stripe.js sends its calls. */
export async function postToSandbox<T>(path: string, form: URLSearchParams, publishableKey: string, fetchFn: typeof fetch = fetch): Promise<SandboxAnswer<T>> {
  let response: Response;
  try {
    response = await fetchFn(`${apiBaseUrl()}/local/stripe${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
  } catch {
    return { ok: false, error: CARD_MESSAGES.unexpected };
  }
  const answer = (await response.json().catch(() => null)) as {
    status?: unknown;
    error?: { message?: unknown; code?: unknown; payment_intent?: { status?: unknown } | null };
  } | null;
  if (response.ok && typeof answer?.status === 'string') return { ok: true, body: answer as T };
  const message = answer?.error?.message;
  const code = answer?.error?.code;
  const intentStatus = answer?.error?.payment_intent?.status;
  return {
    ok: false,
    error: typeof message === 'string' && message !== '' ? message : CARD_MESSAGES.unexpected,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof intentStatus === 'string' ? { intentStatus } : {}),
  };
}

/** POST /local/stripe/v1/payment_intents/{id}/confirm, form-encoded with the publishable key, as Stripe.js sends it. */
export async function confirmSandboxPayment(confirm: SandboxConfirmation, fetchFn: typeof fetch = fetch): Promise<ConfirmOutcome> {
  const body = new URLSearchParams({
    client_secret: confirm.clientSecret,
    payment_method: confirm.paymentMethod,
    'payment_method_data[billing_details][name]': confirm.billing.name,
    'payment_method_data[billing_details][email]': confirm.billing.email,
    'payment_method_data[billing_details][address][postal_code]': confirm.billing.postalCode,
  });
  const answer = await postToSandbox<{ status: string }>(`/v1/payment_intents/${encodeURIComponent(confirm.paymentIntentId)}/confirm`, body, confirm.publishableKey, fetchFn);
  if (answer.ok) return { status: answer.body.status };
  const { ok: _ok, ...refusal } = answer;
  return refusal;
}
