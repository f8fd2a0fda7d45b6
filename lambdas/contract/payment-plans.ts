/**
 * Payment plans: the finance office's plan templates and hold rules, and a student's holds. Amounts cross
 * the API in dollars with two decimals; the server keeps integer cents (domain/installment-plan.ts).
 */
import { CalendarDate, Dollars } from './payments.js';
import { PROGRAM_TYPES, type ProgramType } from './programs.js';
import { setVersion } from './set-version.js';
import * as z from './zod.js';

export * from './holds.js';

export const MAX_PLAN_TEMPLATES = 30;
/** The most a fee may be: a typo of an extra zero is refused rather than charged. */
export const MAX_FEE_DOLLARS = 1_000;

const whole = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).check(z.int(message), z.minimum(min, message), z.maximum(max, message));
};

const Fee = /* @__PURE__ */ (() =>
  Dollars.check(z.refine((v) => Number(v) >= 0 && Number(v) <= MAX_FEE_DOLLARS, `must be an amount from 0.00 to ${MAX_FEE_DOLLARS.toFixed(2)}`)))();

export const PlanTemplateInput = /* @__PURE__ */ (() =>
  z.object({
    /** Absent for a new template; a kept one names its id. */
    id: z.optional(z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(64, 'is too long'))),
    name: z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required'), z.maxLength(80, 'must be at most 80 characters')),
    down_payment_percent: whole(0, 90),
    installments: whole(1, 24),
    day_of_month: whole(1, 28),
    setup_fee: Fee,
    grace_days: whole(0, 60),
    late_fee: Fee,
    /** Posted when a bank debit is returned (ACH); 0 for none. */
    returned_payment_fee: Fee,
    program_types: z.array(z.enum(PROGRAM_TYPES, { error: 'must be certificate, diploma or associates' })).check(
      z.minLength(1, 'must name at least one program type'),
      z.refine((types) => new Set(types).size === types.length, 'names a program type twice'),
    ),
    active: z.boolean({ error: 'must be true or false' }),
  }))();
export type PlanTemplateInput = z.output<typeof PlanTemplateInput>;

export const HoldRulesInput = /* @__PURE__ */ (() =>
  z.object({
    /** Days an installment may be past due before its plan's student is on hold. */
    installment_past_due_days: whole(0, 365),
    /** A balance outside any plan owed at least `threshold` dollars for more than `days` past its due date; null for no such rule. */
    balance_past_due: z.nullable(
      z.object({
        threshold: Dollars.check(z.refine((v) => Number(v) > 0 && Number(v) <= 1_000_000, 'must be an amount above 0.00')),
        days: whole(0, 365),
      }),
    ),
    /** What a hold stops. Paying, the bill and a student's own records are never blocked. */
    blocks: z.object({ plan_enrollment: z.boolean({ error: 'must be true or false' }), clinical_clearance: z.boolean({ error: 'must be true or false' }) }),
  }))();
export type HoldRulesInput = z.output<typeof HoldRulesInput>;

/**
 * PUT /api/payment-plan-templates/: the whole set (templates left out are removed; plans keep the terms they were made
 * with) and the hold rules, as of `version`, the settings' version GET answered (contract/set-version.ts).
 */
export const PlanTemplatesRequest = /* @__PURE__ */ (() =>
  z.object({
    templates: z.array(PlanTemplateInput).check(z.maxLength(MAX_PLAN_TEMPLATES, `may hold at most ${MAX_PLAN_TEMPLATES} templates`)),
    hold_rules: HoldRulesInput,
    version: setVersion(),
  }))();
export type PlanTemplatesRequest = z.input<typeof PlanTemplatesRequest>;

export interface PaymentPlanTemplate {
  id: string;
  name: string;
  down_payment_percent: number;
  installments: number;
  day_of_month: number;
  setup_fee: number;
  grace_days: number;
  late_fee: number;
  returned_payment_fee: number;
  program_types: ProgramType[];
  active: boolean;
}

export interface HoldRules {
  installment_past_due_days: number;
  balance_past_due: { threshold: number; days: number } | null;
  blocks: { plan_enrollment: boolean; clinical_clearance: boolean };
}

/** GET /api/payment-plan-templates/: students see the active templates; finance and admins every one. */
export interface PlanTemplatesResponse {
  templates: PaymentPlanTemplate[];
  hold_rules: HoldRules;
  /** The settings' version, which a PUT names. */
  version: number;
}

/** The version of the plan agreement's wording a student accepts; kept with the plan. */
export const PLAN_AGREEMENT_VERSION = '2026-11';

/** The agreement a student accepts by typing their name (the wizard shows it with the schedule). */
export const planAgreementText = (p: { programName: string; total: string; payments: number; lateFee: string; graceDays: number }) =>
  `I agree to pay ${p.total} for ${p.programName} in ${p.payments} payment${p.payments === 1 ? '' : 's'} on the dates shown, and authorize the school ` +
  `to debit my chosen payment method on each date while autopay is on. A payment still unpaid ${p.graceDays} days after its date ` +
  `adds a late fee of ${p.lateFee}. I can pay early, change my payment method or turn autopay off at any time from My Bill.`;

/** POST /api/students/{username}/payment-plans/ (with ?preview=true, only the program and the template are needed). */
export const CreatePlanRequest = /* @__PURE__ */ (() =>
  z.object({
    program_type: z.enum(PROGRAM_TYPES, { error: 'must be certificate, diploma or associates' }),
    program_id: z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128, 'is too long')),
    template_id: z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required'), z.maxLength(64, 'is too long')),
    /** The student's name as they type it to accept the agreement. */
    typed_name: z.optional(z.string().check(z.trim(), z.maxLength(200, 'must be at most 200 characters'))),
    accept_agreement: z.optional(z.boolean({ error: 'must be true or false' })),
    /** A saved card or bank account of the student's (Stripe PaymentMethod id); needed for autopay. */
    payment_method_id: z.optional(z.string().check(z.regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a saved payment method'))),
    autopay: z.optional(z.boolean({ error: 'must be true or false' })),
  }))();
export type CreatePlanRequest = z.input<typeof CreatePlanRequest>;

export const PlanPreviewQuery = /* @__PURE__ */ (() => z.object({ preview: z.optional(z.enum(['true', 'false'], { error: 'must be true or false' })) }))();

export const INSTALLMENT_STATUSES = ['scheduled', 'processing', 'action_needed', 'paid', 'past_due', 'cancelled'] as const;
export const PLAN_STATUSES = ['active', 'past_due', 'paused', 'completed', 'cancelled'] as const;
export type PlanStatusName = (typeof PLAN_STATUSES)[number];

export interface PlanScheduleLine {
  seq: number;
  kind: 'down_payment' | 'installment';
  due_on: string;
  amount: number;
}

/** The answer of ?preview=true: the schedule worked out on the server from the ledger, and the agreement to accept. */
export interface PlanPreview {
  program_type: ProgramType;
  program_id: string;
  program_name: string;
  template: PaymentPlanTemplate;
  /** What is owed on the program today. */
  balance: number;
  setup_fee: number;
  /** Balance plus setup fee: what the schedule adds up to. */
  total: number;
  schedule: PlanScheduleLine[];
  agreement: { version: string; text: string };
}

export interface SavedPaymentMethod {
  id: string;
  type: 'card' | 'us_bank_account';
  /** "Visa •••• 4242", "STRIPE TEST BANK •••• 6789" */
  label: string;
}

export interface PaymentPlanView {
  id: string;
  username: string;
  program_type: ProgramType;
  program_id: string;
  program_name: string;
  template_name: string;
  status: PlanStatusName;
  autopay: boolean;
  payment_method: SavedPaymentMethod | null;
  total: number;
  remaining: number;
  arrears: number;
  next_debit: { on: string; amount: number } | null;
  installments: Array<PlanScheduleLine & { status: (typeof INSTALLMENT_STATUSES)[number]; attempts: Array<{ n: number; on: string; outcome: string }>; late_fee: number | null }>;
  agreement: { typed_name: string; accepted_at: string; version: string };
  created_at: string;
}

/** POST /api/payment-methods/setup-intent/: what the SPA confirms (Stripe.js, or the local sandbox form) to save a card or bank account. */
export const SetupIntentRequest = /* @__PURE__ */ (() =>
  z.object({
    /** Whose payment method: the student's own (finance and admins may name a student). */
    username: z.optional(z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128, 'is too long'))),
  }))();
export type SetupIntentRequest = z.input<typeof SetupIntentRequest>;

export interface SetupIntentResponse {
  setup_intent_id: string;
  client_secret: string;
  customer_id: string;
}

export interface PaymentMethodsResponse {
  payment_methods: SavedPaymentMethod[];
}

/** Why finance paused, cancelled or waived: kept in the audit log (and on a waiver). */
const Reason = /* @__PURE__ */ (() =>
  z.string({ error: 'is required' }).check(z.trim(), z.minLength(3, 'must say why, in at least 3 characters'), z.maxLength(500, 'must be at most 500 characters')))();
const Seq = /* @__PURE__ */ (() => whole(0, 48))();

/**
 * PUT /api/payment-plans/{id}/: one change at a time, each audited.
 *  - finance and admins: pause, resume, reschedule (the open payments move to monthly dates from first_due_on),
 *    cancel (future debits stop; what is owed stays on the bill), reamortize (the open payments re-spread over what the
 *    program owes now: new charges never change a plan by themselves), waive_late_fee (a credit of the fee, with a reason);
 *  - the student too: set_payment_method (a saved card or bank account) and set_autopay.
 */
export const PlanChangeRequest = /* @__PURE__ */ (() =>
  z.discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('pause'), reason: Reason }),
      z.object({ action: z.literal('resume') }),
      z.object({ action: z.literal('reschedule'), first_due_on: CalendarDate }),
      z.object({ action: z.literal('cancel'), reason: Reason }),
      z.object({ action: z.literal('reamortize') }),
      z.object({ action: z.literal('waive_late_fee'), seq: Seq, reason: Reason }),
      z.object({
        action: z.literal('set_payment_method'),
        payment_method_id: z.string({ error: 'is required' }).check(z.regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a saved payment method')),
      }),
      z.object({ action: z.literal('set_autopay'), autopay: z.boolean({ error: 'must be true or false' }) }),
    ],
    { error: 'must be one of pause, resume, reschedule, cancel, reamortize, waive_late_fee, set_payment_method, set_autopay' },
  ))();
export type PlanChangeRequest = z.input<typeof PlanChangeRequest>;
export const PLAN_ACTIONS = ['pause', 'resume', 'reschedule', 'cancel', 'reamortize', 'waive_late_fee', 'set_payment_method', 'set_autopay'] as const;
/** The changes a student may make to their own plan; the rest are the finance office's. */
export const STUDENT_PLAN_ACTIONS: ReadonlySet<string> = new Set(['set_payment_method', 'set_autopay']);

/** POST /api/payment-plans/{id}/pay-now/ (the plan's student): pay one payment now with the plan's saved method. */
export const PayNowRequest = /* @__PURE__ */ (() =>
  z.object({
    /** Which payment; absent = the first that needs the student (waiting for authentication), else the earliest open one. */
    seq: z.optional(Seq),
    /** Where the bank's authentication page sends the browser back to: a path of the portal, e.g. "/bill". */
    return_path: z.optional(z.string().check(z.regex(/^\/[A-Za-z0-9/_?=&.-]{0,200}$/, 'must be a path of the portal'))),
  }))();
export type PayNowRequest = z.input<typeof PayNowRequest>;

/**
 * The answer of pay-now. `processing`: the payment was taken and is counted when Stripe confirms it (a bank debit
 * takes days); `requires_action`: the bank wants the student, and `next_action_url` is its authentication page;
 * `declined`: nothing was taken, `message` says why.
 */
export interface PayNowResponse {
  outcome: 'processing' | 'requires_action' | 'declined';
  seq: number;
  amount: number;
  next_action_url: string | null;
  message: string;
  plan: PaymentPlanView;
}

/** GET /api/payment-plans/ (finance, admin): one status at a time, newest first, cursor pages. */
export const PlanListQuery = /* @__PURE__ */ (() =>
  z.object({
    status: z.optional(z.enum(PLAN_STATUSES, { error: 'must be active, past_due, paused, completed or cancelled' })),
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1, 'must be at least 1'), z.maximum(100, 'must be at most 100'))),
    cursor: z.optional(z.string().check(z.maxLength(2048, 'is too long'))),
  }))();

export interface PlanListItem extends PaymentPlanView {
  student_name: string;
}
export interface PlanListResponse {
  results: PlanListItem[];
  next: string | null;
}
