/** The Stripe API objects the sandbox keeps, with the fields our code and Stripe.js read. */
import { randomBytes } from 'node:crypto';
import { nowSeconds } from './clock.js';

export { nowSeconds };

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** https://docs.stripe.com/api/payment_intents/cancel (the reasons a caller may give) */
export const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  /** https://docs.stripe.com/api/payment_intents/object: null when payment_method_types was given */
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' | 'never' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  client_secret: string;
  created: number;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  latest_charge: string | null;
  last_payment_error: PaymentError | null;
  receipt_email: string | null;
  /** the Customer the intent is for (https://docs.stripe.com/api/payment_intents/object#payment_intent_object-customer) */
  customer: string | null;
  /** what the customer must do next while status is requires_action (authentication.ts) */
  next_action: NextAction | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  livemode: false;
}

/**
 * `last_payment_error` / `last_setup_error` (https://docs.stripe.com/api/payment_intents/object#payment_intent_object-last_payment_error):
 * the error of the last attempt, with the payment method it was made with.
 */
export interface PaymentError {
  type: string;
  code: string;
  decline_code?: string;
  message: string;
  payment_method?: PaymentMethod;
}

/**
 * `next_action` of an intent in requires_action: a redirect to the (sandbox's) 3D Secure page, or
 * microdeposits to verify (https://docs.stripe.com/api/setup_intents/object#setup_intent_object-next_action).
 */
export type NextAction =
  | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string | null } }
  | {
      type: 'verify_with_microdeposits';
      verify_with_microdeposits: { arrival_date: number; hosted_verification_url: string; microdeposit_type: 'amounts' | 'descriptor_code' };
    };

/** https://docs.stripe.com/api/customers/object (the fields the portal reads) */
export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
}

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: string;
  country: string;
}

export interface BankAccountDetails {
  bank_name: string;
  last4: string;
  routing_number: string;
  account_holder_type: 'individual' | 'company';
  account_type: 'checking' | 'savings';
}

/** https://docs.stripe.com/api/payment_methods/object */
export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card' | 'us_bank_account';
  created: number;
  customer: string | null;
  billing_details: { name: string | null; email: string | null; phone: string | null; address: Record<string, string | null> };
  card?: CardDetails;
  us_bank_account?: BankAccountDetails;
  metadata: Record<string, string>;
  livemode: false;
}

/** https://docs.stripe.com/api/setup_intents/object */
export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  usage: 'off_session' | 'on_session';
  payment_method: string | null;
  payment_method_types: string[];
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' | 'never' } | null;
  payment_method_options: { us_bank_account?: { verification_method: 'automatic' | 'instant' | 'microdeposits' } };
  mandate: string | null;
  next_action: NextAction | null;
  last_setup_error: PaymentError | null;
  cancellation_reason: string | null;
  metadata: Record<string, string>;
  livemode: false;
}

/** https://docs.stripe.com/api/mandates/object */
export interface Mandate {
  id: string;
  object: 'mandate';
  customer_acceptance: { accepted_at: number; type: 'online'; online: { ip_address: string; user_agent: string } };
  payment_method: string;
  payment_method_details: { type: string; us_bank_account?: { collection_method: null } };
  status: 'active' | 'inactive' | 'pending';
  type: 'multi_use';
  multi_use: Record<string, never>;
  livemode: false;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  created: number;
  paid: boolean;
  /** an ACH debit is `pending` until it settles (ach.ts) */
  status: 'succeeded' | 'pending' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } } | { type: 'us_bank_account'; us_bank_account: BankAccountDetails };
  billing_details: { name: string | null; email: string | null; address: { postal_code: string | null } };
  metadata: Record<string, string>;
  livemode: false;
}

/** A new charge of `intent` by `pm`, nothing refunded yet: `made` is its id, how it stands and what paid it. */
export const chargeOf = (intent: PaymentIntent, pm: PaymentMethod, made: Pick<Charge, 'id' | 'paid' | 'status' | 'payment_method_details' | 'billing_details'>): Charge => ({
  id: made.id,
  object: 'charge',
  amount: intent.amount,
  amount_refunded: 0,
  refunded: false,
  currency: intent.currency,
  created: nowSeconds(),
  paid: made.paid,
  status: made.status,
  failure_code: null,
  failure_message: null,
  customer: intent.customer,
  payment_intent: intent.id,
  payment_method: pm.id,
  payment_method_details: made.payment_method_details,
  billing_details: made.billing_details,
  metadata: { ...intent.metadata },
  livemode: false,
});

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  created: number;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  data: { object: unknown };
}

export interface Reply {
  status: number;
  body: unknown;
  /** a non-JSON answer (the sandbox's 3D Secure page): written as is with this content type */
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * Stripe's error body (https://docs.stripe.com/api/errors): `type`, `message` and, where they
 * apply, `code`, `param`, `decline_code` and the `payment_intent` the request involved. An error
 * with a code also carries its `doc_url` (https://stripe.com/docs/error-codes/<code with dashes>),
 * as Stripe's answers do.
 */
export function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}): Reply {
  const code = typeof extra.code === 'string' ? extra.code : undefined;
  const docUrl = code ? { doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {};
  return { status, body: { error: { type, message, ...extra, ...docUrl } } };
}

/** "No such payment_intent: 'pi_x'" (404 resource_missing), Stripe's answer for an unknown id. */
const INTENT_NAMES = { payment_intent: 'PaymentIntent', setup_intent: 'SetupIntent' } as const;
/** How Stripe's messages name the intent: PaymentIntent or SetupIntent. */
export const intentName = (intent: PaymentIntent | SetupIntent) => INTENT_NAMES[intent.object];

/** Stripe's 400 for an operation the intent's status does not allow; the intent rides along (https://docs.stripe.com/api/errors). */
export const unexpectedState = (intent: PaymentIntent | SetupIntent, message: string): Reply =>
  stripeError(400, 'invalid_request_error', message, { code: `${intent.object}_unexpected_state`, [intent.object]: structuredClone(intent) });

/** unexpectedState for a confirm or cancel from a status not in `allowed`, in Stripe's words, naming those statuses. */
export function statusRefusal(intent: PaymentIntent | SetupIntent, operation: 'confirm' | 'cancel', allowed: readonly string[]): Reply {
  const kind = intentName(intent);
  const done = operation === 'confirm' ? 'confirmed' : 'canceled';
  return unexpectedState(
    intent,
    `You cannot ${operation} this ${kind} because it has a status of ${intent.status}. Only a ${kind} with one of the following statuses may be ${done}: ${allowed.join(', ')}.`,
  );
}

/**
 * Stripe refuses a payment method of a type the intent does not accept with "The PaymentMethod provided (card_present) is
 * not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: card. Alternatively,
 * update the allowed payment_method_types for this PaymentIntent to include "card_present"" (a real answer, quoted in
 * github.com/stripe/stripe-terminal-react-native/issues/745); a SetupIntent's answer is worded without the last sentence.
 * The code is not quoted there; the sandbox answers payment_intent_invalid_parameter (setup_intent_...) ("One or more
 * provided parameters was not allowed for the given operation on the PaymentIntent", https://docs.stripe.com/error-codes).
 */
export function typeRefusal(intent: PaymentIntent | SetupIntent, type: string): Reply {
  const kind = intentName(intent);
  const alternatively = intent.object === 'payment_intent' ? ` Alternatively, update the allowed payment_method_types for this PaymentIntent to include "${type}"` : '';
  return stripeError(
    400,
    'invalid_request_error',
    `The PaymentMethod provided (${type}) is not allowed for this ${kind}. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(', ')}.${alternatively}`,
    { code: `${intent.object}_invalid_parameter`, param: 'payment_method', [intent.object]: structuredClone(intent) },
  );
}

export const notFound = (kind: string, id: string, param = 'id'): Reply =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

/** A call only a secret key may make, tried with the publishable key. */
export const secretOnly = (): Reply => stripeError(401, 'invalid_request_error', 'This API call cannot be made with a publishable API key. Please use a secret API key.');

/**
 * "You may only specify one of these parameters: a, b." (code parameters_exclusive), Stripe's
 * answer to mutually exclusive parameters.
 */
export const exclusive = (...params: string[]): Reply =>
  stripeError(400, 'invalid_request_error', `You may only specify one of these parameters: ${params.join(', ')}.`, { code: 'parameters_exclusive', param: params[0] });

/** "Invalid cancellation_reason: must be one of a, b, or c", Stripe's wording for an enum value it does not know. */
export function invalidEnum(param: string, allowed: readonly string[]): Reply {
  const list = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')}, or ${allowed[allowed.length - 1]}` : allowed[0];
  return stripeError(400, 'invalid_request_error', `Invalid ${param}: must be one of ${list}`, { param });
}

/** How the sandbox remembers where a stored PaymentMethod came from (never shown in the object). */
export type MethodOrigin = ({ kind: 'card'; testId: string } | { kind: 'bank'; failure: { code: string; message: string } | null }) & { detached?: boolean };
