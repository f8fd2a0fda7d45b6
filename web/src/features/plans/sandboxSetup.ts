import { apiBaseUrl } from '#shared/runtimeConfig';
import { CARD_MESSAGES, postToSandbox } from '#shared/payments/sandboxCard';

/**
 * Saving a card or US bank account with the local Stripe sandbox (runtime config `payments.mode: 'sandbox'`), as
 * Stripe.js confirms a SetupIntent: form-encoded with the publishable key and the client secret. A bank account
 * carries its online mandate; with the publishable key Stripe (and the sandbox) takes the IP address and user agent
 * from the request (https://docs.stripe.com/api/setup_intents/confirm#confirm_setup_intent-mandate_data).
 */

export interface BankAccount {
  holderName: string;
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
}

export interface SetupTarget {
  setupIntentId: string;
  clientSecret: string;
  publishableKey: string;
}

/** Saved (the PaymentMethod's id), the bank's 3-D Secure check to pass first (its page), or the refusal in words. */
export type SetupOutcome = { saved: string } | { authenticate: string } | { error: string };

interface SetupIntentAnswer {
  status: string;
  payment_method: string | null;
  next_action?: { type: string; redirect_to_url?: { url: string } } | null;
  last_setup_error?: { message?: string } | null;
}

const NOT_SAVED = 'The payment method could not be saved. Please try again.';

function outcomeOf(si: SetupIntentAnswer): SetupOutcome {
  if (si.status === 'succeeded' && si.payment_method) return { saved: si.payment_method };
  const page = si.next_action?.redirect_to_url?.url;
  if (si.status === 'requires_action' && page) return { authenticate: page };
  return { error: si.last_setup_error?.message ?? NOT_SAVED };
}

/** The confirm's form: a test card's payment method, or the bank account with its mandate. */
export function setupForm(clientSecret: string, method: { card: string } | { bank: BankAccount }): URLSearchParams {
  if ('card' in method) return new URLSearchParams({ client_secret: clientSecret, payment_method: method.card });
  const { bank } = method;
  return new URLSearchParams({
    client_secret: clientSecret,
    'payment_method_data[type]': 'us_bank_account',
    'payment_method_data[billing_details][name]': bank.holderName.trim(),
    'payment_method_data[us_bank_account][routing_number]': bank.routingNumber,
    'payment_method_data[us_bank_account][account_number]': bank.accountNumber,
    'payment_method_data[us_bank_account][account_holder_type]': 'individual',
    'payment_method_data[us_bank_account][account_type]': bank.accountType,
    'mandate_data[customer_acceptance][type]': 'online',
    'mandate_data[customer_acceptance][online][infer_from_client]': 'true',
  });
}

/** POST /local/stripe/v1/setup_intents/{id}/confirm. */
export async function confirmSandboxSetup(target: SetupTarget, method: { card: string } | { bank: BankAccount }, fetchFn: typeof fetch = fetch): Promise<SetupOutcome> {
  const answer = await postToSandbox<SetupIntentAnswer>(
    `/v1/setup_intents/${encodeURIComponent(target.setupIntentId)}/confirm`,
    setupForm(target.clientSecret, method),
    target.publishableKey,
    fetchFn,
  );
  return answer.ok ? outcomeOf(answer.body) : { error: answer.error };
}

/**
 * The sandbox's 3-D Secure test page, answered from the portal's own dialog (Stripe.js shows a card's check in a
 * frame on the page): POST its page without a key, as its own form does, then read the SetupIntent again.
 */
export async function authenticateSandboxSetup(target: SetupTarget, page: string, outcome: 'complete' | 'fail', fetchFn: typeof fetch = fetch): Promise<SetupOutcome> {
  try {
    await fetchFn(page, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ outcome }) });
    const query = new URLSearchParams({ client_secret: target.clientSecret });
    const response = await fetchFn(`${apiBaseUrl()}/local/stripe/v1/setup_intents/${encodeURIComponent(target.setupIntentId)}?${query}`, {
      headers: { Authorization: `Bearer ${target.publishableKey}` },
    });
    if (!response.ok) return { error: NOT_SAVED };
    return outcomeOf((await response.json()) as SetupIntentAnswer);
  } catch {
    return { error: CARD_MESSAGES.unexpected };
  }
}
