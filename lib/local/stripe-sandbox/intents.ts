/**
 * PaymentIntents (https://docs.stripe.com/api/payment_intents):
 *   POST /v1/payment_intents               create (secret key)
 *   GET  /v1/payment_intents               list, newest first; filter `created` (secret key)
 *   GET  /v1/payment_intents/:id           retrieve (secret key, or publishable key + client_secret)
 *   POST /v1/payment_intents/:id/confirm   confirm with a test payment method (as Stripe.js does)
 *   POST /v1/payment_intents/:id/cancel    cancel, optional cancellation_reason (secret key)
 */
import type { SandboxContext, SandboxRequest } from './context.js';
import { formHas, formList, formObject, formString, type FormObject } from './form.js';
import { listPage, parseListParams } from './lists.js';
import { CANCELLATION_REASONS, exclusive, invalidEnum, notFound, nowSeconds, secretOnly, stripeError, stripeId, type Charge, type PaymentIntent, type Reply } from './objects.js';
import { TEST_PAYMENT_METHODS } from './test-cards.js';
import { ALLOWED_TYPES_SINCE, isAtLeast, NO_PAYMENT_METHOD_TYPES_SINCE } from './versions.js';

/**
 * The payment method types the sandbox account has turned on "in the Dashboard": cards only, the one
 * type it has test payment methods for (test-cards.ts).
 */
export const SANDBOX_ENABLED_TYPES = ['card'] as const;

/**
 * Statuses a PaymentIntent can be canceled from, in the order Stripe's error lists them ("You can
 * cancel a PaymentIntent object when it's in one of these statuses: requires_payment_method,
 * requires_capture, requires_confirmation, requires_action or, in rare cases, processing",
 * https://docs.stripe.com/api/payment_intents/cancel; the error text as Stripe answers it today also
 * names requires_reauthorization).
 */
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_reauthorization', 'requires_confirmation', 'requires_action', 'processing'];
/** Statuses a PaymentIntent can be confirmed from, as Stripe's error lists them. */
const CONFIRMABLE = ['requires_confirmation', 'requires_payment_method', 'requires_action'];

/** Stripe's 400 for an operation the intent's status does not allow; the intent rides along (https://docs.stripe.com/api/errors). */
const unexpectedState = (intent: PaymentIntent, message: string): Reply =>
  stripeError(400, 'invalid_request_error', message, { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) });

/**
 * Which payment method types the new intent accepts, from the parameters and the request's API version:
 *  - `payment_method_types[]` is honoured as given (automatic_payment_methods null), up to 2026-09-30.endive,
 *    which refuses it with code payment_method_types_no_longer_supported (versions.ts);
 *  - `allowed_payment_method_types[]` (2026-07-29.dahlia and later) "silently filters out incompatible
 *    methods" and reflects the rest in payment_method_types
 *    (https://docs.stripe.com/changelog/dahlia/2026-07-29/allowed-payment-method-types-parameter); it is
 *    "mutually exclusive with payment_method_types, excluded_payment_method_types, automatic_payment_methods";
 *  - with neither, since 2023-08-16 `automatic_payment_methods` is enabled by default and the types are
 *    the ones turned on in the Dashboard; before, the default was cards only
 *    (https://docs.stripe.com/changelog/2023-08-16/automatic-payment-methods,
 *    https://docs.stripe.com/upgrades/manage-payment-methods);
 *  - automatic_payment_methods and payment_method_types together are refused ("You may only specify one
 *    of these parameters: automatic_payment_methods, payment_method_types.").
 */
function paymentMethodSettings(
  form: FormObject,
  apiVersion: string,
): { ok: true; types: string[]; automatic: PaymentIntent['automatic_payment_methods'] } | { ok: false; reply: Reply } {
  const types = formList(form, 'payment_method_types');
  const allowed = formList(form, 'allowed_payment_method_types');
  const automaticGiven = formHas(form, 'automatic_payment_methods');
  const automatic = formObject(form, 'automatic_payment_methods');

  if (types !== undefined && isAtLeast(apiVersion, NO_PAYMENT_METHOD_TYPES_SINCE)) {
    // the code is Stripe's (see versions.ts); the wording is the sandbox's own
    return {
      ok: false,
      reply: stripeError(
        400,
        'invalid_request_error',
        `payment_method_types is no longer supported on API version ${apiVersion}: use automatic_payment_methods (the default), allowed_payment_method_types or excluded_payment_method_types.`,
        { code: 'payment_method_types_no_longer_supported', param: 'payment_method_types' },
      ),
    };
  }
  if (allowed !== undefined && !isAtLeast(apiVersion, ALLOWED_TYPES_SINCE)) {
    return {
      ok: false,
      reply: stripeError(400, 'invalid_request_error', 'Received unknown parameter: allowed_payment_method_types', {
        code: 'parameter_unknown',
        param: 'allowed_payment_method_types',
      }),
    };
  }
  if (allowed !== undefined && types !== undefined) return { ok: false, reply: exclusive('allowed_payment_method_types', 'payment_method_types') };
  if (allowed !== undefined && automaticGiven) return { ok: false, reply: exclusive('allowed_payment_method_types', 'automatic_payment_methods') };
  if (types !== undefined && automaticGiven) return { ok: false, reply: exclusive('automatic_payment_methods', 'payment_method_types') };

  if (types !== undefined) return { ok: true, types, automatic: null };
  if (allowed !== undefined) {
    return { ok: true, types: allowed.filter((type) => (SANDBOX_ENABLED_TYPES as readonly string[]).includes(type)), automatic: null };
  }
  if (automaticGiven && formString(automatic, 'enabled') === 'false') return { ok: true, types: ['card'], automatic: null };
  const allowRedirects = formString(automatic, 'allow_redirects') === 'never' ? 'never' : 'always';
  return { ok: true, types: [...SANDBOX_ENABLED_TYPES], automatic: { enabled: true, allow_redirects: allowRedirects } };
}

export function createIntent(ctx: SandboxContext, req: SandboxRequest): Reply {
  const { form } = req;
  const amount = Number(formString(form, 'amount'));
  const currency = formString(form, 'currency');
  if (!Number.isInteger(amount) || amount < 50) {
    return stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
  }
  if (!currency) return stripeError(400, 'invalid_request_error', 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
  const methods = paymentMethodSettings(form, req.apiVersion);
  if (!methods.ok) return methods.reply;

  const id = stripeId('pi');
  const intent: PaymentIntent = {
    id,
    object: 'payment_intent',
    amount,
    amount_received: 0,
    currency,
    status: 'requires_payment_method',
    automatic_payment_methods: methods.automatic,
    canceled_at: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${stripeId('s').slice(2)}`,
    created: nowSeconds(),
    description: formString(form, 'description') ?? null,
    metadata: formObject(form, 'metadata') as Record<string, string>,
    payment_method: null,
    payment_method_types: methods.types,
    latest_charge: null,
    last_payment_error: null,
    receipt_email: formString(form, 'receipt_email') ?? null,
    livemode: false,
  };
  ctx.state.intents[id] = intent;
  return { status: 200, body: intent };
}

export function confirmIntent(ctx: SandboxContext, intent: PaymentIntent, req: SandboxRequest): Reply {
  const { form } = req;
  if (req.caller === 'publishable' && formString(form, 'client_secret') !== intent.client_secret) {
    return stripeError(400, 'invalid_request_error', 'The client_secret provided does not match any associated PaymentIntent on this account.', { param: 'client_secret' });
  }
  if (intent.status === 'succeeded') {
    return unexpectedState(intent, 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
  }
  if (!CONFIRMABLE.includes(intent.status)) {
    return unexpectedState(
      intent,
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
    );
  }
  const methodId = formString(form, 'payment_method') ?? '';
  const outcome = TEST_PAYMENT_METHODS[methodId];
  if (!outcome) return stripeError(400, 'invalid_request_error', `No such PaymentMethod: '${methodId}'`, { code: 'resource_missing', param: 'payment_method' });
  // Every sandbox test payment method is a card. Stripe refuses a type the intent does not accept with
  // "The PaymentMethod provided (card_present) is not allowed for this PaymentIntent. Please attach a
  // PaymentMethod of one of the following types: card. Alternatively, update the allowed
  // payment_method_types for this PaymentIntent to include "card_present"" (a real answer, quoted in
  // github.com/stripe/stripe-terminal-react-native/issues/745). Its code is not quoted there; the sandbox
  // answers payment_intent_invalid_parameter ("One or more provided parameters was not allowed for the
  // given operation on the PaymentIntent", https://docs.stripe.com/error-codes).
  if (!intent.payment_method_types.includes('card')) {
    return stripeError(
      400,
      'invalid_request_error',
      `The PaymentMethod provided (card) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(', ')}. Alternatively, update the allowed payment_method_types for this PaymentIntent to include "card"`,
      { code: 'payment_intent_invalid_parameter', param: 'payment_method', payment_intent: structuredClone(intent) },
    );
  }
  intent.payment_method = methodId;
  if (!outcome.ok) {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode, message: outcome.message };
    ctx.emit('payment_intent.payment_failed', intent);
    return stripeError(402, 'card_error', outcome.message, { code: outcome.code, decline_code: outcome.declineCode, payment_intent: structuredClone(intent) });
  }
  const billing = formObject(formObject(form, 'payment_method_data'), 'billing_details');
  const charge: Charge = {
    id: stripeId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_refunded: 0,
    refunded: false,
    currency: intent.currency,
    created: nowSeconds(),
    paid: true,
    status: 'succeeded',
    payment_intent: intent.id,
    payment_method: methodId,
    payment_method_details: { type: 'card', card: { brand: outcome.brand, last4: outcome.last4 } },
    billing_details: {
      name: formString(billing, 'name') ?? null,
      email: formString(billing, 'email') ?? null,
      address: { postal_code: formString(formObject(billing, 'address'), 'postal_code') ?? null },
    },
    metadata: { ...intent.metadata },
    livemode: false,
  };
  ctx.state.charges[charge.id] = charge;
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
  ctx.emit('payment_intent.succeeded', intent);
  return { status: 200, body: intent };
}

/**
 * Cancels: status `canceled`, `canceled_at`, the optional `cancellation_reason` (duplicate, fraudulent,
 * requested_by_customer or abandoned), and a `payment_intent.canceled` event ("Occurs when a
 * PaymentIntent is canceled", https://docs.stripe.com/api/events/types). From any other status Stripe
 * answers payment_intent_unexpected_state, worded as below.
 */
export function cancelIntent(ctx: SandboxContext, intent: PaymentIntent, req: SandboxRequest): Reply {
  const reason = formString(req.form, 'cancellation_reason');
  if (reason !== undefined && !(CANCELLATION_REASONS as readonly string[]).includes(reason)) return invalidEnum('cancellation_reason', CANCELLATION_REASONS);
  if (!CANCELABLE.includes(intent.status)) {
    return unexpectedState(
      intent,
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
    );
  }
  Object.assign(intent, { status: 'canceled', canceled_at: nowSeconds(), cancellation_reason: reason ?? null });
  ctx.emit('payment_intent.canceled', intent);
  return { status: 200, body: intent };
}

export function paymentIntentsRoute(ctx: SandboxContext, req: SandboxRequest): Reply | undefined {
  const [, id, action, extra] = req.segments;
  const { method, caller } = req;
  if (extra !== undefined) return undefined;
  if (!id) {
    if (method === 'POST') return caller === 'secret' ? createIntent(ctx, req) : secretOnly();
    if (method === 'GET') {
      if (caller !== 'secret') return secretOnly();
      const parsed = parseListParams(req.query);
      if (!parsed.ok) return parsed.reply;
      return listPage(Object.values(ctx.state.intents), parsed.params, { url: '/v1/payment_intents', kind: 'payment_intent' });
    }
    return undefined;
  }
  const intent = ctx.state.intents[id];
  if (!action && method === 'GET') {
    if (!intent) return notFound('payment_intent', id);
    if (caller === 'publishable' && formString(req.query, 'client_secret') !== intent.client_secret) return notFound('payment_intent', intent.id);
    return { status: 200, body: intent };
  }
  if (method !== 'POST' || (action !== 'confirm' && action !== 'cancel')) return undefined;
  if (action === 'cancel' && caller !== 'secret') return secretOnly();
  if (!intent) return notFound('payment_intent', id);
  return action === 'confirm' ? confirmIntent(ctx, intent, req) : cancelIntent(ctx, intent, req);
}
