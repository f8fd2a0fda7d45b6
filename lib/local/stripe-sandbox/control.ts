/**
 * Sandbox-only control routes, not part of Stripe's API, under /local/stripe/__control/ (secret key
 * required, like the API):
 *   POST /local/stripe/__control/drop-next   {"type": "payment_intent.succeeded"} (JSON, or form type=…):
 *        the next event of that type is made and listed by GET /v1/events as usual but never delivered
 *        to the webhook (as when the endpoint was down for as long as Stripe retries); each call drops
 *        one more. Answers {"type", "pending_drops"}.
 *   GET  /local/stripe/__control/deliveries/:eventId   the delivery record of one event
 *   GET  /local/stripe/__control/deliveries[?type=…]   the newest 100 delivery records (of that type)
 * A delivery record is {event, type, dropped, delivered, gaveUp, attempts: [{at, ok, status, error}]}.
 */
import type { SandboxContext } from './context.js';
import { parseStripeForm, formString } from './form.js';
import { stripeError, type Reply } from './objects.js';

export const CONTROL_PATH = '/__control';

function bodyType(body: string, contentType: string | undefined): string | undefined {
  if (contentType?.includes('application/json')) {
    try {
      const parsed = JSON.parse(body) as { type?: unknown };
      return typeof parsed?.type === 'string' ? parsed.type : undefined;
    } catch {
      return undefined;
    }
  }
  return formString(parseStripeForm(body), 'type');
}

export function controlRoute(ctx: SandboxContext, method: string, path: string, body: string, contentType: string | undefined, query: URLSearchParams): Reply {
  const segments = path.split('/').filter(Boolean); // ['drop-next'] or ['deliveries', id]
  const [action, id] = segments;
  if (method === 'POST' && action === 'drop-next' && segments.length === 1) {
    const type = bodyType(body, contentType)?.trim();
    if (!type || !/^[a-z_]+(\.[a-z_]+)+$/.test(type)) {
      return stripeError(400, 'invalid_request_error', 'drop-next needs {"type": "<event type>"}, e.g. payment_intent.succeeded', { param: 'type' });
    }
    ctx.state.dropNext[type] = (ctx.state.dropNext[type] ?? 0) + 1;
    return { status: 200, body: { type, pending_drops: ctx.state.dropNext[type] } };
  }
  if (method === 'GET' && action === 'deliveries' && segments.length <= 2) {
    if (id) {
      const record = ctx.state.deliveries[id];
      return record ? { status: 200, body: record } : stripeError(404, 'invalid_request_error', `No delivery record for event '${id}'`, { param: 'id' });
    }
    const type = query.get('type');
    const records = Object.values(ctx.state.deliveries)
      .filter((record) => !type || record.type === type)
      .reverse()
      .slice(0, 100);
    return { status: 200, body: { data: records } };
  }
  return stripeError(404, 'invalid_request_error', `Unrecognized sandbox control URL (${method}: ${path}).`);
}
