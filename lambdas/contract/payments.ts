import * as z from './zod.js';
import { PROGRAM_TYPES, type ProgramType } from './programs.js';
import { PAYMENT_STATUSES, type PaymentStatus } from './payment-status.js';

export { LISTED_PAYMENT_STATUSES, PAYMENT_STATUSES, type PaymentStatus } from './payment-status.js';

// Each schema is built by an arrow function called at once and marked pure: a function that imports one
// of them builds only that one (and what it uses) at cold start. esbuild keeps any unused schema whose
// chain calls `.check()` (a method call might have effects) and does not carry zod/mini's own pure
// annotations across files, so without it every payment function built every payment schema as it
// loaded: 1.9 ms of CPU of payments-reconcile's cold load (bench/cold-load.ts). Rollup (the SPA) reads it too.

/** Dollars as a JSON number or numeric string with at most two decimals (money is never a float server-side). */
export const Dollars = /* @__PURE__ */ (() =>
  z
    .pipe(
      z.union([z.number(), z.string()]),
      z.transform((v) => String(v).trim()),
    )
    .check(z.refine((v) => /^-?\d+(\.\d{1,2})?$/.test(v), 'must be an amount with at most two decimals')))();

/** POST /api/create-payment-intent — the spec's body plus the cart's items (server re-checks every amount). */
export const CreatePaymentIntentRequest = /* @__PURE__ */ (() =>
  z.object({
    username: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128)),
    totalCost: Dollars,
    studentData: z.optional(
      z.object({
        firstName: z.optional(z.string().check(z.maxLength(100))),
        lastName: z.optional(z.string().check(z.maxLength(100))),
        studentId: z.optional(z.union([z.string(), z.number()])),
      }),
    ),
    items: z
      .array(
        z.object({
          program_type: z.enum(PROGRAM_TYPES),
          program_id: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128)),
          amount: Dollars,
        }),
      )
      .check(z.minLength(1, 'must list at least one program'), z.maxLength(20, 'has too many items')),
    /** One checkout attempt (the SPA makes one per visit): a repeated call answers the same intent. */
    idempotency_key: z.optional(z.string().check(z.uuid('must be a UUID'))),
  }))();
export type CreatePaymentIntentRequest = z.input<typeof CreatePaymentIntentRequest>;

export interface CreatePaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
  /** Cents, as charged. */
  amount: number;
  currency: 'usd';
}

export interface PaymentAllocation {
  program_type: ProgramType;
  program_id: string;
  program_name: string;
  amount: number;
}

/** One card payment (one Stripe PaymentIntent), as finance staff and the paying student see it. */
export interface PaymentSummary {
  id: string;
  /** Stripe PaymentIntent id: links to the Stripe dashboard. */
  payment_intent_id: string;
  username: string;
  student_name: string;
  created_at: string;
  updated_at: string;
  amount: number;
  amount_refunded: number;
  currency: 'usd';
  status: PaymentStatus;
  method: string;
  /** Card brand and last four digits when known, e.g. "visa •••• 4242". */
  method_detail: string | null;
  failure_message: string | null;
  items: PaymentAllocation[];
  /**
   * A payment that arrived for more than was owed when it was applied (two tabs, a stale cart): the
   * excess is refunded through Stripe at once. `status` is 'requested' until Stripe's refund event lands.
   */
  excess_refund: { amount: number; status: 'requested' | 'refunded' } | null;
}

/** GET /api/payments/ (finance, admin) and GET /api/students/{username}/payments/ */
export interface PaymentPage {
  results: PaymentSummary[];
  /** Opaque cursor for the next page, or null on the last page. */
  next: string | null;
  count: number;
  /** Sums over this page, in dollars. */
  totals: { amount: number; refunded: number; succeeded: number };
}

/** A calendar date YYYY-MM-DD that exists (not 2026-02-30). */
export const CalendarDate = /* @__PURE__ */ (() =>
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
    z.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'is not a date in the calendar'),
  ))();

export const PaymentListQuery = /* @__PURE__ */ (() =>
  z
    .object({
      from: z.optional(CalendarDate),
      to: z.optional(CalendarDate),
      status: z.optional(z.enum(PAYMENT_STATUSES)),
      username: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))),
      limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
      cursor: z.optional(z.string().check(z.maxLength(2048))),
      // a range that ends before it starts is a mistake to name, not an empty (or failing) query
    })
    .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be before from', path: ['to'] })))();

/** POST /api/payments/{id}/refund/ (admin): the refund goes through Stripe and lands via the webhook. */
export const RefundRequest = /* @__PURE__ */ (() =>
  z.object({
    /** Dollars; omitted = the whole remaining amount. */
    amount: z.optional(Dollars),
    reason: z.optional(z.enum(['requested_by_customer', 'duplicate', 'fraudulent'])),
  }))();

/** The longest range one reconciliation covers (each payment costs one or two Stripe calls). */
export const RECONCILE_MAX_DAYS = 31;

/** POST /api/payments/reconcile/ (finance, admin): compare the payments created in [from, to] with Stripe. */
export const ReconcileRequest = /* @__PURE__ */ (() =>
  z
    .object({ from: CalendarDate, to: CalendarDate })
    .check(z.refine((q) => q.from <= q.to, { message: 'must not be before from', path: ['to'] }))
    .check(
      z.refine((q) => Date.parse(q.to) - Date.parse(q.from) < RECONCILE_MAX_DAYS * 86_400_000, { message: `must be at most ${RECONCILE_MAX_DAYS} days after from`, path: ['to'] }),
    ))();
export type ReconcileRequest = z.input<typeof ReconcileRequest>;

export type ReconcileAction = 'recorded_payment' | 'recorded_failure' | 'recorded_cancellation' | 'recorded_refund' | 'refunded_excess' | 'canceled_checkout';

/** One thing the portal was missing and has now recorded (each is also an audit entry). */
export interface ReconcileRepair {
  payment_intent_id: string;
  username: string;
  action: ReconcileAction;
  /** Dollars the repair moved (0 for a status change). */
  amount: number;
  detail: string;
}

/** A difference the portal could not explain or repair by itself: finance looks at it in Stripe. */
export interface ReconcileDifference {
  payment_intent_id: string;
  username: string | null;
  problem: string;
}

export interface ReconcileResult {
  from: string;
  to: string;
  /** Payments compared with Stripe. */
  checked: number;
  repaired: ReconcileRepair[];
  unexplained: ReconcileDifference[];
}
