/**
 * The Payment: its keys, its item layouts and its reads. Each Stripe PaymentIntent is one record in
 * the student's collection plus a lookup item by intent id. What Stripe's facts do to a record and to
 * the ledger is in payment-events.ts (rules in domain/payment-state.ts); closing checkouts is in
 * checkouts.ts; comparing with Stripe in reconcile.ts.
 *
 * Indexes: gsi1 `PAYMENTS#<status>` (finance's status filter, the stale-checkout sweep, reconciliation);
 * gsi2 `PAYMENTS` (the unfiltered finance ledger) holds only the listed statuses (money moved, or an
 * attempt failed): an opened or canceled checkout is not in it at all, so no page filters it away.
 */
import { LISTED_PAYMENT_STATUSES, PAYMENT_STATUSES, type PaymentStatus } from '../contract/payment-status.js';
import * as z from '../contract/zod.js';
import { nowIso } from '../domain/clock.js';
import { auditPut, type AuditEntry } from './audit.js';
import { entity, getItem, queryAll, queryPage, TABLE_NAME, transactWrite, type Item, type Key, type QueryInput, type RecordOf, type TransactItems, lazy } from './dynamo.js';
import { ProgramTypeField, studentKeys } from './student.js';

const PAYMENT_PREFIX = 'PAYMENT#';
/** Sorts before ENROLL# (student.ts), so reading a student's bill (`sk >= ENROLL#`) never reads a checkout. */
const CHECKOUT_PREFIX = 'CHECKOUT#';

export const paymentKeys = {
  /** A card payment (one Stripe PaymentIntent) in the student's collection, by creation time. */
  payment: (username: string, createdAt: string, intentId: string) => ({ pk: studentKeys.student(username), sk: `${PAYMENT_PREFIX}${createdAt}#${intentId}` }),
  /**
   * A checkout nobody paid yet (pending) or ever will (canceled): the same record, kept apart from
   * the student's payments so their list needs no filter. It moves to `payment` once money moves or
   * an attempt fails.
   */
  checkout: (username: string, createdAt: string, intentId: string) => ({ pk: studentKeys.student(username), sk: `${CHECKOUT_PREFIX}${createdAt}#${intentId}` }),
  /** Finds a payment from its PaymentIntent id alone (webhooks, refunds). */
  intent: (intentId: string) => ({ pk: `INTENT#${intentId}`, sk: 'INTENT' }),
  /** A Stripe event already applied (idempotency), kept 30 days. */
  stripeEvent: (eventId: string) => {
    const key = `STRIPE_EVENT#${eventId}`;
    return { pk: key, sk: key };
  },
  /** gsi2: the finance ledger across students, by date. */
  feed: 'PAYMENTS',
  /** gsi1: payments of one status across students, by date. */
  withStatus: (status: PaymentStatus) => `PAYMENTS#${status}`,
  byCreation: (createdAt: string, intentId: string) => `${createdAt}#${intentId}`,
} as const;

/** Canceled checkouts stay listable for finance (status filter) this long, then expire. */
const CANCELED_CHECKOUT_DAYS = 90;
const EVENT_MARKER_DAYS = 30;
const DAY_SECONDS = 86_400;

export const isListed = (status: PaymentStatus) => (LISTED_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);

/** Where a record lives: with the student's payments once listed, else with their checkouts. */
export function recordKey(r: { username: string; createdAt: string; intentId: string; status: PaymentStatus }): Key {
  return (isListed(r.status) ? paymentKeys.payment : paymentKeys.checkout)(r.username, r.createdAt, r.intentId);
}

/** A canceled checkout (and its lookup) expires 90 days after it was canceled. */
const expiryOf = (r: { status: PaymentStatus; updatedAt: string }): { expiresAt?: number } =>
  r.status === 'canceled' ? { expiresAt: Math.floor(Date.parse(r.updatedAt) / 1000) + CANCELED_CHECKOUT_DAYS * DAY_SECONDS } : {};

export const Payment = entity(
  'payment',
  () =>
    z.object({
      intentId: z.string(),
      username: z.string(),
      studentName: z.string(),
      amountCents: z.number(),
      refundedCents: z.number(),
      status: z.enum(PAYMENT_STATUSES),
      currency: z.literal('usd'),
      createdAt: z.string(),
      updatedAt: z.string(),
      method: z.string(),
      methodDetail: z.nullable(z.string()),
      failureMessage: z.nullable(z.string()),
      /** What the payment is for, per program (domain/payment-state.ts PaymentItem). */
      items: z.array(
        z.object({
          programType: ProgramTypeField(),
          programId: z.string(),
          programName: z.string(),
          amountCents: z.number(),
          refundedCents: z.number(),
        }),
      ),
      /** Stripe refund ids already in the ledger. */
      refundIds: z._default(z.array(z.string()), () => []),
      /** The part that was not owed when the payment was applied, refunded automatically. */
      excess: z._default(
        z.nullable(
          z.object({
            amountCents: z.number(),
            items: z.array(z.object({ programType: ProgramTypeField(), programId: z.string(), amountCents: z.number(), refundedCents: z.number() })),
            refundId: z.optional(z.string()),
            status: z.enum(['requested', 'refunded']),
          }),
        ),
        null,
      ),
      /** When the system asked Stripe to refund the excess (with its audit entry); absent until then. */
      excessRequestedAt: z.optional(z.string()),
      /** When the checkout was opened, by our clock in milliseconds (which of two tabs is the newer). */
      openedAt: z.optional(z.string()),
      /** When a declined attempt's intent was canceled at Stripe (it stays Failed, and is not canceled again). */
      closedAt: z.optional(z.string()),
      /** Bumped by every write; each write is conditional on the version it read (absent on seeded records). */
      version: z.optional(z.number()),
    }),
  (r) => ({
    ...recordKey(r),
    gsi1pk: paymentKeys.withStatus(r.status),
    gsi1sk: paymentKeys.byCreation(r.createdAt, r.intentId),
    ...(isListed(r.status) ? { gsi2pk: paymentKeys.feed, gsi2sk: paymentKeys.byCreation(r.createdAt, r.intentId) } : {}),
    ...expiryOf(r),
  }),
);
export type PaymentRecord = RecordOf<typeof Payment>;

/** The lookup item: where the record of an intent is (its sort key moves with its status). */
const lookupItem = (r: PaymentRecord): Item => ({ ...paymentKeys.intent(r.intentId), type: 'paymentIntent', username: r.username, recordSk: recordKey(r).sk, ...expiryOf(r) });
const IntentLookup = lazy(() => z.object({ username: z.string(), recordSk: z.string() }));

/** The record (at its place, with its index keys) and its lookup item by intent id. */
export const paymentItems = (r: PaymentRecord): [Item, Item] => [Payment.item(r), lookupItem(r)];

/**
 * TransactWrite items that replace `current` (as read) with `next`, conditional on nothing having
 * written the record since it was read (its version): in place, or moved between the checkouts and
 * the payments of the student (with its lookup item) when its status changes where it belongs.
 */
export function recordWrite(current: PaymentRecord, next: PaymentRecord): TransactItems {
  const unchanged =
    current.version === undefined
      ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(version)' }
      : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': current.version } };
  const written = { ...next, version: (current.version ?? 0) + 1 };
  const from = recordKey(current);
  if (from.sk === recordKey(written).sk) return [{ Put: { TableName: TABLE_NAME, Item: Payment.item(written), ...unchanged } }];
  return [
    { Delete: { TableName: TABLE_NAME, Key: from, ...unchanged } },
    { Put: { TableName: TABLE_NAME, Item: Payment.item(written), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: lookupItem(written) } },
  ];
}

/**
 * The TransactWrite item that marks a Stripe event applied: it fails (the transaction with it) when
 * the event was applied before. Markers expire after 30 days.
 */
export function appliedEventPut(eventId: string, eventType: string) {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...paymentKeys.stripeEvent(eventId),
        type: 'stripeEvent',
        eventType,
        receivedAt: nowIso(),
        expiresAt: Math.floor(Date.now() / 1000) + EVENT_MARKER_DAYS * DAY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Stores a new pending payment and answers it; an intent already stored (a repeated checkout call
 * with the same idempotency key) is left as it is and answered as stored.
 * `audit` (an admin paying on a student's behalf) is written in the same transaction.
 */
export async function createPendingPayment(record: PaymentRecord, audit?: AuditEntry): Promise<PaymentRecord> {
  const [paymentItem, intentItem] = paymentItems({ ...record, version: 1 });
  const result = await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: paymentItem, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: intentItem, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...(audit ? [auditPut(audit)] : []),
  ]);
  return result.ok ? { ...record, version: 1 } : ((await getPaymentByIntent(record.intentId)) ?? record);
}

export async function getPaymentByIntent(intentId: string): Promise<PaymentRecord | null> {
  // a record moved (checkout -> payment) between the two reads is read again where it went
  for (let attempt = 1; attempt <= 3; attempt++) {
    const lookup = await getItem(paymentKeys.intent(intentId), { consistent: true });
    if (!lookup) return null;
    const { username, recordSk } = IntentLookup().parse(lookup);
    const found = await getItem({ pk: studentKeys.student(username), sk: recordSk }, { consistent: true });
    if (found) return Payment.fromItem(found);
  }
  return null;
}

export interface PaymentQuery {
  from?: string;
  to?: string;
  status?: PaymentStatus;
  username?: string;
  limit: number;
  cursor?: Record<string, unknown>;
}

export interface PaymentResults {
  records: PaymentRecord[];
  lastKey: Record<string, unknown> | undefined;
}

/**
 * Newest first, one Query whichever filter is set: by student (their payments, or their checkouts for
 * pending and canceled), by status (gsi1) or all listed statuses (gsi2), the date range always in the
 * sort key. Only "student and status together" filters after reading, within one student's items.
 */
export async function listPayments(q: PaymentQuery): Promise<PaymentResults> {
  const lower = q.from ? `${q.from}T00:00:00.000Z` : '0';
  const upper = q.to ? `${q.to}T23:59:59.999Z\uffff` : '\uffff';
  let input: QueryInput;
  if (q.username) {
    // the student's payments (what moved money or failed) need no filter; their checkouts are apart
    const prefix = q.status && !isListed(q.status) ? CHECKOUT_PREFIX : PAYMENT_PREFIX;
    input = {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: {
        ':pk': studentKeys.student(q.username),
        ':lo': `${prefix}${lower}`,
        ':hi': `${prefix}${upper}`,
        ...(q.status ? { ':status': q.status } : {}),
      },
      ...(q.status ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } } : {}),
    };
  } else {
    const [index, pkName, skName, pkValue] = q.status ? ['gsi1', 'gsi1pk', 'gsi1sk', paymentKeys.withStatus(q.status)] : ['gsi2', 'gsi2pk', 'gsi2sk', paymentKeys.feed];
    input = {
      IndexName: index,
      KeyConditionExpression: `${pkName} = :pk AND ${skName} BETWEEN :lo AND :hi`,
      ExpressionAttributeValues: { ':pk': pkValue, ':lo': lower, ':hi': upper },
    };
  }
  // a cursor from another query (other filters, another student) does not fit this one: a 400
  const { items, lastKey } = await queryPage({ ...input, ScanIndexForward: false }, q.limit, q.cursor);
  return { records: items.map((i) => Payment.fromItem(i)), lastKey };
}

/**
 * The student's checkouts a tab could still pay with, opened before `newest` and within the last
 * days from `since`: open checkouts (pending) and declined attempts (failed, not closed yet). "Before"
 * is by `openedAt`, our clock's milliseconds: Stripe's `created` (the sort key) has one-second
 * precision, and two tabs are often opened within one second. Two consistent Queries.
 */
export async function openCheckoutsBefore(username: string, newest: Pick<PaymentRecord, 'intentId' | 'openedAt' | 'createdAt'>, since: string): Promise<PaymentRecord[]> {
  const pages = await Promise.all(
    (
      [
        [CHECKOUT_PREFIX, 'pending'],
        [PAYMENT_PREFIX, 'failed'],
      ] as const
    ).map(([prefix, status]) =>
      queryAll({
        ConsistentRead: true,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        // records from before openedAt existed compare by Stripe's creation second
        FilterExpression:
          '#status = :status AND attribute_not_exists(closedAt) AND intentId <> :newest AND (openedAt < :openedAt OR (attribute_not_exists(openedAt) AND createdAt <= :createdAt))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pk': studentKeys.student(username),
          ':lo': `${prefix}${since}`,
          ':hi': `${prefix}\uffff`,
          ':newest': newest.intentId,
          ':status': status,
          ':openedAt': newest.openedAt ?? newest.createdAt,
          ':createdAt': newest.createdAt,
        },
      }),
    ),
  );
  return pages.flat().map((i) => Payment.fromItem(i));
}

/**
 * At most `limit` records of a status created before `cutoff` (gsi1), oldest first. Declined attempts
 * stay Failed (and indexed as failed) once closed, so for `failed` only those created after `since`
 * and not closed yet are read: the same old attempts are not read again every hour.
 */
export async function staleCheckouts(status: 'pending' | 'failed', cutoff: string, since: string, limit: number): Promise<PaymentRecord[]> {
  const input: QueryInput = {
    IndexName: 'gsi1',
    ...(status === 'pending'
      ? { KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :cutoff', ExpressionAttributeValues: { ':pk': paymentKeys.withStatus(status), ':cutoff': cutoff } }
      : {
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :since AND :cutoff',
          FilterExpression: 'attribute_not_exists(closedAt)',
          ExpressionAttributeValues: { ':pk': paymentKeys.withStatus(status), ':cutoff': cutoff, ':since': since },
        }),
  };
  const found: PaymentRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(input, limit, cursor);
    found.push(...page.items.map((i) => Payment.fromItem(i)));
    cursor = page.lastKey;
  } while (cursor && found.length < limit);
  return found.slice(0, limit);
}

/** Every payment record opened within [fromIso, toIso], whatever its status (one Query per status on gsi1). */
export async function paymentsOpenedBetween(fromIso: string, toIso: string): Promise<PaymentRecord[]> {
  const records: PaymentRecord[] = [];
  for (const status of PAYMENT_STATUSES) {
    const items = await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':pk': paymentKeys.withStatus(status), ':lo': fromIso, ':hi': `${toIso}\uffff` },
    });
    records.push(...items.map((i) => Payment.fromItem(i)));
  }
  return records;
}
