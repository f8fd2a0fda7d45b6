/**
 * Stripe's events as facts the ledger understands. The signature says the event is Stripe's; this
 * says it has the shape we act on. Whatever a signed event holds (no `data`, a null object, amounts
 * as strings, an unknown type) it becomes a fact, `ignored`, or a named problem (400): never a crash.
 * Types: https://docs.stripe.com/api/events/types
 */
/**
 * Checked by hand rather than with zod: the webhook is the one payment function without a request
 * schema, and zod would be 20 KB of its cold start for five fields.
 */
type Check = (value: unknown) => string | null;
type Shape = Record<string, Check>;

const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const cents: Check = (v) => (typeof v !== 'number' ? 'must be a number' : !Number.isSafeInteger(v) ? 'must be whole cents' : v < 0 ? 'must not be negative' : null);
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || v === null ? null : check(v);
const text: Check = (v) => (typeof v === 'string' && v.length > 0 ? null : 'is required');
const intentId: Check = (v) => (typeof v === 'string' && INTENT_ID.test(v) ? null : 'must be a PaymentIntent id');
const seconds: Check = (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? null : 'must be whole seconds');
const object: Check = (v) => (isRecord(v) ? null : 'must be an object');

/** The first problem of `value` against `shape`, as "path.field: message". */
function problemOf(value: unknown, shape: Shape, path: string): string | null {
  if (!isRecord(value)) return `${path}: must be an object`;
  for (const [field, check] of Object.entries(shape)) {
    const problem = check(value[field]);
    if (problem) return `${path}.${field}: ${problem}`;
  }
  return null;
}

const ENVELOPE: Shape = { id: text, type: text, created: seconds, data: object };
const INTENT: Shape = { id: intentId, amount: cents, amount_received: optional(cents) };
const CHARGE: Shape = {
  id: text,
  amount: cents,
  amount_refunded: cents,
  payment_intent: (v) => intentId(isRecord(v) ? v.id : v),
};

/** The metadata a payment plan's debit carries (plans/collection.ts): the plan, the installment and the attempt. */
export const INSTALLMENT_METADATA_KIND = 'plan_installment';
export interface InstallmentRef {
  planId: string;
  seq: number;
  attempt: number;
}

/** An installment debit's plan, installment and attempt from its intent's metadata, or undefined for any other intent. */
export function installmentOf(metadata: unknown): InstallmentRef | undefined {
  if (!isRecord(metadata) || metadata.kind !== INSTALLMENT_METADATA_KIND || typeof metadata.plan !== 'string' || !metadata.plan) return undefined;
  const seq = Number(metadata.installment);
  const attempt = Number(metadata.attempt);
  if (!Number.isSafeInteger(seq) || seq < 0 || !Number.isSafeInteger(attempt) || attempt < 1) return undefined;
  return { planId: metadata.plan, seq, attempt };
}

export type StripeFact =
  | { kind: 'succeeded'; eventId: string; at: string; intentId: string; amountCents: number; installment?: InstallmentRef }
  | { kind: 'processing'; eventId: string; at: string; intentId: string; installment?: InstallmentRef }
  | { kind: 'canceled'; eventId: string; at: string; intentId: string }
  | { kind: 'failed'; eventId: string; at: string; intentId: string; message: string; code?: string; installment?: InstallmentRef }
  | { kind: 'refunded'; eventId: string; at: string; intentId: string; claimedTotalCents: number }
  | { kind: 'ignored'; eventId: string; type: string };

export type ParsedEvent = { ok: true; fact: StripeFact } | { ok: false; problem: string };

const HANDLED = ['payment_intent.succeeded', 'payment_intent.processing', 'payment_intent.payment_failed', 'payment_intent.canceled', 'charge.refunded'];

export function parseStripeEvent(raw: unknown): ParsedEvent {
  const type = isRecord(raw) ? raw.type : undefined;
  // an event we do not handle needs nothing more than an id and a type to be acknowledged
  if (isRecord(raw) && typeof raw.id === 'string' && typeof type === 'string' && !HANDLED.includes(type)) {
    return { ok: true, fact: { kind: 'ignored', eventId: raw.id, type } };
  }
  const envelopeProblem = problemOf(raw, ENVELOPE, 'event');
  if (envelopeProblem) return { ok: false, problem: envelopeProblem };
  const event = raw as { id: string; type: string; created: number; data: Record<string, unknown> };
  const object = event.data.object;
  const at = new Date(event.created * 1000).toISOString();
  const eventId = event.id;
  if (event.type === 'charge.refunded') {
    const problem = problemOf(object, CHARGE, 'data.object');
    if (problem) return { ok: false, problem };
    const charge = object as { amount_refunded: number; payment_intent: string | { id: string } };
    const pi = charge.payment_intent;
    return { ok: true, fact: { kind: 'refunded', eventId, at, intentId: typeof pi === 'string' ? pi : pi.id, claimedTotalCents: charge.amount_refunded } };
  }
  const problem = problemOf(object, INTENT, 'data.object');
  if (problem) return { ok: false, problem };
  const intent = object as { id: string; amount: number; amount_received?: number | null; last_payment_error?: { message?: unknown; code?: unknown } | null; metadata?: unknown };
  const installment = installmentOf(intent.metadata);
  const plan = installment ? { installment } : {};
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { ok: true, fact: { kind: 'succeeded', eventId, at, intentId: intent.id, amountCents: intent.amount_received || intent.amount, ...plan } };
    case 'payment_intent.payment_failed': {
      const message = intent.last_payment_error?.message;
      const code = intent.last_payment_error?.code;
      return {
        ok: true,
        fact: {
          kind: 'failed',
          eventId,
          at,
          intentId: intent.id,
          message: typeof message === 'string' && message ? message : 'The payment failed',
          ...(typeof code === 'string' && code ? { code } : {}),
          ...plan,
        },
      };
    }
    case 'payment_intent.processing':
      return { ok: true, fact: { kind: 'processing', eventId, at, intentId: intent.id, ...plan } };
    default:
      return { ok: true, fact: { kind: 'canceled', eventId, at, intentId: intent.id } };
  }
}
