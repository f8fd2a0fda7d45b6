/**
 * SetupIntents (https://docs.stripe.com/api/setup_intents): save a payment method for later
 * (off-session) payments.
 *   POST /v1/setup_intents                             create (secret key)
 *   GET  /v1/setup_intents/:id                         retrieve (secret key, or publishable key + client_secret)
 *   POST /v1/setup_intents/:id/confirm                 confirm (secret key, or publishable key + client_secret as Stripe.js)
 *   POST /v1/setup_intents/:id/verify_microdeposits    amounts[] or descriptor_code (same keys as confirm)
 *   POST /v1/setup_intents/:id/cancel                  cancel (secret key)
 * Outcomes: a card succeeds and is attached to the customer (setup_intent.succeeded); a declining
 * test card fails with a 402 card_error carrying the SetupIntent, status requires_payment_method with
 * last_setup_error (setup_intent.setup_failed); the always-authenticate card asks for 3D Secure
 * (requires_action, authentication.ts). A bank account needs a mandate; verification_method
 * microdeposits waits for verify_microdeposits (next_action verify_with_microdeposits), instant and
 * automatic succeed at once (the sandbox has no Financial Connections).
 */
import { nowSeconds } from './clock.js';
import { redirectAction } from './authentication.js';
import type { SandboxContext, SandboxRequest } from './context.js';
import { formList, formObject, formString, type FormObject } from './form.js';
import { awaitingAuthentication, cancelWith, enabledTypes, paymentMethodSettings } from './intents.js';
import { createMandate } from './mandates.js';
import {
  invalidEnum,
  notFound,
  secretOnly,
  statusRefusal,
  stripeError,
  typeRefusal,
  unexpectedState,
  stripeId,
  type PaymentMethod,
  type Reply,
  type SetupIntent,
} from './objects.js';
import { attachTo, confirmingMethod, resolveMethod, type Usable } from './payment-methods.js';

const USAGES = ['off_session', 'on_session'] as const;
const VERIFICATION_METHODS = ['automatic', 'instant', 'microdeposits'] as const;
/** https://docs.stripe.com/api/setup_intents/cancel */
const CANCELLATION_REASONS = ['abandoned', 'requested_by_customer', 'duplicate'] as const;
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
/**
 * Stripe's test microdeposits: amounts 32 and 45 cents, or descriptor code SM11AA, verify the account
 * (https://docs.stripe.com/payments/ach-direct-debit/set-up-payment#test-microdeposit-amounts-and-descriptor-codes);
 * three wrong tries fail the verification
 * (https://docs.stripe.com/payments/ach-direct-debit/accept-a-payment#web-verify-with-microdeposits).
 */
const TEST_AMOUNTS = ['32', '45'];
const TEST_DESCRIPTOR_CODE = 'SM11AA';
const MAX_VERIFICATION_ATTEMPTS = 3;
/** Microdeposits arrive in 1-2 business days (same page); the sandbox says 2 days. */
const MICRODEPOSIT_ARRIVAL_SECONDS = 2 * 24 * 60 * 60;
const SANDBOX_PATH = '/local/stripe';

function createSetupIntent(ctx: SandboxContext, req: SandboxRequest): Reply {
  const { form } = req;
  const customer = formString(form, 'customer') || null;
  if (customer && !ctx.state.customers[customer]) return notFound('customer', customer, 'customer');
  const usage = formString(form, 'usage') ?? 'off_session';
  if (!(USAGES as readonly string[]).includes(usage)) return invalidEnum('usage', USAGES);
  const bankOptions = formObject(formObject(form, 'payment_method_options'), 'us_bank_account');
  const verification = formString(bankOptions, 'verification_method') ?? 'automatic';
  if (!(VERIFICATION_METHODS as readonly string[]).includes(verification)) return invalidEnum('payment_method_options[us_bank_account][verification_method]', VERIFICATION_METHODS);
  const methods = paymentMethodSettings(form, req.apiVersion, enabledTypes(customer));
  if (!methods.ok) return methods.reply;
  const id = stripeId('seti');
  const si: SetupIntent = {
    id,
    object: 'setup_intent',
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${stripeId('s').slice(2)}`,
    created: nowSeconds(),
    customer,
    description: formString(form, 'description') ?? null,
    usage: usage as SetupIntent['usage'],
    payment_method: null,
    payment_method_types: methods.types,
    automatic_payment_methods: methods.automatic,
    payment_method_options: methods.types.includes('us_bank_account') ? { us_bank_account: { verification_method: verification as 'automatic' } } : {},
    mandate: null,
    next_action: null,
    last_setup_error: null,
    cancellation_reason: null,
    metadata: formObject(form, 'metadata') as Record<string, string>,
    livemode: false,
  };
  ctx.state.setupIntents[id] = si;
  ctx.emit('setup_intent.created', si);
  if (formString(form, 'confirm') === 'true') return confirmSetupIntent(ctx, si, req);
  const given = formString(form, 'payment_method');
  if (given) {
    const resolved = resolveMethod(ctx, given, customer);
    if (!resolved.ok) return resolved.reply;
    Object.assign(si, { payment_method: resolved.use.pm.id, status: 'requires_confirmation' });
  }
  return { status: 200, body: si };
}

/** The payment method a confirm uses (confirmingMethod); unlike a PaymentIntent's, a confirm must name one if the SetupIntent has none. */
function methodFor(ctx: SandboxContext, si: SetupIntent, form: FormObject): { ok: true; use: Usable } | { ok: false; reply: Reply } {
  if (!formString(form, 'payment_method') && !si.payment_method && formString(formObject(form, 'payment_method_data'), 'type') !== 'us_bank_account') {
    return {
      ok: false,
      reply: stripeError(400, 'invalid_request_error', 'You cannot confirm this SetupIntent because it has no payment method: pass payment_method or payment_method_data.', {
        code: 'setup_intent_unexpected_state',
        param: 'payment_method',
      }),
    };
  }
  return confirmingMethod(ctx, form, si.customer, si.payment_method);
}

/** Saved: attached to the customer, status succeeded, setup_intent.succeeded. */
function succeed(ctx: SandboxContext, si: SetupIntent, pm: PaymentMethod): Reply {
  if (si.customer) attachTo(ctx, pm, si.customer);
  if (si.mandate && ctx.state.mandates[si.mandate]) ctx.state.mandates[si.mandate].status = 'active';
  Object.assign(si, { status: 'succeeded', next_action: null, last_setup_error: null });
  ctx.emit('setup_intent.succeeded', si);
  return { status: 200, body: si };
}

function fail(ctx: SandboxContext, si: SetupIntent, pm: PaymentMethod, error: { type: string; code: string; decline_code?: string; message: string }): void {
  Object.assign(si, { status: 'requires_payment_method', next_action: null, last_setup_error: { ...error, payment_method: structuredClone(pm) } });
  ctx.emit('setup_intent.setup_failed', si);
}

function confirmSetupIntent(ctx: SandboxContext, si: SetupIntent, req: SandboxRequest): Reply {
  const { form } = req;
  if (req.caller === 'publishable' && formString(form, 'client_secret') !== si.client_secret) {
    return stripeError(400, 'invalid_request_error', 'The client_secret provided does not match any associated SetupIntent on this account.', { param: 'client_secret' });
  }
  if (!CONFIRMABLE.includes(si.status)) return statusRefusal(si, 'confirm', CONFIRMABLE);
  const resolved = methodFor(ctx, si, form);
  if (!resolved.ok) return resolved.reply;
  const { pm } = resolved.use;
  if (!si.payment_method_types.includes(pm.type)) return typeRefusal(si, pm.type);
  si.payment_method = pm.id;
  if (resolved.use.bank) {
    // ACH needs the customer's authorisation: a mandate, pending until microdeposits verify the account
    const microdeposits = si.payment_method_options.us_bank_account?.verification_method === 'microdeposits';
    const made = createMandate(ctx, req, form, pm, microdeposits ? 'pending' : 'active');
    if (!made.ok) return made.reply;
    si.mandate = made.mandate.id;
    if (!microdeposits) return succeed(ctx, si, pm);
    Object.assign(si, {
      status: 'requires_action',
      next_action: {
        type: 'verify_with_microdeposits',
        verify_with_microdeposits: {
          arrival_date: nowSeconds() + MICRODEPOSIT_ARRIVAL_SECONDS,
          hosted_verification_url: `${req.origin}${SANDBOX_PATH}/v1/setup_intents/${si.id}/verify_microdeposits`,
          microdeposit_type: 'amounts',
        },
      },
    });
    ctx.emit('setup_intent.requires_action', si);
    return { status: 200, body: si };
  }
  const card = resolved.use.card;
  if (!card.ok) {
    fail(ctx, si, pm, { type: 'card_error', code: card.code, decline_code: card.declineCode, message: card.message });
    return stripeError(402, 'card_error', card.message, {
      code: card.code,
      decline_code: card.declineCode,
      setup_intent: structuredClone(si),
      payment_method: structuredClone(pm),
    });
  }
  if (card.authentication === 'always') {
    Object.assign(si, { status: 'requires_action', next_action: redirectAction(req.origin, SANDBOX_PATH, si.id, formString(form, 'return_url') ?? null) });
    ctx.emit('setup_intent.requires_action', si);
    return { status: 200, body: si };
  }
  return succeed(ctx, si, pm);
}

/** The 3D Secure page's answer (authentication.ts), as intents.ts finishIntentAuthentication. */
export function finishSetupAuthentication(ctx: SandboxContext, si: SetupIntent, outcome: 'complete' | 'fail'): Reply {
  const resolved = awaitingAuthentication(ctx, si);
  if (!resolved.ok) return resolved.reply;
  if (outcome === 'complete') return succeed(ctx, si, resolved.use.pm);
  fail(ctx, si, resolved.use.pm, {
    type: 'invalid_request_error',
    code: 'setup_intent_authentication_failure',
    message: 'The latest attempt to set up the payment method has failed because authentication failed.',
  });
  return { status: 200, body: si };
}

/**
 * verify_microdeposits (https://docs.stripe.com/api/setup_intents/verify_microdeposits): exactly one of
 * amounts (two integers) or descriptor_code. Wrong values answer Stripe's codes
 * (https://docs.stripe.com/error-codes: payment_method_microdeposit_verification_amounts_mismatch,
 * ..._descriptor_code_mismatch, ..._amounts_invalid, ..._attempts_exceeded).
 */
function verifyMicrodeposits(ctx: SandboxContext, si: SetupIntent, req: SandboxRequest): Reply {
  const { form } = req;
  if (req.caller === 'publishable' && formString(form, 'client_secret') !== si.client_secret) {
    return stripeError(400, 'invalid_request_error', 'The client_secret provided does not match any associated SetupIntent on this account.', { param: 'client_secret' });
  }
  if (si.status !== 'requires_action' || si.next_action?.type !== 'verify_with_microdeposits') {
    return unexpectedState(si, `This SetupIntent is not awaiting microdeposit verification: its status is ${si.status}.`);
  }
  const amounts = formList(form, 'amounts');
  const code = formString(form, 'descriptor_code');
  if ((amounts === undefined) === (code === undefined)) {
    return stripeError(400, 'invalid_request_error', 'You must specify exactly one of these parameters: amounts, descriptor_code.', { param: 'amounts' });
  }
  if (amounts && (amounts.length !== 2 || !amounts.every((a) => /^\d+$/.test(a)))) {
    return stripeError(400, 'invalid_request_error', 'Please provide exactly two microdeposit amounts, in cents.', {
      code: 'payment_method_microdeposit_verification_amounts_invalid',
      param: 'amounts',
    });
  }
  const right = amounts ? amounts.map(Number).join(',') === TEST_AMOUNTS.join(',') : code === TEST_DESCRIPTOR_CODE;
  const pm = ctx.state.paymentMethods[si.payment_method ?? ''];
  if (right && pm) {
    delete ctx.state.microdepositAttempts[si.id];
    return succeed(ctx, si, pm);
  }
  const attempts = (ctx.state.microdepositAttempts[si.id] ?? 0) + 1;
  ctx.state.microdepositAttempts[si.id] = attempts;
  if (attempts >= MAX_VERIFICATION_ATTEMPTS && pm) {
    delete ctx.state.microdepositAttempts[si.id];
    const message = 'You have exceeded the number of allowed verification attempts.';
    fail(ctx, si, pm, { type: 'invalid_request_error', code: 'payment_method_microdeposit_verification_attempts_exceeded', message });
    return stripeError(400, 'invalid_request_error', message, { code: 'payment_method_microdeposit_verification_attempts_exceeded', setup_intent: structuredClone(si) });
  }
  const left = MAX_VERIFICATION_ATTEMPTS - attempts;
  return amounts
    ? stripeError(
        400,
        'invalid_request_error',
        `The amounts provided do not match the amounts that were sent to the bank account. You have ${left} verification attempts remaining.`,
        {
          code: 'payment_method_microdeposit_verification_amounts_mismatch',
          param: 'amounts',
        },
      )
    : stripeError(
        400,
        'invalid_request_error',
        `The verification code provided does not match the code that was sent to the bank account. You have ${left} verification attempts remaining.`,
        {
          code: 'payment_method_microdeposit_verification_descriptor_code_mismatch',
          param: 'descriptor_code',
        },
      );
}

const cancelSetupIntent = (ctx: SandboxContext, si: SetupIntent, form: FormObject): Reply =>
  cancelWith(ctx, si, form, { reasons: CANCELLATION_REASONS, cancelable: CANCELABLE, changes: { next_action: null } });

export function setupIntentsRoute(ctx: SandboxContext, req: SandboxRequest): Reply | undefined {
  const [, id, action, extra] = req.segments;
  const { method, caller } = req;
  if (extra !== undefined) return undefined;
  if (!id) return method === 'POST' ? (caller === 'secret' ? createSetupIntent(ctx, req) : secretOnly()) : undefined;
  const si = ctx.state.setupIntents[id];
  if (!action && method === 'GET') {
    if (!si) return notFound('setup_intent', id);
    if (caller === 'publishable' && formString(req.query, 'client_secret') !== si.client_secret) return notFound('setup_intent', id);
    return { status: 200, body: si };
  }
  if (method !== 'POST' || !action) return undefined;
  if (!['confirm', 'cancel', 'verify_microdeposits'].includes(action)) return undefined;
  if (action === 'cancel' && caller !== 'secret') return secretOnly();
  if (!si) return notFound('setup_intent', id);
  if (action === 'confirm') return confirmSetupIntent(ctx, si, req);
  if (action === 'verify_microdeposits') return verifyMicrodeposits(ctx, si, req);
  return cancelSetupIntent(ctx, si, req.form);
}
