/**
 * What Stripe's facts do to a payment record and the student's ledger (rules: domain/payment-state.ts).
 * Every change is one transaction conditional on the state it was computed from; when another write
 * got there first (a second delivery, a concurrent refund, another payment of the same student), the
 * change is computed again from a fresh read instead of being dropped. A fact is applied at most once:
 * payments by the record's status, refunds by Stripe's refund id, other events by their marker.
 */
import type { LedgerEntry } from '../domain/ledger.js';
import { nowIso } from '../domain/clock.js';
import { Conflict } from '../domain/errors.js';
import { excessToRefund, isPaid, mayMove, owedByProgram, planRefunds, settleSucceeded } from '../domain/payment-state.js';
import { logger } from '../observability/powertools.js';
import { paymentSubject } from '../domain/audit-subjects.js';
import { auditPut, type AuditEntry } from './audit.js';
import { TABLE_NAME, transactWrite, type TransactItems } from './dynamo.js';
import { appliedEventPut, getPaymentByIntent, recordWrite } from './payment.js';
import { listRefunds, retrieveIntent, stripe } from './payment-gateway.js';
import { getStudentLedger, ledgerItem } from './student.js';
import { balanceUpdate, ensureOwedCounters, owedChange } from './student-ledger.js';

/** What applying a fact did; webhooks answer 200 for each, so Stripe stops retrying. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'unknown-intent' | 'ignored' | 'refused';

/** Attempts at one change before giving up (the webhook then answers 500 and Stripe retries later). */
const MAX_ATTEMPTS = 10;

/** Full-jitter exponential backoff: up to 20, 40, 80 ... 640 ms. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** Math.min(attempt - 1, 5)));

async function retrying<T>(what: string, intentId: string, attemptOnce: () => Promise<T | 'retry'>): Promise<T> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const result = await attemptOnce();
    if (result !== 'retry') return result;
    await pause(attempt);
  }
  throw new Error(`${what} for ${intentId}: the record kept changing under ${MAX_ATTEMPTS} attempts`);
}

export interface SucceededFact {
  /** Stripe's event id, or a synthetic `reconcile:`/`sync:` id when the fact was read from Stripe's API. */
  eventId: string;
  intentId: string;
  amountCents: number;
  paidAt: string;
  methodDetail: string | null;
  /** Written in the same transaction (reconciliation's repair entry). */
  audit?: AuditEntry;
}

/**
 * payment_intent.succeeded: the payment counts from now on. One transaction writes the event marker,
 * moves the record to succeeded (only from the status it was read in, and only for the amount we
 * asked for), adds one ledger entry per program for what it still owed, each conditional on the
 * program still owing that much (student-ledger.ts), and moves the cached balance. Whatever
 * the payment carries beyond what is owed is its excess, refunded at once.
 */
export async function applySucceeded(fact: SucceededFact): Promise<ApplyOutcome> {
  // whether the payment, as last seen, has an excess nobody asked Stripe to refund yet
  let excessWaiting = false;
  const outcome = await retrying('payment_intent.succeeded', fact.intentId, async () => {
    const record = await getPaymentByIntent(fact.intentId);
    if (!record) return 'unknown-intent' as const;
    excessWaiting = Boolean(record.excess && !record.excessRequestedAt);
    if (isPaid(record.status)) return 'duplicate' as const;
    if (record.amountCents !== fact.amountCents) {
      // Never expected (we create every intent with the stored amount): refuse loudly, record nothing.
      logger.error('Stripe amount differs from the pending payment', { intentId: fact.intentId, stripe: fact.amountCents, stored: record.amountCents });
      throw new Conflict(`amount: ${fact.amountCents} cents differs from the ${record.amountCents} cents of the pending payment`);
    }
    const ledger = await getStudentLedger(record.username);
    if (!ledger) {
      logger.error('A payment succeeded for a student who no longer exists', { intentId: fact.intentId, username: record.username });
      return 'unknown-intent' as const;
    }
    if (!(await ensureOwedCounters(ledger))) return 'retry' as const;
    const settled = settleSucceeded(record, owedByProgram(ledger.enrollments, ledger.entries), fact.paidAt);
    const result = await transactWrite([
      appliedEventPut(fact.eventId, 'payment_intent.succeeded'),
      ...recordWrite(record, { ...record, status: 'succeeded', updatedAt: fact.paidAt, methodDetail: fact.methodDetail, failureMessage: null, excess: settled.excess }),
      ...settled.entries.map((entry) => ({ Put: { TableName: TABLE_NAME, Item: ledgerItem(ledger.profile, entry), ConditionExpression: 'attribute_not_exists(pk)' } })),
      // each program still owes what this applies to it, or the payment is read again (its excess grows)
      ...settled.entries.map((entry) => owedChange(record.username, entry, -entry.amountCents, entry.amountCents)),
      balanceUpdate(record.username, settled.balanceDeltaCents),
      ...(fact.audit ? [auditPut(fact.audit)] : []),
    ]);
    excessWaiting = settled.excess !== null;
    if (result.ok) return 'applied' as const;
    // the marker exists: this very event was applied before
    if (result.failedConditions.includes(0)) return 'duplicate' as const;
    return 'retry' as const;
  });
  if (excessWaiting && (outcome === 'applied' || outcome === 'duplicate')) await refundExcess(fact.intentId);
  return outcome;
}

/**
 * Asks Stripe to refund a payment's excess, once: Stripe's idempotency key covers a retry within 24
 * hours, and Stripe's own refund list (an excess refund carries `kind: excess`) covers any retry
 * later; never more than Stripe still holds (domain excessToRefund). The request is audited by the
 * system, with the refund id, in the same write that notes it. Answers the refund id, or null.
 */
export async function refundExcess(intentId: string): Promise<string | null> {
  const record = await getPaymentByIntent(intentId);
  const excess = record?.excess;
  if (!record || !excess || record.excessRequestedAt) return null;
  const refunds = await listRefunds(intentId);
  const amountCents = excessToRefund(record, refunds);
  const refundId =
    refunds.find((r) => r.metadata.kind === 'excess')?.id ??
    (amountCents > 0
      ? (
          await (
            await stripe()
          ).refunds.create(
            {
              payment_intent: intentId,
              amount: amountCents,
              reason: 'duplicate',
              metadata: { kind: 'excess', username: record.username, allocation: excess.items.map((x) => `${x.programType}/${x.programId}/${x.amountCents}`).join(',') },
            },
            { idempotencyKey: `excess-refund:${intentId}` },
          )
        ).id
      : null);
  const at = nowIso();
  // refunded in full by other refunds already: nothing left to ask Stripe for
  const noted = refundId ? { ...excess, refundId: excess.refundId ?? refundId } : { ...excess, status: 'refunded' as const };
  const written = await transactWrite([
    ...recordWrite(record, { ...record, excessRequestedAt: at, excess: noted }),
    auditPut(
      {
        actor: 'system',
        action: 'payment.excess.refund',
        entityType: 'payment',
        entityId: intentId,
        subject: paymentSubject(record),
        after: { username: record.username, excessCents: excess.amountCents, refundCents: amountCents, refundId, items: excess.items },
      },
      at,
    ),
  ]);
  if (!written.ok) return refundExcess(intentId); // the record moved on meanwhile (its refund landed): note it on the fresh one
  logger.warn('Excess payment refunded', { intentId, username: record.username, amountCents, refundId });
  return refundId;
}

/**
 * Stripe's refunds of a payment, applied by refund id: each one lands in the ledger exactly once,
 * however many charge.refunded events arrive, in whatever order, and however many refunds were made
 * at once. A refund whose payment the portal has not recorded yet (its succeeded event is late or
 * lost) makes us read the intent from Stripe and record the payment first.
 * `claimedTotalCents` is what the triggering event says was refunded: more than the payment is refused.
 */
export async function applyRefunds(opts: { intentId: string; claimedTotalCents?: number; at: string; audit?: AuditEntry }): Promise<ApplyOutcome> {
  return retrying('refunds', opts.intentId, async () => {
    const record = await getPaymentByIntent(opts.intentId);
    if (!record) return 'unknown-intent' as const;
    if (opts.claimedTotalCents !== undefined && opts.claimedTotalCents > record.amountCents) {
      logger.error('A refund event claims more than the payment', { intentId: opts.intentId, claimed: opts.claimedTotalCents, paid: record.amountCents });
      return 'refused' as const;
    }
    if (!isPaid(record.status)) {
      const intent = await retrieveIntent(opts.intentId);
      if (intent.status !== 'succeeded') return 'ignored' as const;
      await applySucceeded({ eventId: `sync:${intent.id}:succeeded`, intentId: intent.id, amountCents: intent.amount_received, paidAt: opts.at, methodDetail: null });
      return 'retry' as const;
    }
    const plan = planRefunds(record, await listRefunds(opts.intentId), opts.at);
    if (plan.kind === 'refused') {
      logger.error('Refunds refused', { intentId: opts.intentId, reason: plan.reason });
      return 'refused' as const;
    }
    if (plan.kind === 'nothing-new') return 'duplicate' as const;
    const ledger = await getStudentLedger(record.username);
    if (ledger && !(await ensureOwedCounters(ledger))) return 'retry' as const;
    const ref = ledger?.profile ?? { username: record.username, lastName: '', cohortId: null };
    const items: TransactItems = [
      ...recordWrite(record, { ...record, ...plan.next, updatedAt: opts.at }),
      ...plan.entries.map((entry) => ({ Put: { TableName: TABLE_NAME, Item: ledgerItem(ref, entry), ConditionExpression: 'attribute_not_exists(pk)' } })),
      ...owedChangesOf(record.username, plan.entries),
      balanceUpdate(record.username, plan.balanceDeltaCents),
      ...(opts.audit ? [auditPut(opts.audit)] : []),
    ];
    return (await transactWrite(items)).ok ? ('applied' as const) : ('retry' as const);
  });
}

/** One counter change per program (a transaction may touch an item once), however many entries it has. */
function owedChangesOf(username: string, entries: LedgerEntry[]) {
  const byProgram = new Map<string, { entry: LedgerEntry; cents: number }>();
  for (const entry of entries) {
    const key = `${entry.programType}#${entry.programId}`;
    const sum = byProgram.get(key) ?? { entry, cents: 0 };
    sum.cents += entry.amountCents;
    byProgram.set(key, sum);
  }
  return [...byProgram.values()].map(({ entry, cents }) => owedChange(username, entry, cents));
}

/**
 * payment_intent.processing / payment_failed / canceled: the record's status follows, unless it is
 * already paid (never downgraded) or canceled (only a payment revives it).
 */
export async function applyStatus(opts: {
  eventId: string;
  intentId: string;
  status: 'processing' | 'failed' | 'canceled';
  message?: string;
  at: string;
  audit?: AuditEntry;
}): Promise<ApplyOutcome> {
  return retrying(`payment_intent ${opts.status}`, opts.intentId, async () => {
    const record = await getPaymentByIntent(opts.intentId);
    if (!record) return 'unknown-intent' as const;
    if (!mayMove(record.status, opts.status)) return 'ignored' as const;
    const result = await transactWrite([
      appliedEventPut(opts.eventId, `payment_intent.${opts.status}`),
      ...recordWrite(record, { ...record, status: opts.status, updatedAt: opts.at, failureMessage: opts.message ?? record.failureMessage ?? null }),
      ...(opts.audit ? [auditPut(opts.audit)] : []),
    ]);
    if (result.ok) return 'applied' as const;
    if (result.failedConditions.includes(0)) return 'duplicate' as const;
    return 'retry' as const;
  });
}
