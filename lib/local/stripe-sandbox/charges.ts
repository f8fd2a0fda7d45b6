/**
 * Charges (https://docs.stripe.com/api/charges), made by confirming a PaymentIntent:
 *   GET /v1/charges       list, newest first; filters `payment_intent`, `created`
 *   GET /v1/charges/:id   retrieve
 * Secret key only. A charge does not include its `refunds` (not auto-expanded since 2022-11-15,
 * https://docs.stripe.com/changelog/2022-11-15/deprecates-charges-auto-expand): list them with GET /v1/refunds.
 */
import type { SandboxContext, SandboxRequest } from './context.js';
import { formString } from './form.js';
import { listPage, parseListParams } from './lists.js';
import { notFound, secretOnly, type Reply } from './objects.js';

export function chargesRoute(ctx: SandboxContext, req: SandboxRequest): Reply | undefined {
  const [, id, extra] = req.segments;
  if (req.method !== 'GET' || extra !== undefined) return undefined;
  if (req.caller !== 'secret') return secretOnly();
  if (id) return ctx.state.charges[id] ? { status: 200, body: ctx.state.charges[id] } : notFound('charge', id);
  const parsed = parseListParams(req.query);
  if (!parsed.ok) return parsed.reply;
  const intent = formString(req.query, 'payment_intent');
  return listPage(Object.values(ctx.state.charges), parsed.params, {
    url: '/v1/charges',
    kind: 'charge',
    filter: (charge) => intent === undefined || charge.payment_intent === intent,
  });
}
