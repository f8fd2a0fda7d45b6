/**
 * PaymentMethods (https://docs.stripe.com/api/payment_methods):
 *   POST /v1/payment_methods               create a us_bank_account one (publishable or secret key, as Stripe.js)
 *   GET  /v1/payment_methods?customer=&type=   list a customer's (secret key)
 *   GET  /v1/payment_methods/:id           retrieve (secret key)
 *   POST /v1/payment_methods/:id/attach    attach to `customer` (secret key)
 *   POST /v1/payment_methods/:id/detach    detach (secret key)
 * Stripe's test ids (pm_card_visa, ... in test-cards.ts) stay usable as they are; used with a customer
 * they resolve to a new pm_ object cloned from the test card, as Stripe does ("pm_card_visa" names a
 * test card, not an object). A detached PaymentMethod "may not be used again".
 */
import type { SandboxContext, SandboxRequest } from './context.js';
import { formObject, formString, type FormObject } from './form.js';
import { listPage, parseListParams } from './lists.js';
import { notFound, nowSeconds, secretOnly, stripeError, stripeId, type PaymentMethod, type Reply } from './objects.js';
import { TEST_BANK_ACCOUNTS, TEST_PAYMENT_METHODS, type CardOutcome } from './test-cards.js';

/** Facts copied from Stripe's answers (see the references at each use). */
const REUSE_AFTER_DETACH =
  'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.';
const ATTACH_AFTER_DETACH = 'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.';
const DETACH_UNATTACHED = 'The payment method you provided is not attached to a customer so detachment is impossible.';

const origins = (ctx: SandboxContext) => ctx.state.methodOrigins;

const emptyBilling = (): PaymentMethod['billing_details'] => ({
  name: null,
  email: null,
  phone: null,
  address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
});

function billingFrom(form: FormObject): PaymentMethod['billing_details'] {
  const billing = emptyBilling();
  const given = formObject(form, 'billing_details');
  billing.name = formString(given, 'name') ?? null;
  billing.email = formString(given, 'email') ?? null;
  billing.phone = formString(given, 'phone') ?? null;
  for (const [key, value] of Object.entries(formObject(given, 'address'))) if (typeof value === 'string') billing.address[key] = value;
  return billing;
}

/** The test card's PaymentMethod object, under its test id (what a customer-less confirm uses). */
export function testCardMethod(testId: string, outcome: CardOutcome, id = testId): PaymentMethod {
  const year = new Date(nowSeconds() * 1000).getUTCFullYear();
  return {
    id,
    object: 'payment_method',
    type: 'card',
    created: nowSeconds(),
    customer: null,
    billing_details: emptyBilling(),
    card: { brand: outcome.brand, last4: outcome.last4, exp_month: 12, exp_year: year + 3, funding: 'credit', country: 'US' },
    metadata: {},
    livemode: false,
  };
}

/** A stored clone of a test card (pm_card_visa -> pm_...). */
function cloneTestCard(ctx: SandboxContext, testId: string, outcome: CardOutcome): PaymentMethod {
  const pm = testCardMethod(testId, outcome, stripeId('pm'));
  ctx.state.paymentMethods[pm.id] = pm;
  origins(ctx)[pm.id] = { kind: 'card', testId };
  return pm;
}

/**
 * A us_bank_account PaymentMethod from `type=us_bank_account&us_bank_account[...]&billing_details[name]`
 * (https://docs.stripe.com/api/payment_methods/create#create_payment_method-us_bank_account; "ACH
 * Direct Debit requires billing_details[name]", https://docs.stripe.com/payments/ach-direct-debit/accept-a-payment).
 * The account number picks the test outcome (test-cards.ts) and is kept only as its last 4 digits.
 */
export function createBankMethod(ctx: SandboxContext, form: FormObject): { ok: true; pm: PaymentMethod } | { ok: false; reply: Reply } {
  const type = formString(form, 'type');
  if (type !== 'us_bank_account') {
    // card numbers never reach the sandbox: cards come from Stripe's test ids
    return {
      ok: false,
      reply: stripeError(
        400,
        'invalid_request_error',
        `The sandbox creates us_bank_account PaymentMethods only; use a test card id such as pm_card_visa (type was ${type ?? 'missing'}).`,
        {
          param: 'type',
        },
      ),
    };
  }
  const bank = formObject(form, 'us_bank_account');
  const routing = formString(bank, 'routing_number') ?? '';
  const account = formString(bank, 'account_number') ?? '';
  const billing = billingFrom(form);
  const missing = (param: string) => ({
    ok: false as const,
    reply: stripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, { code: 'parameter_missing', param }),
  });
  if (!billing.name) return missing('billing_details[name]');
  if (!routing) return missing('us_bank_account[routing_number]');
  if (!account) return missing('us_bank_account[account_number]');
  if (!/^\d{9}$/.test(routing)) {
    return {
      ok: false,
      reply: stripeError(400, 'invalid_request_error', 'Routing number must have 9 digits', { code: 'routing_number_invalid', param: 'us_bank_account[routing_number]' }),
    };
  }
  if (!/^\d{4,17}$/.test(account)) {
    return { ok: false, reply: stripeError(400, 'invalid_request_error', 'Invalid account number', { code: 'account_number_invalid', param: 'us_bank_account[account_number]' }) };
  }
  const holder = formString(bank, 'account_holder_type') === 'company' ? 'company' : 'individual';
  const pm: PaymentMethod = {
    id: stripeId('pm'),
    object: 'payment_method',
    type: 'us_bank_account',
    created: nowSeconds(),
    customer: null,
    billing_details: billing,
    us_bank_account: {
      bank_name: 'STRIPE TEST BANK',
      last4: account.slice(-4),
      routing_number: routing,
      account_holder_type: holder,
      account_type: formString(bank, 'account_type') === 'savings' ? 'savings' : 'checking',
    },
    metadata: formObject(form, 'metadata') as Record<string, string>,
    livemode: false,
  };
  ctx.state.paymentMethods[pm.id] = pm;
  origins(ctx)[pm.id] = { kind: 'bank', failure: TEST_BANK_ACCOUNTS[account] ?? null };
  return { ok: true, pm };
}

/** What paying with a PaymentMethod does: a test card's outcome, or a bank account's. */
export type Usable =
  { pm: PaymentMethod; card: CardOutcome; bank?: undefined } | { pm: PaymentMethod; bank: { failure: { code: string; message: string } | null }; card?: undefined };

/**
 * The PaymentMethod `id` names, for use by an intent of `customer` (or none). A test id is used as is
 * without a customer (the sandbox's behaviour before customers existed) and cloned with one. Refused
 * as Stripe refuses them: an unknown id (resource_missing), a detached one, and one attached to
 * another customer (the wording of that last refusal is the sandbox's own).
 */
export function resolveMethod(ctx: SandboxContext, id: string, customer: string | null, param = 'payment_method'): { ok: true; use: Usable } | { ok: false; reply: Reply } {
  const test = TEST_PAYMENT_METHODS[id];
  if (test) return { ok: true, use: { pm: customer ? cloneTestCard(ctx, id, test) : testCardMethod(id, test), card: test } };
  const pm = ctx.state.paymentMethods[id];
  const origin = origins(ctx)[id];
  if (!pm || !origin) return { ok: false, reply: stripeError(400, 'invalid_request_error', `No such PaymentMethod: '${id}'`, { code: 'resource_missing', param }) };
  if (origin.detached) return { ok: false, reply: stripeError(400, 'invalid_request_error', REUSE_AFTER_DETACH, { param }) };
  if (pm.customer !== null && pm.customer !== customer) {
    return {
      ok: false,
      reply: stripeError(
        400,
        'invalid_request_error',
        customer
          ? `The provided PaymentMethod ${id} is attached to another Customer than ${customer}.`
          : `The provided PaymentMethod ${id} is attached to a Customer: pass that customer with it.`,
        { param },
      ),
    };
  }
  if (origin.kind === 'card') return { ok: true, use: { pm, card: TEST_PAYMENT_METHODS[origin.testId] } };
  return { ok: true, use: { pm, bank: { failure: origin.failure } } };
}

/**
 * The payment method a confirm of an intent (or a SetupIntent) of `customer` uses: `payment_method`, a bank account
 * made from `payment_method_data`, or else the one the intent already has (`current`).
 */
export function confirmingMethod(ctx: SandboxContext, form: FormObject, customer: string | null, current: string | null): { ok: true; use: Usable } | { ok: false; reply: Reply } {
  const given = formString(form, 'payment_method');
  const data = formObject(form, 'payment_method_data');
  if (!given && formString(data, 'type') === 'us_bank_account') {
    const made = createBankMethod(ctx, data);
    if (!made.ok) return made;
    return resolveMethod(ctx, made.pm.id, customer);
  }
  return resolveMethod(ctx, given ?? current ?? '', customer);
}

/** Attaches `pm` to `customer` (event payment_method.attached), when it is a stored one not yet attached. */
export function attachTo(ctx: SandboxContext, pm: PaymentMethod, customer: string): void {
  if (pm.customer === customer || !ctx.state.paymentMethods[pm.id]) return;
  pm.customer = customer;
  ctx.emit('payment_method.attached', pm);
}

function attach(ctx: SandboxContext, id: string, form: FormObject): Reply {
  const customer = formString(form, 'customer');
  if (!customer) return stripeError(400, 'invalid_request_error', 'Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
  if (!ctx.state.customers[customer]) return notFound('customer', customer, 'customer');
  const test = TEST_PAYMENT_METHODS[id];
  const pm = test ? cloneTestCard(ctx, id, test) : ctx.state.paymentMethods[id];
  if (!pm) return notFound('payment_method', id);
  if (origins(ctx)[pm.id]?.detached) return stripeError(400, 'invalid_request_error', ATTACH_AFTER_DETACH, { param: 'payment_method' });
  if (pm.customer !== null && pm.customer !== customer) {
    return stripeError(400, 'invalid_request_error', 'The payment method you provided has already been attached to a customer.', { param: 'payment_method' });
  }
  attachTo(ctx, pm, customer);
  return { status: 200, body: pm };
}

/** Detach: customer null, event payment_method.detached, and the customer's default cleared. */
function detach(ctx: SandboxContext, id: string): Reply {
  const pm = ctx.state.paymentMethods[id];
  if (!pm) return notFound('payment_method', id);
  if (pm.customer === null) return stripeError(400, 'invalid_request_error', DETACH_UNATTACHED, { param: 'payment_method' });
  const owner = ctx.state.customers[pm.customer];
  if (owner?.invoice_settings.default_payment_method === id) owner.invoice_settings.default_payment_method = null;
  pm.customer = null;
  const origin = origins(ctx)[id];
  if (origin) origin.detached = true;
  ctx.emit('payment_method.detached', pm);
  return { status: 200, body: pm };
}

export function paymentMethodsRoute(ctx: SandboxContext, req: SandboxRequest): Reply | undefined {
  const [, id, action, extra] = req.segments;
  if (extra !== undefined) return undefined;
  if (!id && req.method === 'POST') {
    const made = createBankMethod(ctx, req.form);
    return made.ok ? { status: 200, body: made.pm } : made.reply;
  }
  if (req.caller !== 'secret') return secretOnly();
  if (!id && req.method === 'GET') {
    const customer = formString(req.query, 'customer');
    const type = formString(req.query, 'type');
    const parsed = parseListParams(req.query);
    if (!parsed.ok) return parsed.reply;
    return listPage(Object.values(ctx.state.paymentMethods), parsed.params, {
      url: '/v1/payment_methods',
      kind: 'payment_method',
      filter: (pm) => (customer === undefined || pm.customer === customer) && (type === undefined || pm.type === type),
    });
  }
  if (!id) return undefined;
  if (!action && req.method === 'GET') {
    const test = TEST_PAYMENT_METHODS[id];
    if (test) return { status: 200, body: testCardMethod(id, test) };
    return ctx.state.paymentMethods[id] ? { status: 200, body: ctx.state.paymentMethods[id] } : notFound('payment_method', id);
  }
  if (req.method !== 'POST') return undefined;
  if (action === 'attach') return attach(ctx, id, req.form);
  if (action === 'detach') return detach(ctx, id);
  return undefined;
}
