/** A payment plan as the API shows it (dollars, snake_case, what is left and what is late worked out). */
import type { PaymentPlanView, PlanScheduleLine } from '../contract/payment-plans.js';
import type { ScheduledInstallment } from '../domain/installment-plan.js';
import { centsToDollars } from '../domain/money.js';
import { arrearsCents, nextDebit, remainingCents } from '../domain/plan-collection.js';
import type { PaymentPlanRecord } from '../store/payment-plan.js';

export const scheduleLine = (s: ScheduledInstallment): PlanScheduleLine => ({ seq: s.seq, kind: s.kind, due_on: s.dueOn, amount: centsToDollars(s.amountCents) });

export function presentPlan(p: PaymentPlanRecord): PaymentPlanView {
  const next = nextDebit(p);
  return {
    id: p.id,
    username: p.username,
    program_type: p.programType,
    program_id: p.programId,
    program_name: p.programName,
    template_name: p.templateName,
    status: p.status,
    autopay: p.autopay,
    payment_method: p.paymentMethod,
    total: centsToDollars(p.totalCents),
    remaining: centsToDollars(remainingCents(p)),
    arrears: centsToDollars(arrearsCents(p)),
    next_debit: next && { on: next.on, amount: centsToDollars(next.amountCents) },
    installments: p.installments.map((i) => ({
      ...scheduleLine(i),
      status: i.status,
      attempts: i.attempts.map((a) => ({ n: a.n, on: a.on, outcome: a.outcome })),
      late_fee: i.lateFee && !i.lateFee.waived ? centsToDollars(p.terms.lateFeeCents) : null,
    })),
    agreement: { typed_name: p.agreement.typedName, accepted_at: p.agreement.acceptedAt, version: p.agreement.version },
    created_at: p.createdAt,
  };
}
