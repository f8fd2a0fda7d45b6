import type { PaymentPlanTemplate, PaymentPlanView } from '#contract/payment-plans';
import type { ProgramType } from '#contract/programs';
import { owedPrograms, type BillDetails, type ProgramBill } from './bill';
import { formatDollars } from './money';

/** A plan still collecting: a program with one cannot start another. */
export const isOpenPlan = (plan: Pick<PaymentPlanView, 'status'>) => plan.status === 'active' || plan.status === 'past_due' || plan.status === 'paused';

/** The active templates a program of `programType` may use. */
export const templatesFor = (programType: ProgramType, templates: readonly PaymentPlanTemplate[]) => templates.filter((t) => t.active && t.program_types.includes(programType));

/** The program balances a plan can be set up for: owed, with no open plan, and offered a template. */
export function plannablePrograms(details: BillDetails, plans: readonly PaymentPlanView[], templates: readonly PaymentPlanTemplate[]): ProgramBill[] {
  const planned = new Set(plans.filter(isOpenPlan).map((p) => `${p.program_type}:${p.program_id}`));
  return owedPrograms(details).filter((bill) => !planned.has(programKey(bill)) && templatesFor(bill.programType, templates).length > 0);
}

/** "certificate:nursing-assistant": a program balance's key (the wizard's ?program=). */
export const programKey = (bill: Pick<ProgramBill, 'programType' | 'programId'>) => `${bill.programType}:${bill.programId}`;

/** "10% down, then 6 monthly payments on day 1. Setup fee $25.00; late fee $15.00 after 5 days." */
export function templateSummary(t: PaymentPlanTemplate): string {
  const payments = `${t.installments} monthly payment${t.installments === 1 ? '' : 's'} on day ${t.day_of_month}`;
  const start = t.down_payment_percent > 0 ? `${t.down_payment_percent}% down, then ${payments}` : payments;
  return `${start[0]?.toUpperCase() ?? ''}${start.slice(1)}. Setup fee ${formatDollars(t.setup_fee)}; late fee ${formatDollars(t.late_fee)} after ${t.grace_days} days.`;
}
