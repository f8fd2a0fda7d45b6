/**
 * PaymentIntents (https://docs.stripe.com/api/payment_intents):
 *   POST /v1/payment_intents               create (secret key)
 *   GET  /v1/payment_intents               list, newest first; filter `created` (secret key)
 *   GET  /v1/payment_intents/:id           retrieve (secret key, or publishable key + client_secret)
 *   POST /v1/payment_intents/:id/confirm   confirm with a test payment method (as Stripe.js does)
 *   POST /v1/payment_intents/:id/cancel    cancel, optional cancellation_reason (secret key)
 * Off-session payments (https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method):
 * create takes `customer`, `payment_method`, `setup_future_usage`, `confirm=true` (confirmed in the same
 * request, its 402 carrying the intent like confirm's), `off_session`, `mandate` / `mandate_data` and
 * `return_url`. A card that always needs its holder fails off-session with authentication_required and
 * answers requires_action on session (authentication.ts); a us_bank_account payment is processing
 * until it settles (ach.ts).
 */
import { startDebit } from './ach.js';
import { redirectAction } from './authentication.js';
import type { SandboxContext, SandboxRequest } from './context.js';
import { formHas, formList, formObject, formString, type FormObject } from './form.js';
import { listPage, parseListParams } from './lists.js';
import { activeMandateFor, createMandate } from './mandates.js';
import {
  CANCELLATION_REASONS,
  chargeOf,
  exclusive,
  intentName,
  invalidEnum,
  notFound,
  nowSeconds,
  secretOnly,
  statusRefusal,
  stripeError,
  stripeId,
  typeRefusal,
  unexpectedState,
  type PaymentIntent,
  type PaymentMethod,
  type Reply,
  type SetupIntent,
} from './objects.js';
import { attachTo, confirmingMethod, resolveMethod, type Usable } from './payment-methods.js';
import { AUTHENTICATION_REQUIRED, type CardOutcome } from './test-cards.js';
import { ALLOWED_TYPES_SINCE, isAtLeast, NO_PAYMENT_METHOD_TYPES_SINCE } from './versions.js';

/**
 * The payment method types the sandbox account has turned on "in the Dashboard": cards, the type it
 * has test cards for (test-cards.ts). ACH Direct Debit is turned on too, but (a sandbox rule, not
 * Stripe's) offered only to intents that name a `customer`: bank debits in the portal are payment-plan
 * autopay for a saved customer, and customer-less intents keep answering cards only as they always did.
 */
export const SANDBOX_ENABLED_TYPES = ['card'] as const;
export const CUSTOMER_ENABLED_TYPES = ['card', 'us_bank_account'] as const;
export const enabledTypes = (customer: string | null | undefined): readonly string[] => (customer ? CUSTOMER_ENABLED_TYPES : SANDBOX_ENABLED_TYPES);

/** https://docs.stripe.com/api/payment_intents/create#create_payment_intent-setup_future_usage */
export const FUTURE_USAGES = ['off_session', 'on_session'] as const;

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
export function paymentMethodSettings(
  form: FormObject,
  apiVersion: string,
  enabled: readonly string[] = SANDBOX_ENABLED_TYPES,
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
    return { ok: true, types: allowed.filter((type) => enabled.includes(type)), automatic: null };
  }
  if (automaticGiven && formString(automatic, 'enabled') === 'false') return { ok: true, types: ['card'], automatic: null };
  const allowRedirects = formString(automatic, 'allow_redirects') === 'never' ? 'never' : 'always';
  return { ok: true, types: [...enabled], automatic: { enabled: true, allow_redirects: allowRedirects } };
}

export function createIntent(ctx: SandboxContext, req: SandboxRequest): Reply {
  const { form } = req;
  const amount = Number(formString(form, 'amount'));
  const currency = formString(form, 'currency');
  if (!Number.isInteger(amount) || amount < 50) {
    return stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
  }
  if (!currency) return stripeError(400, 'invalid_request_error', 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
  const customer = formString(form, 'customer') || null;
  if (customer && !ctx.state.customers[customer]) return notFound('customer', customer, 'customer');
  const futureUsage = formString(form, 'setup_future_usage');
  if (futureUsage !== undefined && !(FUTURE_USAGES as readonly string[]).includes(futureUsage)) return invalidEnum('setup_future_usage', FUTURE_USAGES);
  const confirm = formString(form, 'confirm') === 'true';
  // "This parameter can only be used with confirm=true" (https://docs.stripe.com/api/payment_intents/create#create_payment_intent-off_session); the wording is the sandbox's
  if (isOffSession(form) && !confirm) return stripeError(400, 'invalid_request_error', 'off_session can only be used with confirm=true.', { param: 'off_session' });
  const methods = paymentMethodSettings(form, req.apiVersion, enabledTypes(customer));
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
    customer,
    next_action: null,
    setup_future_usage: (futureUsage as PaymentIntent['setup_future_usage']) ?? null,
    livemode: false,
  };
  if (confirm) {
    // confirmed in the same request; a refusal before any attempt (4xx but 402) leaves no intent behind
    ctx.state.intents[id] = intent;
    const reply = confirmIntent(ctx, intent, req);
    if (reply.status >= 400 && reply.status !== 402) delete ctx.state.intents[id];
    return reply;
  }
  const given = formString(form, 'payment_method');
  if (given) {
    const resolved = resolveMethod(ctx, given, customer);
    if (!resolved.ok) return resolved.reply;
    // "requires_confirmation" once it has a payment method (https://docs.stripe.com/payments/paymentintents/lifecycle)
    Object.assign(intent, { payment_method: resolved.use.pm.id, status: 'requires_confirmation' });
  }
  ctx.state.intents[id] = intent;
  return { status: 200, body: intent };
}

/** `off_session`: true, or one_off / recurring (https://docs.stripe.com/api/payment_intents/confirm#confirm_payment_intent-off_session). */
const isOffSession = (form: FormObject): boolean => ['true', 'one_off', 'recurring'].includes(formString(form, 'off_session') ?? '');

/** A card error the intent answers with (402 card_error, the intent and payment method riding along), after its event. */
function cardRefusal(ctx: SandboxContext, intent: PaymentIntent, pm: PaymentMethod, failure: { code: string; declineCode: string; message: string }): Reply {
  Object.assign(intent, {
    status: 'requires_payment_method',
    next_action: null,
    last_payment_error: { type: 'card_error', code: failure.code, decline_code: failure.declineCode, message: failure.message, payment_method: structuredClone(pm) },
  });
  ctx.emit('payment_intent.payment_failed', intent);
  return stripeError(402, 'card_error', failure.message, {
    code: failure.code,
    decline_code: failure.declineCode,
    payment_intent: structuredClone(intent),
    payment_method: structuredClone(pm),
  });
}

/** The card is charged: a succeeded charge, the intent succeeded, the method saved when asked (setup_future_usage). */
function chargeCard(ctx: SandboxContext, intent: PaymentIntent, pm: PaymentMethod, card: CardOutcome, billingForm: FormObject): Reply {
  const billing = formObject(billingForm, 'billing_details');
  const charge = chargeOf(intent, pm, {
    id: stripeId('ch'),
    paid: true,
    status: 'succeeded',
    payment_method_details: { type: 'card', card: { brand: card.brand, last4: card.last4 } },
    billing_details: {
      name: formString(billing, 'name') ?? null,
      email: formString(billing, 'email') ?? null,
      address: { postal_code: formString(formObject(billing, 'address'), 'postal_code') ?? null },
    },
  });
  ctx.state.charges[charge.id] = charge;
  if (intent.customer && intent.setup_future_usage) attachTo(ctx, pm, intent.customer);
  Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null, next_action: null });
  ctx.emit('payment_intent.succeeded', intent);
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
  if (!CONFIRMABLE.includes(intent.status)) return statusRefusal(intent, 'confirm', CONFIRMABLE);
  const resolved = confirmingMethod(ctx, form, intent.customer, intent.payment_method);
  if (!resolved.ok) return resolved.reply;
  const { pm } = resolved.use;
  if (!intent.payment_method_types.includes(pm.type)) return typeRefusal(intent, pm.type);
  if (resolved.use.bank) return debitBank(ctx, intent, req, pm, resolved.use.bank.failure);
  const card = resolved.use.card;
  intent.payment_method = pm.id;
  if (!card.ok) return cardRefusal(ctx, intent, pm, card);
  if (card.authentication === 'always') {
    // off session nobody can authenticate: Stripe declines (https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method)
    if (isOffSession(form)) return cardRefusal(ctx, intent, pm, AUTHENTICATION_REQUIRED);
    Object.assign(intent, { status: 'requires_action', next_action: redirectAction(req.origin, SANDBOX_PATH, intent.id, formString(form, 'return_url') ?? null) });
    ctx.emit('payment_intent.requires_action', intent);
    return { status: 200, body: intent };
  }
  return chargeCard(ctx, intent, pm, card, formObject(form, 'payment_method_data'));
}

/** Where the sandbox is mounted (server.ts SANDBOX_PREFIX; repeated here to keep the modules acyclic). */
const SANDBOX_PATH = '/local/stripe';

/**
 * A us_bank_account payment needs a mandate: `mandate` (an existing one for this payment method),
 * `mandate_data` (accepted now), or the active one a SetupIntent made for the method
 * (https://docs.stripe.com/payments/ach-direct-debit/set-up-payment#web-accept-mandate). Then the debit starts (ach.ts).
 */
function debitBank(ctx: SandboxContext, intent: PaymentIntent, req: SandboxRequest, pm: PaymentMethod, failure: { code: string; message: string } | null): Reply {
  const { form } = req;
  const mandateId = formString(form, 'mandate');
  if (mandateId) {
    const mandate = ctx.state.mandates[mandateId];
    if (!mandate || mandate.payment_method !== pm.id) return notFound('mandate', mandateId, 'mandate');
  } else if (formHas(form, 'mandate_data')) {
    const made = createMandate(ctx, req, form, pm);
    if (!made.ok) return made.reply;
  } else if (!activeMandateFor(ctx, pm.id)) {
    return stripeError(400, 'invalid_request_error', 'A mandate is required to debit this us_bank_account PaymentMethod: pass mandate or mandate_data.', {
      code: 'parameter_missing',
      param: 'mandate_data',
    });
  }
  intent.payment_method = pm.id;
  if (intent.customer && intent.setup_future_usage) attachTo(ctx, pm, intent.customer);
  startDebit(ctx, intent, pm, failure);
  return { status: 200, body: intent };
}

/**
 * The 3D Secure page's answer (authentication.ts): `complete` charges the card as confirm would;
 * `fail` puts the intent back to requires_payment_method with Stripe's
 * payment_intent_authentication_failure (https://docs.stripe.com/error-codes#payment-intent-authentication-failure).
 */
export function finishIntentAuthentication(ctx: SandboxContext, intent: PaymentIntent, outcome: 'complete' | 'fail'): Reply {
  const resolved = awaitingAuthentication(ctx, intent);
  if (!resolved.ok) return resolved.reply;
  const { pm, card } = resolved.use;
  if (outcome === 'complete' && card) return chargeCard(ctx, intent, pm, card, {});
  Object.assign(intent, {
    status: 'requires_payment_method',
    next_action: null,
    last_payment_error: {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message: 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      payment_method: structuredClone(pm),
    },
  });
  ctx.emit('payment_intent.payment_failed', intent);
  return { status: 200, body: intent };
}

/** The payment method of an intent (or SetupIntent) waiting for its holder on the 3D Secure page; else Stripe's unexpected state. */
export function awaitingAuthentication(ctx: SandboxContext, intent: PaymentIntent | SetupIntent): { ok: true; use: Usable } | { ok: false; reply: Reply } {
  if (intent.status !== 'requires_action' || intent.next_action?.type !== 'redirect_to_url') {
    return { ok: false, reply: unexpectedState(intent, `This ${intentName(intent)} is not awaiting authentication: its status is ${intent.status}.`) };
  }
  return resolveMethod(ctx, intent.payment_method ?? '', intent.customer);
}

/**
 * Cancels an intent (or SetupIntent) from a status in `cancelable`: status `canceled`, the optional `cancellation_reason`
 * (one of `reasons`), `changes`, and the event <object>.canceled. From any other status Stripe answers
 * <object>_unexpected_state (statusRefusal).
 */
export function cancelWith<T extends PaymentIntent | SetupIntent>(
  ctx: SandboxContext,
  intent: T,
  form: FormObject,
  { reasons, cancelable, changes }: { reasons: readonly string[]; cancelable: readonly string[]; changes: Partial<T> },
): Reply {
  const reason = formString(form, 'cancellation_reason');
  if (reason !== undefined && !reasons.includes(reason)) return invalidEnum('cancellation_reason', reasons);
  if (!cancelable.includes(intent.status)) return statusRefusal(intent, 'cancel', cancelable);
  Object.assign(intent, { status: 'canceled', cancellation_reason: reason ?? null, ...changes });
  ctx.emit(`${intent.object}.canceled`, intent);
  return { status: 200, body: intent };
}

/**
 * Cancels: status `canceled`, `canceled_at`, the optional `cancellation_reason` (duplicate, fraudulent,
 * requested_by_customer or abandoned), and a `payment_intent.canceled` event ("Occurs when a
 * PaymentIntent is canceled", https://docs.stripe.com/api/events/types). From any other status Stripe
 * answers payment_intent_unexpected_state, worded as in statusRefusal.
 */
export const cancelIntent = (ctx: SandboxContext, intent: PaymentIntent, req: SandboxRequest): Reply =>
  cancelWith(ctx, intent, req.form, { reasons: CANCELLATION_REASONS, cancelable: CANCELABLE, changes: { canceled_at: nowSeconds() } });

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
