/**
 * Refunds (https://docs.stripe.com/api/refunds):
 *   POST /v1/refunds       refund a succeeded payment (`payment_intent` or `charge`), in full or in part
 *   GET  /v1/refunds       list, newest first; filters `payment_intent`, `charge`, `created`
 *   GET  /v1/refunds/:id   retrieve
 * All secret key only. A card refund is `succeeded` at once in test mode, keeps the `metadata` it was
 * given and names its `charge` and `payment_intent` (https://docs.stripe.com/api/refunds/object).
 *
 * Events: `refund.created` with the refund — sent for every refund since 2024-10-28.acacia
 * (https://docs.stripe.com/changelog/acacia/2024-10-28/refund-webhook-update), so on the sandbox's
 * 2025-01-27.acacia — and `charge.refunded` with the charge. Since 2022-11-15 a Charge no longer
 * includes its `refunds` unless expanded (https://docs.stripe.com/changelog/2022-11-15/deprecates-charges-auto-expand),
 * so the charge in that event carries `amount_refunded` and `refunded`, not the refunds: list them.
 */
import type { SandboxContext, SandboxRequest } from './context.js';
import { formObject, formString } from './form.js';
import { listPage, parseListParams } from './lists.js';
import { notFound, nowSeconds, secretOnly, stripeError, stripeId, type Reply, type Refund } from './objects.js';

export function createRefund(ctx: SandboxContext, req: SandboxRequest): Reply {
  const { form } = req;
  const { state } = ctx;
  const intentId = formString(form, 'payment_intent');
  const chargeId = formString(form, 'charge') ?? (intentId ? state.intents[intentId]?.latest_charge : undefined);
  const charge = chargeId ? state.charges[chargeId] : undefined;
  if (!charge) return notFound(intentId ? 'payment_intent' : 'charge', intentId ?? chargeId ?? '', intentId ? 'payment_intent' : 'charge');
  const remaining = charge.amount - charge.amount_refunded;
  // a real answer: 400 charge_already_refunded, "Charge ch_… has already been refunded." (https://docs.stripe.com/error-codes)
  if (remaining === 0) return stripeError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  const amount = formString(form, 'amount') === undefined ? remaining : Number(formString(form, 'amount'));
  if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
    return stripeError(
      400,
      'invalid_request_error',
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
      {
        code: 'amount_too_large',
        param: 'amount',
      },
    );
  }
  const refund: Refund = {
    id: stripeId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: charge.currency,
    created: nowSeconds(),
    reason: formString(form, 'reason') ?? null,
    status: 'succeeded',
    metadata: formObject(form, 'metadata') as Record<string, string>,
  };
  state.refunds[refund.id] = refund;
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  ctx.emit('refund.created', refund);
  ctx.emit('charge.refunded', charge);
  return { status: 200, body: refund };
}

export function refundsRoute(ctx: SandboxContext, req: SandboxRequest): Reply | undefined {
  const [, id, extra] = req.segments;
  if (extra !== undefined) return undefined;
  if (req.method === 'POST' && !id) return req.caller === 'secret' ? createRefund(ctx, req) : secretOnly();
  if (req.method !== 'GET') return undefined;
  if (req.caller !== 'secret') return secretOnly();
  if (id) return ctx.state.refunds[id] ? { status: 200, body: ctx.state.refunds[id] } : notFound('refund', id);
  const parsed = parseListParams(req.query);
  if (!parsed.ok) return parsed.reply;
  const intent = formString(req.query, 'payment_intent');
  const charge = formString(req.query, 'charge');
  return listPage(Object.values(ctx.state.refunds), parsed.params, {
    url: '/v1/refunds',
    kind: 'refund',
    filter: (refund) => (intent === undefined || refund.payment_intent === intent) && (charge === undefined || refund.charge === charge),
  });
}
