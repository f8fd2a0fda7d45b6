/**
 * Customers (https://docs.stripe.com/api/customers), secret key only:
 *   POST /v1/customers                        create (email, name, description, metadata)
 *   GET  /v1/customers/:id                    retrieve
 *   POST /v1/customers/:id                    update, incl. invoice_settings[default_payment_method]
 *   GET  /v1/customers/:id/payment_methods    list the customer's PaymentMethods, filter `type`
 *                                             (https://docs.stripe.com/api/payment_methods/customer_list)
 * Events customer.created / customer.updated (https://docs.stripe.com/api/events/types).
 */
import type { SandboxContext, SandboxRequest } from './context.js';
import { formHas, formObject, formString, type FormObject } from './form.js';
import { listPage, parseListParams } from './lists.js';
import { notFound, nowSeconds, secretOnly, stripeError, stripeId, type Customer, type Reply } from './objects.js';

const metadataOf = (form: FormObject, current: Record<string, string> = {}): Record<string, string> => {
  // Stripe merges metadata keys on update; an empty value unsets one (https://docs.stripe.com/api/metadata)
  const next = { ...current };
  for (const [key, value] of Object.entries(formObject(form, 'metadata'))) {
    if (typeof value !== 'string') continue;
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
};

/** An empty string unsets a field, as in Stripe's form encoding. */
const nullable = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

function createCustomer(ctx: SandboxContext, form: FormObject): Reply {
  const customer: Customer = {
    id: stripeId('cus'),
    object: 'customer',
    created: nowSeconds(),
    email: nullable(formString(form, 'email')),
    name: nullable(formString(form, 'name')),
    description: nullable(formString(form, 'description')),
    metadata: metadataOf(form),
    invoice_settings: { default_payment_method: null },
    livemode: false,
  };
  ctx.state.customers[customer.id] = customer;
  ctx.emit('customer.created', customer);
  return { status: 200, body: customer };
}

function updateCustomer(ctx: SandboxContext, customer: Customer, form: FormObject): Reply {
  for (const field of ['email', 'name', 'description'] as const) if (formHas(form, field)) customer[field] = nullable(formString(form, field));
  customer.metadata = metadataOf(form, customer.metadata);
  const settings = formObject(form, 'invoice_settings');
  if (formHas(settings, 'default_payment_method')) {
    const pm = nullable(formString(settings, 'default_payment_method'));
    // Stripe refuses a default that is not attached to this customer
    if (pm !== null && ctx.state.paymentMethods[pm]?.customer !== customer.id) {
      return stripeError(400, 'invalid_request_error', `No such PaymentMethod: '${pm}'`, { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' });
    }
    customer.invoice_settings.default_payment_method = pm;
  }
  ctx.emit('customer.updated', customer);
  return { status: 200, body: customer };
}

export function customersRoute(ctx: SandboxContext, req: SandboxRequest): Reply | undefined {
  const [, id, sub, extra] = req.segments;
  if (extra !== undefined) return undefined;
  if (req.caller !== 'secret') return secretOnly();
  if (!id) return req.method === 'POST' ? createCustomer(ctx, req.form) : undefined;
  const customer = ctx.state.customers[id];
  if (sub === 'payment_methods' && req.method === 'GET') {
    if (!customer) return notFound('customer', id);
    const parsed = parseListParams(req.query);
    if (!parsed.ok) return parsed.reply;
    const type = formString(req.query, 'type');
    return listPage(Object.values(ctx.state.paymentMethods), parsed.params, {
      url: `/v1/customers/${id}/payment_methods`,
      kind: 'payment_method',
      filter: (pm) => pm.customer === id && (type === undefined || pm.type === type),
    });
  }
  if (sub !== undefined) return undefined;
  if (!customer) return req.method === 'GET' || req.method === 'POST' ? notFound('customer', id) : undefined;
  if (req.method === 'GET') return { status: 200, body: customer };
  if (req.method === 'POST') return updateCustomer(ctx, customer, req.form);
  return undefined;
}
