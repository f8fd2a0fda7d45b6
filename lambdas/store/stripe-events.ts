/**
 * Stripe's events as facts the ledger understands. The signature says the event is Stripe's; this
 * says it has the shape we act on. Whatever a signed event holds (no `data`, a null object, amounts
 * as strings, an unknown type) it becomes a fact, `ignored`, or a named problem (400): never a crash.
 * Types: https://docs.stripe.com/api/events/types
 */
import * as z from '../contract/zod.js';

const IntentId = z.string().check(z.regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'must be a PaymentIntent id'));
const Cents = z.number().check(z.int('must be whole cents'), z.minimum(0, 'must not be negative'));
const Seconds = z.number().check(z.int('must be whole seconds'), z.minimum(0));

const Intent = z.object({
  id: IntentId,
  amount: Cents,
  amount_received: z.optional(z.nullable(Cents)),
  last_payment_error: z.optional(z.nullable(z.object({ message: z.optional(z.nullable(z.string())) }))),
});

const Charge = z.object({
  id: z.string().check(z.minLength(1, 'is required')),
  amount: Cents,
  amount_refunded: Cents,
  payment_intent: z.union([IntentId, z.object({ id: IntentId })]),
});

const Envelope = z.object({
  id: z.string().check(z.minLength(1, 'is required')),
  type: z.string(),
  created: Seconds,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export type StripeFact =
  | { kind: 'succeeded'; eventId: string; at: string; intentId: string; amountCents: number }
  | { kind: 'processing' | 'canceled'; eventId: string; at: string; intentId: string }
  | { kind: 'failed'; eventId: string; at: string; intentId: string; message: string }
  | { kind: 'refunded'; eventId: string; at: string; intentId: string; claimedTotalCents: number }
  | { kind: 'ignored'; eventId: string; type: string };

export type ParsedEvent = { ok: true; fact: StripeFact } | { ok: false; problem: string };

function problemOf(error: z.core.$ZodError, prefix: string): string {
  const issue = error.issues[0];
  return `${[prefix, ...(issue?.path ?? [])].join('.')}: ${issue?.message ?? 'is invalid'}`;
}

const HANDLED = ['payment_intent.succeeded', 'payment_intent.processing', 'payment_intent.payment_failed', 'payment_intent.canceled', 'charge.refunded'];

export function parseStripeEvent(raw: unknown): ParsedEvent {
  const envelope = Envelope.safeParse(raw);
  if (!envelope.success) {
    // an unknown type needs no data; a handled one must have it
    const type = (raw as { type?: unknown } | null)?.type;
    const id = (raw as { id?: unknown } | null)?.id;
    if (typeof type === 'string' && typeof id === 'string' && !HANDLED.includes(type)) return { ok: true, fact: { kind: 'ignored', eventId: id, type } };
    return { ok: false, problem: problemOf(envelope.error, 'event') };
  }
  const { id: eventId, type, created, data } = envelope.data;
  const at = new Date(created * 1000).toISOString();
  if (type === 'charge.refunded') {
    const charge = Charge.safeParse(data.object);
    if (!charge.success) return { ok: false, problem: problemOf(charge.error, 'data.object') };
    const pi = charge.data.payment_intent;
    return { ok: true, fact: { kind: 'refunded', eventId, at, intentId: typeof pi === 'string' ? pi : pi.id, claimedTotalCents: charge.data.amount_refunded } };
  }
  if (!HANDLED.includes(type)) return { ok: true, fact: { kind: 'ignored', eventId, type } };
  const intent = Intent.safeParse(data.object);
  if (!intent.success) return { ok: false, problem: problemOf(intent.error, 'data.object') };
  const { id: intentId, amount, amount_received } = intent.data;
  switch (type) {
    case 'payment_intent.succeeded':
      return { ok: true, fact: { kind: 'succeeded', eventId, at, intentId, amountCents: amount_received || amount } };
    case 'payment_intent.payment_failed':
      return { ok: true, fact: { kind: 'failed', eventId, at, intentId, message: intent.data.last_payment_error?.message || 'The payment failed' } };
    case 'payment_intent.processing':
      return { ok: true, fact: { kind: 'processing', eventId, at, intentId } };
    default:
      return { ok: true, fact: { kind: 'canceled', eventId, at, intentId } };
  }
}
