/**
 * Payment plans: the finance office's plan templates and hold rules, and a student's holds. Amounts cross
 * the API in dollars with two decimals; the server keeps integer cents (domain/installment-plan.ts).
 */
import { Dollars } from './payments.js';
import { PROGRAM_TYPES, type ProgramType } from './programs.js';
import * as z from './zod.js';

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

/** PUT /api/payment-plan-templates/: the whole set (templates left out are removed; plans keep the terms they were made with) and the hold rules. */
export const PlanTemplatesRequest = /* @__PURE__ */ (() =>
  z.object({
    templates: z.array(PlanTemplateInput).check(z.maxLength(MAX_PLAN_TEMPLATES, `may hold at most ${MAX_PLAN_TEMPLATES} templates`)),
    hold_rules: HoldRulesInput,
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
}

export const HOLD_BLOCKS = ['plan_enrollment', 'clinical_clearance'] as const;
export type HoldBlock = (typeof HOLD_BLOCKS)[number];
export const HOLD_BLOCK_LABELS: Record<HoldBlock, string> = { plan_enrollment: 'New payment plans', clinical_clearance: 'Clinical clearance' };

export interface StudentHold {
  kind: 'installment_past_due' | 'balance_past_due';
  program_name: string;
  amount: number;
  /** The due date it has been owed since (YYYY-MM-DD). */
  since: string;
  reason: string;
  how_to_clear: string;
  blocks: HoldBlock[];
}

/** GET /api/students/{username}/holds/ */
export interface StudentHoldsResponse {
  holds: StudentHold[];
  /** What no hold ever stops, said to the student beside their holds. */
  never_blocked: string[];
}
