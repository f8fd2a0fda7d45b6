/**
 * Card payments. Each Stripe PaymentIntent is one PAYMENT record in the student's collection
 * (status pending -> succeeded | failed -> refunded), plus a lookup item by intent id. The ledger
 * (what balances are computed from) changes only when a verified Stripe event is applied here, in
 * one transaction with a marker for that event, so a replayed or duplicated event changes nothing.
 */
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { PaymentStatus } from '../contract/payments.js';
import { Conflict, Invalid } from '../domain/errors.js';
import { logger } from '../observability/powertools.js';
import type { Allocation } from '../domain/payment-plan.js';
import type { LedgerEntry } from '../domain/ledger.js';
import { TTL_ATTRIBUTE } from './table-schema.js';
import { auditPut, type AuditEntry } from './audit.js';
import { db, TABLE_NAME } from './dynamo.js';
import { keys, prefixes } from './keys.js';
import { getStudentRef, ledgerItem, type Item } from './students.js';
import { transactWrite, type TransactItems } from './transact.js';

export interface PaymentItem extends Allocation {
  refundedCents: number;
}

export interface PaymentRecord {
  intentId: string;
  username: string;
  studentName: string;
  createdAt: string;
  updatedAt: string;
  amountCents: number;
  refundedCents: number;
  currency: 'usd';
  status: PaymentStatus;
  method: string;
  methodDetail: string | null;
  failureMessage: string | null;
  items: PaymentItem[];
}

const EVENT_MARKER_DAYS = 30;

function recordKey(r: Pick<PaymentRecord, 'username' | 'createdAt' | 'intentId'>) {
  return { pk: keys.student(r.username), sk: keys.payment(r.createdAt, r.intentId) };
}

function statusKeys(status: PaymentStatus, createdAt: string, intentId: string) {
  return { gsi1pk: keys.paymentsWithStatus(status), gsi1sk: `${createdAt}#${intentId}` };
}

/** The record and its lookup item (used by createPendingPayment and by the demo seed). */
export function paymentItems(r: PaymentRecord): Item[] {
  return [
    {
      ...recordKey(r), type: 'payment', ...r,
      ...statusKeys(r.status, r.createdAt, r.intentId),
      gsi2pk: keys.paymentsFeed, gsi2sk: `${r.createdAt}#${r.intentId}`,
    },
    { pk: keys.paymentIntent(r.intentId), sk: keys.paymentIntentItem, type: 'paymentIntent', username: r.username, recordSk: keys.payment(r.createdAt, r.intentId) },
  ];
}

const toRecord = (item: Item): PaymentRecord => {
  const { pk: _a, sk: _b, type: _c, gsi1pk: _d, gsi1sk: _e, gsi2pk: _f, gsi2sk: _g, ...rest } = item;
  return rest as unknown as PaymentRecord;
};

/**
 * Stores a new pending payment; an intent already stored (a repeated checkout call) is left as it is.
 * `audit` (an admin paying on a student's behalf) is written in the same transaction.
 */
export async function createPendingPayment(record: PaymentRecord, audit?: AuditEntry): Promise<void> {
  const [paymentItem, lookupItem] = paymentItems(record);
  // a failed condition means this intent is already stored: nothing to do
  await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: paymentItem, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: lookupItem, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...(audit ? [auditPut(audit)] : []),
  ]);
}

export async function getPaymentByIntent(intentId: string): Promise<PaymentRecord | null> {
  const lookup = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: keys.paymentIntent(intentId), sk: keys.paymentIntentItem } }));
  if (!lookup.Item) return null;
  const found = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: keys.student(String(lookup.Item.username)), sk: String(lookup.Item.recordSk) } }));
  return found.Item ? toRecord(found.Item) : null;
}

/** What applying an event did; webhooks answer 200 in every case so Stripe stops retrying. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'unknown-intent' | 'ignored';

const eventMarker = (eventId: string, type: string) => ({
  Put: {
    TableName: TABLE_NAME,
    Item: {
      pk: keys.stripeEvent(eventId), sk: keys.stripeEvent(eventId), type: 'stripeEvent', eventType: type,
      receivedAt: new Date().toISOString(), [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + EVENT_MARKER_DAYS * 86_400,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

async function transact(items: TransactItems): Promise<'ok' | 'conflict'> {
  return (await transactWrite(items)).ok ? 'ok' : 'conflict';
}

/** Keeps the profile's cached balance in step with the ledger entries of the same transaction. */
const balanceChange = (username: string, deltaCents: number) => ({
  Update: {
    TableName: TABLE_NAME, Key: { pk: keys.student(username), sk: keys.studentProfile },
    UpdateExpression: 'ADD balanceCents :delta', ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':delta': deltaCents },
  },
});

/**
 * payment_intent.succeeded: the payment counts from now on. One transaction writes the event
 * marker, moves the record to succeeded (only from another status, and only if the amount is the
 * one we asked for) and adds one ledger entry per program paid.
 */
export async function applySucceeded(opts: { eventId: string; intentId: string; amountCents: number; paidAt: string; methodDetail: string | null }): Promise<ApplyOutcome> {
  const record = await getPaymentByIntent(opts.intentId);
  if (!record) return 'unknown-intent';
  if (record.status === 'succeeded' || record.status === 'refunded' || record.status === 'partially_refunded') return 'duplicate';
  if (record.amountCents !== opts.amountCents) {
    // Never expected (we create every intent with the stored amount): refuse loudly, record nothing.
    logger.error('Stripe amount differs from the pending payment', { intentId: opts.intentId, stripe: opts.amountCents, stored: record.amountCents });
    throw new Conflict(`amount: ${opts.amountCents} cents differs from the ${record.amountCents} cents of the pending payment`);
  }
  const student = (await getStudentRef(record.username)) ?? { username: record.username, lastName: '', cohortId: null };
  const entries: LedgerEntry[] = record.items.map((item, i) => ({
    entryId: `${record.intentId}-${i}`, kind: 'payment', programType: item.programType, programId: item.programId,
    amountCents: item.amountCents, createdAt: opts.paidAt, status: 'succeeded', method: 'card', reference: record.intentId,
  }));
  const result = await transact([
    eventMarker(opts.eventId, 'payment_intent.succeeded'),
    {
      Update: {
        TableName: TABLE_NAME, Key: recordKey(record),
        UpdateExpression: 'SET #status = :succeeded, updatedAt = :now, methodDetail = :detail, failureMessage = :none, gsi1pk = :gsi1pk',
        ConditionExpression: 'attribute_exists(pk) AND #status IN (:pending, :failed) AND amountCents = :amount',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':succeeded': 'succeeded', ':pending': 'pending', ':failed': 'failed', ':now': opts.paidAt, ':detail': opts.methodDetail,
          ':none': null, ':amount': opts.amountCents, ':gsi1pk': keys.paymentsWithStatus('succeeded'),
        },
      },
    },
    ...entries.map((entry) => ({ Put: { TableName: TABLE_NAME, Item: ledgerItem(student, entry), ConditionExpression: 'attribute_not_exists(pk)' } })),
    balanceChange(record.username, -record.amountCents),
  ]);
  return result === 'ok' ? 'applied' : 'duplicate';
}

/** payment_intent.payment_failed: a pending (or already failed) payment records the decline; a succeeded one is never downgraded. */
export async function applyFailed(opts: { eventId: string; intentId: string; message: string; at: string }): Promise<ApplyOutcome> {
  const record = await getPaymentByIntent(opts.intentId);
  if (!record) return 'unknown-intent';
  if (record.status !== 'pending' && record.status !== 'failed') return 'ignored';
  const result = await transact([
    eventMarker(opts.eventId, 'payment_intent.payment_failed'),
    {
      Update: {
        TableName: TABLE_NAME, Key: recordKey(record),
        UpdateExpression: 'SET #status = :failed, updatedAt = :now, failureMessage = :message, gsi1pk = :gsi1pk',
        ConditionExpression: '#status IN (:pending, :failed)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':now': opts.at, ':message': opts.message, ':gsi1pk': keys.paymentsWithStatus('failed') },
      },
    },
  ]);
  return result === 'ok' ? 'applied' : 'duplicate';
}

/**
 * charge.refunded carries the charge's cumulative `amount_refunded`; the difference from what we have
 * recorded is the new refund, spread over the payment's programs in order. The update is conditional
 * on the recorded total, so two deliveries can never both apply.
 */
export async function applyRefund(opts: { eventId: string; intentId: string; totalRefundedCents: number; chargeId: string; at: string }): Promise<ApplyOutcome> {
  const record = await getPaymentByIntent(opts.intentId);
  if (!record) return 'unknown-intent';
  let delta = opts.totalRefundedCents - record.refundedCents;
  if (delta <= 0 || record.status === 'pending' || record.status === 'failed') return 'duplicate';
  const student = (await getStudentRef(record.username)) ?? { username: record.username, lastName: '', cohortId: null };
  const items = record.items.map((item) => ({ ...item }));
  const entries: LedgerEntry[] = [];
  items.forEach((item, i) => {
    const take = Math.min(delta, item.amountCents - item.refundedCents);
    if (take <= 0) return;
    item.refundedCents += take;
    delta -= take;
    entries.push({
      entryId: `${opts.chargeId}-refund-${opts.totalRefundedCents}-${i}`, kind: 'refund', programType: item.programType,
      programId: item.programId, amountCents: take, createdAt: opts.at, reference: record.intentId, method: 'card',
    });
  });
  const status: PaymentStatus = opts.totalRefundedCents >= record.amountCents ? 'refunded' : 'partially_refunded';
  const result = await transact([
    eventMarker(opts.eventId, 'charge.refunded'),
    {
      Update: {
        TableName: TABLE_NAME, Key: recordKey(record),
        UpdateExpression: 'SET #status = :status, refundedCents = :total, #items = :items, updatedAt = :now, gsi1pk = :gsi1pk',
        ConditionExpression: 'refundedCents = :previous',
        ExpressionAttributeNames: { '#status': 'status', '#items': 'items' },
        ExpressionAttributeValues: {
          ':status': status, ':total': opts.totalRefundedCents, ':items': items, ':now': opts.at,
          ':previous': record.refundedCents, ':gsi1pk': keys.paymentsWithStatus(status),
        },
      },
    },
    ...entries.map((entry) => ({ Put: { TableName: TABLE_NAME, Item: ledgerItem(student, entry), ConditionExpression: 'attribute_not_exists(pk)' } })),
    balanceChange(record.username, opts.totalRefundedCents - record.refundedCents),
  ]);
  return result === 'ok' ? 'applied' : 'duplicate';
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
 * or all (gsi2), the date range always in the sort key. Only "student and status together" filters
 * after reading, within one student's payments.
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
