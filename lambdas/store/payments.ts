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
import { LISTED_PAYMENT_STATUSES, type PaymentStatus } from '../contract/payments.js';
import { Invalid } from '../domain/errors.js';
import type { PaymentState } from '../domain/payment-state.js';
import { auditPut, type AuditEntry } from './audit.js';
import { db, TABLE_NAME } from './dynamo.js';
import { keys, prefixes } from './keys.js';
import type { Item } from './students.js';
import { transactWrite } from './transact.js';

export type { PaymentItem } from '../domain/payment-state.js';

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
}

export function recordKey(r: Pick<PaymentRecord, 'username' | 'createdAt' | 'intentId'>) {
  return { pk: keys.student(r.username), sk: keys.payment(r.createdAt, r.intentId) };
}

export const isListed = (status: PaymentStatus) => (LISTED_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);

/** The index attributes of a record in `status` (gsi2 only while listed). */
export function statusIndexKeys(status: PaymentStatus, r: Pick<PaymentRecord, 'createdAt' | 'intentId'>): Item {
  return {
    gsi1pk: keys.paymentsWithStatus(status), gsi1sk: `${r.createdAt}#${r.intentId}`,
    ...(isListed(status) ? { gsi2pk: keys.paymentsFeed, gsi2sk: `${r.createdAt}#${r.intentId}` } : {}),
  };
}

/**
 * The UpdateExpression parts that move a record to `status` with its index keys, for store writes:
 * `set` joins a SET clause, `remove` (taking a canceled payment out of the feed) a REMOVE clause.
 */
export function statusMove(status: PaymentStatus, r: Pick<PaymentRecord, 'createdAt' | 'intentId'>) {
  const listed = isListed(status);
  return {
    set: `#status = :status, gsi1pk = :gsi1pk${listed ? ', gsi2pk = :gsi2pk, gsi2sk = :gsi2sk' : ''}`,
    remove: listed ? '' : ' REMOVE gsi2pk, gsi2sk',
    values: {
      ':status': status, ':gsi1pk': keys.paymentsWithStatus(status),
      ...(listed ? { ':gsi2pk': keys.paymentsFeed, ':gsi2sk': `${r.createdAt}#${r.intentId}` } : {}),
    },
  };
}

/** The record and its lookup item (used by createPendingPayment and by the demo seed). */
export function paymentItems(r: PaymentRecord): Item[] {
  return [
    { ...recordKey(r), type: 'payment', ...r, ...statusIndexKeys(r.status, r) },
    { pk: keys.paymentIntent(r.intentId), sk: keys.paymentIntentItem, type: 'paymentIntent', username: r.username, recordSk: keys.payment(r.createdAt, r.intentId) },
  ];
}

export const toRecord = (item: Item): PaymentRecord => {
  const { pk: _a, sk: _b, type: _c, gsi1pk: _d, gsi1sk: _e, gsi2pk: _f, gsi2sk: _g, ...rest } = item;
  const record = rest as unknown as PaymentRecord;
  return { ...record, refundIds: record.refundIds ?? [], excess: record.excess ?? null };
};

/**
 * Stores a new pending payment; answers false when this intent is already stored (a repeated
 * checkout call with the same idempotency key), which is left as it is.
 * `audit` (an admin paying on a student's behalf) is written in the same transaction.
 */
export async function createPendingPayment(record: PaymentRecord, audit?: AuditEntry): Promise<boolean> {
  const [paymentItem, lookupItem] = paymentItems(record);
  const result = await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: paymentItem, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: lookupItem, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...(audit ? [auditPut(audit)] : []),
  ]);
  return result.ok;
}

export async function getPaymentByIntent(intentId: string): Promise<PaymentRecord | null> {
  const lookup = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: keys.paymentIntent(intentId), sk: keys.paymentIntentItem } }));
  if (!lookup.Item) return null;
  const found = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: keys.student(String(lookup.Item.username)), sk: String(lookup.Item.recordSk) }, ConsistentRead: true }));
  return found.Item ? toRecord(found.Item) : null;
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
 * Newest first, one Query whichever filter is set: by student (their collection), by status (gsi1)
 * or all listed statuses (gsi2), the date range always in the sort key. Within one student's payments
 * the status (or "listed statuses" without one) is filtered after reading.
 */
export async function listPayments(q: PaymentQuery): Promise<PaymentResults> {
  const lower = q.from ? `${q.from}T00:00:00.000Z` : '0';
  const upper = q.to ? `${q.to}T23:59:59.999Z\uffff` : '\uffff';
  let input: QueryCommandInput;
  if (q.username) {
    input = {
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':pk': keys.student(q.username), ':lo': `${prefixes.payment}${lower}`, ':hi': `${prefixes.payment}${upper}` },
      ...(q.status ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } } : {}),
    };
    if (q.status) input.ExpressionAttributeValues![':status'] = q.status;
    else {
      // a student's own list shows what moved money or failed, never opened or canceled checkouts
      input.FilterExpression = '#status IN (' + LISTED_PAYMENT_STATUSES.map((_, i) => `:listed${i}`).join(', ') + ')';
      input.ExpressionAttributeNames = { '#status': 'status' };
      LISTED_PAYMENT_STATUSES.forEach((status, i) => { input.ExpressionAttributeValues![`:listed${i}`] = status; });
    }
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
