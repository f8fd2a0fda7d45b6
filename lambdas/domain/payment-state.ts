/**
 * The payment state machine: what a verified Stripe fact does to one payment and to the student's
 * ledger. Pure (no I/O): store/payment-events.ts reads the record and the ledger, calls these, and writes
 * the result in one conditional transaction, retrying from a fresh read when another write won.
 *
 * The money invariants these rules keep (payment-state.property.test.ts checks them over random
 * interleavings of checkouts, confirmations, cancellations, refunds and duplicated or reordered events):
 *  1. For every student and program, succeeded payments - refunds <= charges - credits: a payment that
 *     arrives carrying more than is owed (two tabs, a stale cart) enters the ledger only for what was
 *     owed; the rest is its excess, never counted as paid, and refunded through Stripe at once.
 *  2. The cached balance moves by exactly what the entries written with it add up to.
 *  3. Every refund Stripe made is in the ledger exactly once (refunds are applied by Stripe's refund
 *     id, never by "the difference since last time"), and never more than the payment.
 *  4. Only a verified Stripe fact (a signed event, or Stripe's own API read back) moves money.
 *
 *   pending ──confirm──> processing ──> succeeded ──refund──> partially_refunded ──> refunded
 *      │ └──decline──> failed ──(retry with another card)──> succeeded
 *      └──newer checkout / 24 h──> canceled
 */
import type { PaymentStatus } from '../contract/payments.js';
import { totalsByProgram, type Enrollment, type LedgerEntry } from './ledger.js';
import type { ProgramType } from '../contract/programs.js';
import type { Cents } from './money.js';

export interface PaymentItem {
  programType: ProgramType;
  programId: string;
  programName: string;
  /** What the student paid for this program (including any excess). */
  amountCents: Cents;
  /** Refunds of the part in the ledger (the excess's own refunds are on `excess`). */
  refundedCents: Cents;
}

/**
 * The part of a payment that was not owed when it was applied: kept out of the ledger and refunded
 * automatically. `refundedCents` per program is how much of it Stripe has given back so far.
 */
export interface ExcessRefund {
  amountCents: Cents;
  items: Array<{ programType: ProgramType; programId: string; amountCents: Cents; refundedCents: Cents }>;
  /** Stripe's refund id once it was asked for (the webhook and reconciliation retry until it is). */
  refundId?: string;
  status: 'requested' | 'refunded';
}

export interface PaymentState {
  intentId: string;
  amountCents: Cents;
  refundedCents: Cents;
  status: PaymentStatus;
  items: PaymentItem[];
  /** Stripe refund ids already in the ledger. */
  refundIds: string[];
  excess: ExcessRefund | null;
}

/** Statuses in which Stripe holds the money (it may be refunded). */
export const PAID_STATUSES: readonly PaymentStatus[] = ['succeeded', 'partially_refunded', 'refunded'];

export const isPaid = (status: PaymentStatus) => PAID_STATUSES.includes(status);

const programKey = (type: ProgramType, id: string) => `${type}#${id}`;

/** What is still owed per program (charges - credits - payments + refunds), from the ledger's entries. */
export function owedByProgram(enrollments: Enrollment[], entries: LedgerEntry[]): Map<string, Cents> {
  return new Map(totalsByProgram(enrollments, entries).map((t) => [programKey(t.enrollment.programType, t.enrollment.programId), t.dueCents - t.paidCents]));
}

export interface Settlement {
  /** One payment entry per program, for the part that was owed (the excess never enters the ledger). */
  entries: LedgerEntry[];
  /** What the cached balance moves by. */
  balanceDeltaCents: Cents;
  excess: ExcessRefund | null;
}

/** How much of a paid item is in the ledger: all of it but its excess. */
export function recordedCents(item: Pick<PaymentItem, 'programType' | 'programId' | 'amountCents'>, excess: ExcessRefund | null): Cents {
  const over = excess?.items.find((x) => x.programType === item.programType && x.programId === item.programId)?.amountCents ?? 0;
  return item.amountCents - over;
}

/**
 * payment_intent.succeeded for `payment`, applied to the ledger as it is now. Each item enters the
 * ledger for at most what its program still owes; whatever it carries beyond that (two tabs both
 * paid, a stale cart) is the payment's excess, to be refunded at once.
 */
export function settleSucceeded(payment: Pick<PaymentState, 'intentId' | 'items'>, owed: Map<string, Cents>, paidAt: string): Settlement {
  const remaining = new Map(owed);
  const excessItems: ExcessRefund['items'] = [];
  const entries: LedgerEntry[] = [];
  payment.items.forEach((item, i) => {
    const key = programKey(item.programType, item.programId);
    const owes = Math.max(0, remaining.get(key) ?? 0);
    const applied = Math.min(item.amountCents, owes);
    remaining.set(key, (remaining.get(key) ?? 0) - applied);
    if (item.amountCents > applied) excessItems.push({ programType: item.programType, programId: item.programId, amountCents: item.amountCents - applied, refundedCents: 0 });
    if (applied > 0) {
      entries.push({
        entryId: `${payment.intentId}-${i}`,
        kind: 'payment',
        programType: item.programType,
        programId: item.programId,
        amountCents: applied,
        createdAt: paidAt,
        status: 'succeeded',
        method: 'card',
        reference: payment.intentId,
      });
    }
  });
  const excessCents = excessItems.reduce((n, x) => n + x.amountCents, 0);
  return {
    entries,
    balanceDeltaCents: -entries.reduce((n, e) => n + e.amountCents, 0),
    excess: excessCents > 0 ? { amountCents: excessCents, items: excessItems, status: 'requested' } : null,
  };
}

/** A refund as Stripe reports it (GET /v1/refunds?payment_intent=...). */
export interface StripeRefundFact {
  id: string;
  amountCents: Cents;
  /** Stripe: pending | requires_action | succeeded | failed | canceled. */
  status: string;
  /** Set by us on the refunds we ask for: `kind: 'excess'` marks the automatic excess refund. */
  metadata: Record<string, string>;
  createdAt: string;
}

/** Refunds that move (or have moved) money back to the card; failed and canceled ones never did. */
export const countsAsRefunded = (r: StripeRefundFact) => r.status !== 'failed' && r.status !== 'canceled';

export type RefundPlan =
  | {
      kind: 'apply';
      entries: LedgerEntry[];
      next: Pick<PaymentState, 'items' | 'refundedCents' | 'refundIds' | 'status' | 'excess'>;
      balanceDeltaCents: Cents;
      appliedIds: string[];
    }
  | { kind: 'nothing-new' }
  | { kind: 'refused'; reason: string };

/**
 * The refunds of `refunds` that the payment does not have yet. Each is taken first from the part it
 * is meant for: the automatic excess refund (`kind: excess`) from the excess, which is not in the
 * ledger (so no entry); any other refund from what the ledger holds, item by item, a ledger refund
 * entry per program; whatever is left of either from the other part. Refused (nothing applied) when
 * Stripe's refunds would add up to more than the payment, which Stripe itself never allows.
 */
export function planRefunds(payment: PaymentState, refunds: StripeRefundFact[], at: string): RefundPlan {
  if (!isPaid(payment.status)) return { kind: 'refused', reason: `a ${payment.status} payment has no refunds to apply` };
  const counted = refunds.filter(countsAsRefunded);
  const total = counted.reduce((n, r) => n + r.amountCents, 0);
  if (total > payment.amountCents || counted.some((r) => !Number.isInteger(r.amountCents) || r.amountCents <= 0)) {
    return { kind: 'refused', reason: `refunds of ${total} cents exceed the ${payment.amountCents} cents paid` };
  }
  const known = new Set(payment.refundIds);
  const fresh = counted.filter((r) => !known.has(r.id)).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  if (fresh.length === 0) return { kind: 'nothing-new' };

  const items = payment.items.map((item) => ({ ...item }));
  const excessItems = payment.excess?.items.map((x) => ({ ...x })) ?? [];
  const entries: LedgerEntry[] = [];
  const fromLedger = (refund: StripeRefundFact, left: Cents): Cents => {
    items.forEach((item, index) => {
      const cents = Math.min(left, recordedCents(item, payment.excess) - item.refundedCents);
      if (cents <= 0) return;
      item.refundedCents += cents;
      left -= cents;
      entries.push({
        entryId: `refund-${refund.id}-${index}`,
        kind: 'refund',
        programType: item.programType,
        programId: item.programId,
        amountCents: cents,
        createdAt: at,
        reference: payment.intentId,
        method: 'card',
      });
    });
    return left;
  };
  const fromExcess = (left: Cents): Cents => {
    for (const part of excessItems) {
      const cents = Math.min(left, part.amountCents - part.refundedCents);
      part.refundedCents += cents;
      left -= cents;
    }
    return left;
  };
  for (const refund of fresh) {
    const left = refund.metadata.kind === 'excess' ? fromLedger(refund, fromExcess(refund.amountCents)) : fromExcess(fromLedger(refund, refund.amountCents));
    if (left !== 0) return { kind: 'refused', reason: `refund ${refund.id} is ${left} cents more than is left of the payment` };
  }
  const refundedCents = payment.refundedCents + fresh.reduce((n, r) => n + r.amountCents, 0);
  const excess = payment.excess && {
    ...payment.excess,
    items: excessItems,
    refundId: payment.excess.refundId ?? fresh.find((r) => r.metadata.kind === 'excess')?.id,
    status: excessItems.every((x) => x.refundedCents >= x.amountCents) ? ('refunded' as const) : ('requested' as const),
  };
  if (excess && excess.refundId === undefined) delete excess.refundId;
  return {
    kind: 'apply',
    entries,
    appliedIds: fresh.map((r) => r.id),
    balanceDeltaCents: entries.reduce((n, e) => n + e.amountCents, 0),
    next: {
      items,
      refundedCents,
      excess,
      refundIds: [...payment.refundIds, ...fresh.map((r) => r.id)],
      status: refundedCents >= payment.amountCents ? 'refunded' : 'partially_refunded',
    },
  };
}

/**
 * How much of an excess is still to be asked of Stripe, given every refund it already made of this
 * payment (an admin may have refunded part of it before its succeeded event arrived): none once an
 * excess refund exists, and never more than Stripe still holds.
 */
export function excessToRefund(payment: Pick<PaymentState, 'amountCents' | 'excess'>, refunds: StripeRefundFact[]): Cents {
  if (!payment.excess || payment.excess.status === 'refunded') return 0;
  const counted = refunds.filter(countsAsRefunded);
  if (counted.some((r) => r.metadata.kind === 'excess')) return 0;
  const refunded = counted.reduce((n, r) => n + r.amountCents, 0);
  const unrefunded = payment.excess.items.reduce((n, x) => n + x.amountCents - x.refundedCents, 0);
  return Math.max(0, Math.min(unrefunded, payment.amountCents - refunded));
}

/** How a Stripe PaymentIntent status (retrieved from the API) maps onto ours, for reconciliation. */
export function statusFromStripe(intent: { status: string; last_payment_error?: unknown }): PaymentStatus | null {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'pending';
    case 'requires_confirmation':
    case 'requires_action':
    case 'requires_capture':
      return 'pending';
    default:
      return null;
  }
}

/** Whether a payment record may move from `from` to `to` on a Stripe fact (a paid one never goes back). */
export function mayMove(from: PaymentStatus, to: 'processing' | 'failed' | 'canceled' | 'succeeded'): boolean {
  if (isPaid(from)) return false;
  if (to === 'succeeded') return true; // Stripe is the truth: even a payment we canceled, had Stripe taken it
  if (from === 'canceled') return false;
  if (to === 'processing') return from === 'pending' || from === 'failed';
  // a declined attempt stays what the student saw (Failed) when its intent is canceled afterwards
  if (to === 'canceled') return from === 'pending' || from === 'processing';
  return true;
}
