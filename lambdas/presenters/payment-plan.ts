/** Plan templates and hold rules between the API (dollars, snake_case) and the store (cents). */
import type { HoldRules, HoldRulesInput, PaymentPlanTemplate, PlanTemplateInput } from '../contract/payment-plans.js';
import { centsToDollars, dollarsToCents } from '../domain/money.js';
import type { HoldRulesRecord, PlanTemplateRecord } from '../store/plan-template.js';

export const presentTemplate = (t: PlanTemplateRecord): PaymentPlanTemplate => ({
  id: t.id,
  name: t.name,
  down_payment_percent: t.downPaymentPercent,
  installments: t.installments,
  day_of_month: t.dayOfMonth,
  setup_fee: centsToDollars(t.setupFeeCents),
  grace_days: t.graceDays,
  late_fee: centsToDollars(t.lateFeeCents),
  returned_payment_fee: centsToDollars(t.returnedPaymentFeeCents),
  program_types: t.programTypes,
  active: t.active,
});

export const templateFromInput = (t: PlanTemplateInput): Omit<PlanTemplateRecord, 'id' | 'updatedAt'> & { id?: string } => ({
  ...(t.id ? { id: t.id } : {}),
  name: t.name,
  downPaymentPercent: t.down_payment_percent,
  installments: t.installments,
  dayOfMonth: t.day_of_month,
  setupFeeCents: dollarsToCents(t.setup_fee),
  graceDays: t.grace_days,
  lateFeeCents: dollarsToCents(t.late_fee),
  returnedPaymentFeeCents: dollarsToCents(t.returned_payment_fee),
  programTypes: t.program_types,
  active: t.active,
});

export const presentHoldRules = (r: Omit<HoldRulesRecord, 'updatedAt'>): HoldRules => ({
  installment_past_due_days: r.installmentPastDueDays,
  balance_past_due: r.balancePastDue && { threshold: centsToDollars(r.balancePastDue.thresholdCents), days: r.balancePastDue.days },
  blocks: { plan_enrollment: r.blocks.planEnrollment, clinical_clearance: r.blocks.clinicalClearance },
});

export const holdRulesFromInput = (r: HoldRulesInput): Omit<HoldRulesRecord, 'updatedAt'> => ({
  installmentPastDueDays: r.installment_past_due_days,
  balancePastDue: r.balance_past_due && { thresholdCents: dollarsToCents(r.balance_past_due.threshold), days: r.balance_past_due.days },
  blocks: { planEnrollment: r.blocks.plan_enrollment, clinicalClearance: r.blocks.clinical_clearance },
});
