/**
 * Card payments: the record layout and its reads. Each Stripe PaymentIntent is one PAYMENT record in
 * the student's collection plus a lookup item by intent id. What Stripe's facts do to a record and to
 * the ledger is in store/payment-events.ts (rules in domain/payment-state.ts); opening and abandoning
 * checkouts is in store/checkouts.ts.
 *
 * Indexes: gsi1 `PAYMENTS#<status>` (finance's status filter, the stale-checkout sweep, reconciliation);
 * gsi2 `PAYMENTS` (the unfiltered finance ledger) holds only the listed statuses (money moved, or an
 * attempt failed): an opened or canceled checkout is not in it at all, so no page filters it away.
 */
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { LISTED_PAYMENT_STATUSES, type PaymentStatus } from '../contract/payment-status.js';
import { Invalid } from '../domain/errors.js';
import type { PaymentState } from '../domain/payment-state.js';
import { auditPut, type AuditEntry } from './audit.js';
import { db, TABLE_NAME } from './dynamo.js';
import { keys, prefixes } from './keys.js';
import type { Item } from './students.js';
import { TTL_ATTRIBUTE } from './table-schema.js';
import { transactWrite, type TransactItems } from './dynamo.js';

export interface PaymentRecord extends PaymentState {
  username: string;
  studentName: string;
  createdAt: string;
  updatedAt: string;
  currency: 'usd';
  method: string;
  methodDetail: string | null;
  failureMessage: string | null;
  /** When the system asked Stripe to refund the excess (with its audit entry); absent until then. */
  excessRequestedAt?: string;
  /** When the checkout was opened, by our clock in milliseconds (which of two tabs is the newer). */
  openedAt?: string;
  /** When a declined attempt's intent was canceled at Stripe (it stays Failed, and is not canceled again). */
  closedAt?: string;
  /** Bumped by every write; each write is conditional on the version it read (absent on seeded records). */
  version?: number;
}

/** Canceled checkouts stay listable for finance (status filter) this long, then expire. */
const CANCELED_CHECKOUT_DAYS = 90;

export const isListed = (status: PaymentStatus) => (LISTED_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);

/** Where a record lives: with the student's payments once listed, else with their checkouts. */
export function recordKey(r: Pick<PaymentRecord, 'username' | 'createdAt' | 'intentId' | 'status'>) {
  return { pk: keys.student(r.username), sk: isListed(r.status) ? keys.payment(r.createdAt, r.intentId) : keys.checkout(r.createdAt, r.intentId) };
}

const lookupKey = (intentId: string) => ({ pk: keys.paymentIntent(intentId), sk: keys.paymentIntentItem });

/**
 * The record (at its place, with its index keys: gsi1 by status always, gsi2 only while listed) and
 * its lookup item by intent id. A canceled checkout and its lookup expire after 90 days.
 */
export function paymentItems(r: PaymentRecord): Item[] {
  const expires = r.status === 'canceled' ? { [TTL_ATTRIBUTE]: Math.floor(Date.parse(r.updatedAt) / 1000) + CANCELED_CHECKOUT_DAYS * 86_400 } : {};
  return [
    {
      ...recordKey(r), type: 'payment', ...r, ...expires,
      gsi1pk: keys.paymentsWithStatus(r.status), gsi1sk: `${r.createdAt}#${r.intentId}`,
      ...(isListed(r.status) ? { gsi2pk: keys.paymentsFeed, gsi2sk: `${r.createdAt}#${r.intentId}` } : {}),
    },
    { ...lookupKey(r.intentId), type: 'paymentIntent', username: r.username, recordSk: recordKey(r).sk, ...expires },
  ];
}

/**
 * TransactWrite items that replace `current` (as read) with `next`, conditional on nothing having
 * written the record since it was read (its version): in place, or moved between the checkouts and
 * the payments of the student (with its lookup item) when its status changes where it belongs.
 */
export function recordWrite(current: PaymentRecord, next: PaymentRecord): TransactItems {
  const unchanged = current.version === undefined
    ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(version)' }
    : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': current.version } };
  const [record, lookup] = paymentItems({ ...next, version: (current.version ?? 0) + 1 });
  const from = recordKey(current);
  if (from.sk === record!.sk) return [{ Put: { TableName: TABLE_NAME, Item: record!, ...unchanged } }];
  return [
    { Delete: { TableName: TABLE_NAME, Key: from, ...unchanged } },
    { Put: { TableName: TABLE_NAME, Item: record!, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: lookup! } },
  ];
}

export const toRecord = (item: Item): PaymentRecord => {
  const { pk: _a, sk: _b, type: _c, gsi1pk: _d, gsi1sk: _e, gsi2pk: _f, gsi2sk: _g, [TTL_ATTRIBUTE]: _h, ...rest } = item;
  const record = rest as unknown as PaymentRecord;
  return { ...record, refundIds: record.refundIds ?? [], excess: record.excess ?? null };
};

/**
 * Stores a new pending payment and answers it; an intent already stored (a repeated checkout call
 * with the same idempotency key) is left as it is and answered as stored.
 * `audit` (an admin paying on a student's behalf) is written in the same transaction.
 */
export async function createPendingPayment(record: PaymentRecord, audit?: AuditEntry): Promise<PaymentRecord> {
  const [paymentItem, lookupItem] = paymentItems({ ...record, version: 1 });
  const result = await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: paymentItem!, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: lookupItem!, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...(audit ? [auditPut(audit)] : []),
  ]);
  return result.ok ? { ...record, version: 1 } : ((await getPaymentByIntent(record.intentId)) ?? record);
}

export async function getPaymentByIntent(intentId: string): Promise<PaymentRecord | null> {
  // a record moved (checkout -> payment) between the two reads is read again where it went
  for (let attempt = 1; attempt <= 3; attempt++) {
    const lookup = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: lookupKey(intentId), ConsistentRead: true }));
    if (!lookup.Item) return null;
    const found = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: keys.student(String(lookup.Item.username)), sk: String(lookup.Item.recordSk) }, ConsistentRead: true }));
    if (found.Item) return toRecord(found.Item);
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
  let input: QueryCommandInput;
  if (q.username) {
    // the student's payments (what moved money or failed) need no filter; their checkouts are apart
    const prefix = q.status && !isListed(q.status) ? prefixes.checkout : prefixes.payment;
    input = {
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':pk': keys.student(q.username), ':lo': `${prefix}${lower}`, ':hi': `${prefix}${upper}` },
      ...(q.status ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } } : {}),
    };
    if (q.status) input.ExpressionAttributeValues![':status'] = q.status;
  } else {
    const [index, pkName, skName, pkValue] = q.status
      ? ['gsi1', 'gsi1pk', 'gsi1sk', keys.paymentsWithStatus(q.status)]
      : ['gsi2', 'gsi2pk', 'gsi2sk', keys.paymentsFeed];
    input = {
      TableName: TABLE_NAME, IndexName: index,
      KeyConditionExpression: `${pkName} = :pk AND ${skName} BETWEEN :lo AND :hi`,
      ExpressionAttributeValues: { ':pk': pkValue, ':lo': lower, ':hi': upper },
    };
  }
  let page;
  try {
    page = await db.send(new QueryCommand({ ...input, ScanIndexForward: false, Limit: q.limit, ExclusiveStartKey: q.cursor }));
  } catch (error) {
    // a cursor from another query (other filters, another student) does not fit this one
    if (q.cursor && (error as Error).name === 'ValidationException') throw new Invalid('cursor: does not belong to this list');
    throw error;
  }
  return { records: (page.Items ?? []).map(toRecord), lastKey: page.LastEvaluatedKey };
}
