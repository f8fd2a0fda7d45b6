/**
 * Events: made on every state change (https://docs.stripe.com/api/events: "the event's data field
 * embeds the resource's state at the time of the change"), kept for GET /v1/events and delivered,
 * signed and asynchronously, to the webhook endpoint with a sandbox-only record of every attempt.
 *
 * Retention: Stripe guarantees access to events for 30 days ("Retrieves the details of an event if
 * it was created in the last 30 days", https://docs.stripe.com/api/events/retrieve; "List events,
 * going back up to 30 days", https://docs.stripe.com/api/events/list). The sandbox keeps 30 days,
 * capped at the newest 10,000 events so its one JSON file stays small enough to rewrite per request.
 *
 * `pending_webhooks` is the "number of webhooks that haven't been successfully delivered (for example,
 * to return a 20x response)" (https://docs.stripe.com/api/events/object): 1 while the one endpoint
 * has not acknowledged the event, 0 after, and 0 from the start when there is no endpoint.
 */
import { nowSeconds } from './clock.js';
import type { SandboxContext, SandboxRequest } from './context.js';
import { formList, formString } from './form.js';
import { listPage, parseListParams } from './lists.js';
import { exclusive, notFound, secretOnly, stripeError, stripeId, type Reply, type StripeEvent } from './objects.js';
import type { DeliveryAttempt, DeliveryRecord, SandboxState } from './state.js';
import { deliverEvent } from './webhooks.js';

/**
 * The API version the sandbox account (and so its webhook endpoint) is on: events are rendered in
 * it. A request may name another with `Stripe-Version` (versions.ts).
 */
export const ACCOUNT_API_VERSION = '2025-01-27.acacia';
export const EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;
export const MAX_EVENTS = 10_000;

export interface EventLogOptions {
  state: SandboxState;
  /** persists the state (after an async delivery attempt) */
  save: () => void;
  webhook: { url: string; secret: string; retryDelaysMs?: readonly number[] } | null;
  log: (m: string) => void;
}

export function createEventLog(opts: EventLogOptions) {
  const { state, log } = opts;

  /** Drops events older than 30 days (and their delivery records), keeping at most MAX_EVENTS. */
  function prune(now: number): void {
    const oldest = now - EVENT_RETENTION_SECONDS;
    let kept = state.events.filter((event) => event.created >= oldest);
    if (kept.length > MAX_EVENTS) kept = kept.slice(-MAX_EVENTS);
    if (kept.length === state.events.length) return;
    const ids = new Set(kept.map((event) => event.id));
    state.events = kept;
    for (const id of Object.keys(state.deliveries)) if (!ids.has(id)) delete state.deliveries[id];
  }

  function recordAttempt(event: StripeEvent, record: DeliveryRecord, attempt: DeliveryAttempt, final: boolean): void {
    record.attempts.push(attempt);
    if (attempt.ok) {
      record.delivered = true;
      event.pending_webhooks = 0;
    } else if (final) {
      record.gaveUp = true;
    }
    try {
      opts.save();
    } catch (error) {
      // an attempt runs outside any request: a throw here would stop the whole process
      log(`[stripe-sandbox] could not save the delivery of ${event.id}: ${(error as Error).message}`);
    }
  }

  /** Makes (and, unless dropped, delivers) an event of `type` about `object` as it is now. */
  function emit(type: string, object: unknown): StripeEvent {
    const created = nowSeconds();
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      type,
      created,
      api_version: ACCOUNT_API_VERSION,
      livemode: false,
      pending_webhooks: opts.webhook ? 1 : 0,
      data: { object: structuredClone(object) },
    };
    state.events.push(event);
    prune(created);
    if (!opts.webhook) return event;

    const record: DeliveryRecord = { event: event.id, type, dropped: false, delivered: false, gaveUp: false, attempts: [] };
    state.deliveries[event.id] = record;
    if ((state.dropNext[type] ?? 0) > 0) {
      // an endpoint that was down for as long as Stripe retries: the event exists, nothing arrived
      state.dropNext[type] -= 1;
      if (state.dropNext[type] === 0) delete state.dropNext[type];
      record.dropped = true;
      log(`[stripe-sandbox] dropping ${type} ${event.id} as asked (__control/drop-next)`);
      return event;
    }
    deliverEvent(event, {
      url: opts.webhook.url,
      secret: opts.webhook.secret,
      log,
      retryDelaysMs: opts.webhook.retryDelaysMs,
      onAttempt: (attempt, final) => recordAttempt(event, record, attempt, final),
    });
    return event;
  }

  return { emit, prune };
}

export type EventLog = ReturnType<typeof createEventLog>;

/**
 * GET /v1/events (filters `type` — one type, or a group with `*` as a wildcard —, `types[]` — up to
 * 20 exact types, not together with `type` —, `created`, `delivery_success`) and GET /v1/events/:id
 * (https://docs.stripe.com/api/events/list, https://docs.stripe.com/api/events/retrieve). Secret key only.
 * `delivery_success=false` answers events "still pending or [that] have failed all delivery attempts",
 * here: those whose pending_webhooks is not 0.
 */
export function eventsRoute(ctx: SandboxContext, req: SandboxRequest): Reply | undefined {
  const [, id, extra] = req.segments;
  if (req.method !== 'GET' || extra !== undefined) return undefined;
  if (req.caller !== 'secret') return secretOnly();
  const { events } = ctx.state;
  if (id) {
    const event = events.find((e) => e.id === id);
    return event ? { status: 200, body: event } : notFound('event', id);
  }
  const parsed = parseListParams(req.query);
  if (!parsed.ok) return parsed.reply;
  const type = formString(req.query, 'type');
  const types = formList(req.query, 'types');
  if (type !== undefined && types !== undefined) return exclusive('type', 'types');
  if (types !== undefined && types.length > 20) {
    // the limit is Stripe's ("An array of up to 20 strings"); the wording is the sandbox's own
    return stripeError(400, 'invalid_request_error', 'You may pass at most 20 types.', { param: 'types' });
  }
  const pattern =
    type === undefined
      ? undefined
      : new RegExp(
          `^${type
            .split('*')
            .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
        );
  const delivery = formString(req.query, 'delivery_success');
  return listPage(events, parsed.params, {
    url: '/v1/events',
    kind: 'event',
    filter: (event) =>
      (pattern === undefined || pattern.test(event.type)) &&
      (types === undefined || types.includes(event.type)) &&
      (delivery === undefined || (delivery === 'true') === (event.pending_webhooks === 0)),
  });
}
