/**
 * PUT /api/payment-plans/{id}/ — one change to a plan, in one transaction with its audit entry (conditional on the plan
 * as read: a sweep or an event in between makes it read again, store/payment-plan.ts changePlan).
 *  - finance and admins: pause, resume, reschedule, cancel (the program's marker released, so a new plan may start),
 *    reamortize (the open payments re-spread over what the program owes now; new charges never change a plan by
 *    themselves) and waive_late_fee (a credit of the fee, with the reason, on the ledger in the same transaction);
 *  - the plan's student, and finance: set_payment_method (a saved card or bank account of theirs) and set_autopay.
 */
import { RecordIdParams } from '../../contract/params.js';
import { PlanChangeRequest, STUDENT_PLAN_ACTIONS } from '../../contract/payment-plans.js';
import { studentSubject } from '../../domain/audit-subjects.js';
import { now, nowIso, schoolDay } from '../../domain/clock.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../domain/errors.js';
import { reamortize } from '../../domain/installment-plan.js';
import { totalsByProgram, type LedgerEntry } from '../../domain/ledger.js';
import { pause, reschedule, resume, waiveLateFee, type ChangeResult } from '../../domain/plan-changes.js';
import { cancelPlan, planStatus } from '../../domain/plan-collection.js';
import { isAdmin, isFinance } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { presentPlan } from '../../presenters/payment-plan-view.js';
import { auditPut } from '../../store/audit.js';
import { TABLE_NAME, type TransactItems } from '../../store/dynamo.js';
import { changePlan, getPlan, holdsProgram, PlanItemsRefused, releaseProgram, studentBillAndPlans, type PaymentPlanRecord } from '../../store/payment-plan.js';
import { customerMethod } from '../../store/stripe-customer.js';
import { ledgerItem, studentKeys } from '../../store/student.js';
import { balanceUpdate, owedChange } from '../../store/student-ledger.js';

/** A refused change: a 400 when a field of the request is wrong, else a 409 (the plan as it stands refuses it). */
function made<T>(result: ChangeResult<T>): T {
  if (result.ok) return result.value;
  throw result.field ? new Invalid(result.message) : new Conflict(result.message);
}

export const handler = route('payment-plans-update', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const input = parseJsonBody(req, PlanChangeRequest);
  const caller = callerOf(req);
  const finance = isFinance(caller.roles) || isAdmin(caller.roles);
  const found = await getPlan(id);
  if (!found) throw new NotFound('Payment plan not found');
  if (!finance && (found.username !== caller.username || !STUDENT_PLAN_ACTIONS.has(input.action))) throw new Forbidden();

  // the student's bill: what the program owes (re-amortizing), their name for the log, their other plans (cancelling)
  const bill = await studentBillAndPlans(found.username);
  if (!bill) throw new NotFound('Student not found');
  const { profile } = bill.ledger;
  const at = nowIso();
  const today = schoolDay(now());
  const paymentMethod = input.action === 'set_payment_method' ? await customerMethod(profile.stripeCustomerId ?? '', input.payment_method_id) : null;
  if (input.action === 'set_payment_method' && (!profile.stripeCustomerId || !paymentMethod))
    throw new Invalid('payment_method_id: is not a saved card or bank account of this student');

  const change = async (plan: PaymentPlanRecord): Promise<{ plan: PaymentPlanRecord; items: TransactItems; detail: Record<string, unknown> }> => {
    switch (input.action) {
      case 'pause':
        return { plan: { ...plan, status: made(pause(plan.status)) }, items: [], detail: { reason: input.reason } };
      case 'resume':
        return { plan: { ...plan, status: made(resume(plan.status, plan.installments)) }, items: [], detail: {} };
      case 'reschedule': {
        const { installments, moved } = made(reschedule(plan.installments, input.first_due_on, today));
        // reminders of the moved payments are due again before their new dates
        const sentReminders = plan.sentReminders.filter((key) => !moved.some((seq) => key.startsWith(`${plan.id}#${seq}#`)));
        return { plan: { ...plan, installments, sentReminders }, items: [], detail: { first_due_on: input.first_due_on, moved } };
      }
      case 'cancel': {
        if (!holdsProgram(plan.status)) throw new Conflict(`This plan is ${plan.status}: only an active, past-due or paused plan can be cancelled`);
        const others = bill.plans.some((p) => p.id !== plan.id && holdsProgram(p.status));
        return { plan: { ...plan, ...cancelPlan(plan) }, items: releaseProgram(plan, others), detail: { reason: input.reason } };
      }
      case 'reamortize': {
        if (!holdsProgram(plan.status)) throw new Conflict(`This plan is ${plan.status}: only an active, past-due or paused plan can be re-amortized`);
        const program = totalsByProgram(bill.ledger.enrollments, bill.ledger.entries).find(
          (p) => p.enrollment.programType === plan.programType && p.enrollment.programId === plan.programId,
        );
        const owed = program ? program.dueCents - program.paidCents : 0;
        // money on its way (a processing debit) is not owed twice
        const processing = plan.installments.filter((i) => i.status === 'processing').reduce((n, i) => n + i.amountCents, 0);
        const installments = reamortize({ installments: plan.installments, dayOfMonth: plan.terms.dayOfMonth }, owed - processing, today);
        if (JSON.stringify(installments) === JSON.stringify(plan.installments)) throw new Conflict('The plan already matches what is owed: nothing to re-amortize');
        const totalCents = installments.filter((i) => i.status !== 'cancelled').reduce((n, i) => n + i.amountCents, 0);
        // the bill as read: a payment or charge since then makes the transaction fail, and the change is worked out again
        const billAsRead: TransactItems[number] = {
          ConditionCheck: {
            TableName: TABLE_NAME,
            Key: studentKeys.profile(plan.username),
            ConditionExpression: profile.ledgerVersion === undefined ? 'attribute_not_exists(ledgerVersion)' : 'ledgerVersion = :v',
            ...(profile.ledgerVersion === undefined ? {} : { ExpressionAttributeValues: { ':v': profile.ledgerVersion } }),
          },
        };
        const next = { ...plan, installments, totalCents };
        return { plan: { ...next, status: planStatus(plan.status, installments) }, items: [billAsRead], detail: { owed, total: totalCents } };
      }
      case 'waive_late_fee': {
        const installments = made(waiveLateFee(plan.installments, input.seq, { by: caller.username, reason: input.reason, on: today }));
        const credit: LedgerEntry = {
          entryId: `late-fee-waiver-${plan.id}-${input.seq}`,
          kind: 'credit',
          programType: plan.programType,
          programId: plan.programId,
          amountCents: plan.terms.lateFeeCents,
          createdAt: at,
          reason: `Late fee waived (payment ${input.seq}): ${input.reason}`,
        };
        const items: TransactItems = [
          { Put: { TableName: TABLE_NAME, Item: ledgerItem(profile, credit), ConditionExpression: 'attribute_not_exists(pk)' } },
          owedChange(plan.username, plan, -credit.amountCents),
          balanceUpdate(plan.username, -credit.amountCents),
        ];
        return { plan: { ...plan, installments }, items, detail: { seq: input.seq, amount: credit.amountCents, reason: input.reason } };
      }
      case 'set_payment_method':
        return { plan: { ...plan, paymentMethod, customerId: profile.stripeCustomerId ?? null }, items: [], detail: { payment_method: paymentMethod?.label } };
      case 'set_autopay':
        if (input.autopay && !plan.paymentMethod) throw new Invalid('autopay: choose a card or bank account for the plan first');
        return { plan: { ...plan, autopay: input.autopay }, items: [], detail: { autopay: input.autopay } };
    }
  };

  const written = await changePlan(
    id,
    async (plan) => {
      const next = await change(plan);
      const audit = auditPut(
        {
          actor: caller.username,
          action: `payment-plan.${input.action}`,
          entityType: 'student',
          entityId: plan.username,
          subject: studentSubject(profile),
          after: { plan: plan.id, program: plan.programName, ...next.detail },
        },
        at,
      );
      return { plan: next.plan, items: [...next.items, audit] };
    },
    at,
  ).catch((error: unknown) => {
    // the bill moved between the read and the write (a payment, a charge): worked out again on the next try
    if (error instanceof PlanItemsRefused && input.action === 'reamortize') {
      throw new Conflict('The bill changed while the plan was being re-amortized; please try again');
    }
    throw error;
  });
  if (!written) throw new NotFound('Payment plan not found');
  return { body: presentPlan(written) };
});
