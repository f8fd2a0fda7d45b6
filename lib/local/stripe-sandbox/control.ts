/**
 * Sandbox-only control routes, not part of Stripe's API, under /local/stripe/__control/ (secret key
 * required, like the API):
 *   POST /local/stripe/__control/drop-next   {"type": "payment_intent.succeeded"} (JSON, or form type=…):
 *        the next event of that type is made and listed by GET /v1/events as usual but never delivered
 *        to the webhook (as when the endpoint was down for as long as Stripe retries); each call drops
 *        one more. Answers {"type", "pending_drops"}.
 *   GET  /local/stripe/__control/deliveries/:eventId   the delivery record of one event
 *   GET  /local/stripe/__control/deliveries[?type=…]   the newest 100 delivery records (of that type)
 *   POST /local/stripe/__control/settle [{"now": ISO}]  settles the ACH debits due (as of `now`, else the
 *        sandbox clock); answers {"settled": n, "pending": m} (ach.ts)
 *   GET  /local/stripe/__control/authenticate/:id       the 3D Secure test page of a pi_ or seti_ (no key:
 *        a browser follows next_action.redirect_to_url there)
 *   POST /local/stripe/__control/authenticate/:id  outcome=complete|fail (form or JSON): from the page
 *        (no key) it answers 303 to return_url; with the secret key (tests) the intent as JSON
 * A delivery record is {event, type, dropped, delivered, gaveUp, attempts: [{at, ok, status, error}]}.
 */
import { settleDue } from './ach.js';
import { authenticationPage, returnTo } from './authentication.js';
import { sandboxNowMs } from './clock.js';
import type { SandboxContext } from './context.js';
import { parseStripeForm, formString } from './form.js';
import { finishIntentAuthentication } from './intents.js';
import { stripeError, type Reply } from './objects.js';
import { finishSetupAuthentication } from './setup-intents.js';

export const CONTROL_PATH = '/__control';

/** A string field of a JSON or form body. */
function bodyField(body: string, contentType: string | undefined, field: string): string | undefined {
  if (contentType?.includes('application/json')) {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown> | null;
      return typeof parsed?.[field] === 'string' ? parsed[field] : undefined;
    } catch {
      return undefined;
    }
  }
  return formString(parseStripeForm(body), field);
}
const bodyType = (body: string, contentType: string | undefined) => bodyField(body, contentType, 'type');

const html = (status: number, page: string, headers: Record<string, string> = {}): Reply => ({ status, body: page, contentType: 'text/html; charset=utf-8', headers });

/**
 * The 3D Secure page and its answer. `browser`: the request came without a key (the page's own form),
 * so the answer is a redirect to return_url (or a page when there is none) instead of JSON.
 */
export function authenticateRoute(ctx: SandboxContext, method: string, id: string, body: string, contentType: string | undefined, browser: boolean): Reply {
  const intent = ctx.state.intents[id];
  const setup = ctx.state.setupIntents[id];
  const target = intent ?? setup;
  if (!target)
    return browser
      ? html(404, authenticationPage(id, null, false))
      : stripeError(404, 'invalid_request_error', `No such intent: '${id}'`, { code: 'resource_missing', param: 'id' });
  const waiting = target.status === 'requires_action' && target.next_action?.type === 'redirect_to_url';
  if (method === 'GET') return html(200, authenticationPage(id, intent ? `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}` : null, waiting));
  if (method !== 'POST') return stripeError(405, 'invalid_request_error', 'Use GET or POST.');
  const outcome = bodyField(body, contentType, 'outcome');
  if (outcome !== 'complete' && outcome !== 'fail') return stripeError(400, 'invalid_request_error', 'outcome must be complete or fail', { param: 'outcome' });
  const returnUrl = target.next_action?.type === 'redirect_to_url' ? target.next_action.redirect_to_url.return_url : null;
  const reply = intent ? finishIntentAuthentication(ctx, intent, outcome) : finishSetupAuthentication(ctx, setup, outcome);
  if (!browser) return reply;
  if (reply.status !== 200) return html(reply.status, authenticationPage(id, null, false));
  const location = returnTo(returnUrl, intent ? 'payment_intent' : 'setup_intent', target.id, target.client_secret, target.status === 'succeeded');
  return location ? html(303, '', { location }) : html(200, `<!doctype html><title>Done</title><p>Authentication ${outcome === 'complete' ? 'completed' : 'failed'}.</p>`);
}

export function controlRoute(ctx: SandboxContext, method: string, path: string, body: string, contentType: string | undefined, query: URLSearchParams): Reply {
  const segments = path.split('/').filter(Boolean); // ['drop-next'] or ['deliveries', id]
  const [action, id] = segments;
  if (action === 'authenticate' && id && segments.length === 2) return authenticateRoute(ctx, method, id, body, contentType, false);
  if (method === 'POST' && action === 'settle' && segments.length === 1) {
    const at = bodyField(body, contentType, 'now');
    const nowMs = at === undefined ? sandboxNowMs() : Date.parse(at);
    if (Number.isNaN(nowMs)) return stripeError(400, 'invalid_request_error', 'now must be an ISO date, e.g. 2026-01-05T00:00:00Z', { param: 'now' });
    const settled = settleDue(ctx, nowMs);
    return { status: 200, body: { settled, pending: Object.keys(ctx.state.pendingDebits).length, now: new Date(nowMs).toISOString() } };
  }
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
