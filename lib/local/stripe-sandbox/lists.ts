/**
 * Stripe's list endpoints (https://docs.stripe.com/api/pagination): answer a list object
 * `{ object: 'list', url, has_more, data }`, newest first ("reverse chronological order"), at most
 * `limit` objects ("ranging between 1 and 100", default 10). `starting_after` (an object id) answers
 * the objects after it in that order, `ending_before` the ones before it (newer); the two are mutually
 * exclusive. With `ending_before` the stripe SDK's auto-pagination walks the page from its end and asks
 * for the next page `ending_before` the page's first object, so a page holds the `limit` objects just
 * newer than the cursor, still newest first, and `has_more` says whether newer ones remain.
 * `created` filters by creation time: an exact unix time, or any of `gt`, `gte`, `lt`, `lte`
 * (https://docs.stripe.com/api/refunds/list, .../events/list, .../payment_intents/list, .../charges/list).
 */
import { formObject, formString, type FormObject } from './form.js';
import { exclusive, stripeError, type Reply } from './objects.js';

export interface Listable {
  id: string;
  created: number;
}

type Bound = 'gt' | 'gte' | 'lt' | 'lte';
export type CreatedFilter = Partial<Record<Bound | 'eq', number>>;

export interface ListParams {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
  created: CreatedFilter;
}

/**
 * "Invalid integer: abc" (code parameter_invalid_integer) is Stripe's answer to a malformed integer;
 * one out of its range is answered as Stripe answers `amount=0`, "This value must be greater than or
 * equal to 1.", with the same code.
 */
const invalidInteger = (param: string, value: string): Reply =>
  stripeError(400, 'invalid_request_error', `Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param });
const outOfRange = (param: string, message: string): Reply => stripeError(400, 'invalid_request_error', message, { code: 'parameter_invalid_integer', param });

const parseInteger = (value: string): number | undefined => (/^-?\d+$/.test(value.trim()) ? Number(value.trim()) : undefined);

export function parseListParams(query: FormObject): { ok: true; params: ListParams } | { ok: false; reply: Reply } {
  let limit = 10;
  const rawLimit = formString(query, 'limit');
  if (rawLimit !== undefined) {
    const parsed = parseInteger(rawLimit);
    if (parsed === undefined) return { ok: false, reply: invalidInteger('limit', rawLimit) };
    if (parsed < 1) return { ok: false, reply: outOfRange('limit', 'This value must be greater than or equal to 1.') };
    if (parsed > 100) return { ok: false, reply: outOfRange('limit', 'This value must be less than or equal to 100.') };
    limit = parsed;
  }
  const startingAfter = formString(query, 'starting_after') || undefined;
  const endingBefore = formString(query, 'ending_before') || undefined;
  if (startingAfter && endingBefore) return { ok: false, reply: exclusive('ending_before', 'starting_after') };

  const created: CreatedFilter = {};
  const exact = formString(query, 'created');
  if (exact !== undefined) {
    const parsed = parseInteger(exact);
    if (parsed === undefined) return { ok: false, reply: invalidInteger('created', exact) };
    created.eq = parsed;
  } else {
    const range = formObject(query, 'created');
    for (const bound of ['gt', 'gte', 'lt', 'lte'] as const) {
      const raw = formString(range, bound);
      if (raw === undefined) continue;
      const parsed = parseInteger(raw);
      if (parsed === undefined) return { ok: false, reply: invalidInteger(`created[${bound}]`, raw) };
      created[bound] = parsed;
    }
  }
  return { ok: true, params: { limit, startingAfter, endingBefore, created } };
}

export function matchesCreated(created: number, filter: CreatedFilter): boolean {
  return (
    (filter.eq === undefined || created === filter.eq) &&
    (filter.gt === undefined || created > filter.gt) &&
    (filter.gte === undefined || created >= filter.gte) &&
    (filter.lt === undefined || created < filter.lt) &&
    (filter.lte === undefined || created <= filter.lte)
  );
}

/**
 * One page of `all` (every object of the resource, oldest first, as the sandbox stores them) that
 * pass `filter` and the `created` filter. A cursor is placed in the whole resource, so it may name an
 * object the filters leave out; an id the resource does not have is refused as Stripe refuses an
 * unknown id ("No such refund: 're_x'", code resource_missing), here naming the cursor's param.
 */
export function listPage<T extends Listable>(all: readonly T[], params: ListParams, opts: { url: string; kind: string; filter?: (item: T) => boolean }): Reply {
  const newestFirst = [...all].reverse();
  const keep = (item: T) => matchesCreated(item.created, params.created) && (opts.filter ? opts.filter(item) : true);

  const cursor = params.startingAfter ?? params.endingBefore;
  let candidates: T[];
  if (cursor) {
    const at = newestFirst.findIndex((item) => item.id === cursor);
    if (at < 0) {
      return stripeError(400, 'invalid_request_error', `No such ${opts.kind}: '${cursor}'`, {
        code: 'resource_missing',
        param: params.startingAfter ? 'starting_after' : 'ending_before',
      });
    }
    candidates = params.startingAfter ? newestFirst.slice(at + 1).filter(keep) : newestFirst.slice(0, at).filter(keep);
  } else {
    candidates = newestFirst.filter(keep);
  }

  let data: T[];
  let hasMore: boolean;
  if (params.endingBefore) {
    // the `limit` objects nearest the cursor (the end of `candidates`), newest first
    data = candidates.slice(Math.max(0, candidates.length - params.limit));
    hasMore = candidates.length > params.limit;
  } else {
    data = candidates.slice(0, params.limit);
    hasMore = candidates.length > params.limit;
  }
  return { status: 200, body: { object: 'list', data, has_more: hasMore, url: opts.url } };
}
