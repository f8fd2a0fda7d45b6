/**
 * Mandates (https://docs.stripe.com/api/mandates): the customer's authorisation to debit a bank
 * account, made when a us_bank_account SetupIntent or PaymentIntent is confirmed with
 * `mandate_data[customer_acceptance]` ("ACH Direct Debit requires a mandate", https://docs.stripe.com/payments/ach-direct-debit#mandates).
 * Only online acceptance: type=online with [online][ip_address] and [online][user_agent]; with the
 * publishable key (Stripe.js) Stripe infers those from the request, and so does the sandbox.
 *   GET /v1/mandates/:id   retrieve (secret key)
 */
import type { SandboxContext, SandboxRequest } from './context.js';
import { formObject, formString, type FormObject } from './form.js';
import { notFound, nowSeconds, secretOnly, stripeError, stripeId, type Mandate, type PaymentMethod, type Reply } from './objects.js';

export function createMandate(
  ctx: SandboxContext,
  req: SandboxRequest,
  form: FormObject,
  pm: PaymentMethod,
  status: Mandate['status'] = 'active',
): { ok: true; mandate: Mandate } | { ok: false; reply: Reply } {
  const acceptance = formObject(formObject(form, 'mandate_data'), 'customer_acceptance');
  const type = formString(acceptance, 'type');
  if (!type) {
    return {
      ok: false,
      reply: stripeError(400, 'invalid_request_error', 'Missing required param: mandate_data[customer_acceptance][type].', {
        code: 'parameter_missing',
        param: 'mandate_data[customer_acceptance][type]',
      }),
    };
  }
  if (type !== 'online') {
    return { ok: false, reply: stripeError(400, 'invalid_request_error', 'The sandbox takes online mandates only.', { param: 'mandate_data[customer_acceptance][type]' }) };
  }
  const online = formObject(acceptance, 'online');
  const inferred = req.caller === 'publishable';
  const ip = formString(online, 'ip_address') ?? (inferred ? req.ip : undefined);
  const agent = formString(online, 'user_agent') ?? (inferred ? req.userAgent : undefined);
  for (const [value, param] of [
    [ip, 'ip_address'],
    [agent, 'user_agent'],
  ] as const) {
    if (!value) {
      return {
        ok: false,
        reply: stripeError(400, 'invalid_request_error', `Missing required param: mandate_data[customer_acceptance][online][${param}].`, {
          code: 'parameter_missing',
          param: `mandate_data[customer_acceptance][online][${param}]`,
        }),
      };
    }
  }
  const mandate: Mandate = {
    id: stripeId('mandate'),
    object: 'mandate',
    customer_acceptance: { accepted_at: nowSeconds(), type: 'online', online: { ip_address: ip ?? '', user_agent: agent ?? '' } },
    payment_method: pm.id,
    payment_method_details: pm.type === 'us_bank_account' ? { type: 'us_bank_account', us_bank_account: { collection_method: null } } : { type: pm.type },
    status,
    type: 'multi_use',
    multi_use: {},
    livemode: false,
  };
  ctx.state.mandates[mandate.id] = mandate;
  return { ok: true, mandate };
}

/** The newest active mandate for a PaymentMethod (a saved bank account charged later off-session). */
export const activeMandateFor = (ctx: SandboxContext, pm: string): Mandate | undefined =>
  Object.values(ctx.state.mandates)
    .reverse()
    .find((m) => m.payment_method === pm && m.status === 'active');

export function mandatesRoute(ctx: SandboxContext, req: SandboxRequest): Reply | undefined {
  const [, id, extra] = req.segments;
  if (req.method !== 'GET' || !id || extra !== undefined) return undefined;
  if (req.caller !== 'secret') return secretOnly();
  return ctx.state.mandates[id] ? { status: 200, body: ctx.state.mandates[id] } : notFound('mandate', id);
}
