/**
 * POST /api/students/{username}/payment-plans/ — a student puts a program's balance on a payment plan (finance and
 * admins may for them). With ?preview=true it answers the schedule worked out on the server from the ledger and the
 * agreement to accept, and stores nothing. Otherwise the student accepts the agreement with their typed name, chooses a
 * saved card or bank account for autopay, and the plan, its setup fee (an ordinary charge) and the audit entry are
 * one transaction. Refused while a hold stops new plans, when the program has a plan already, or when a payment of the
 * schedule would be under Stripe's minimum.
 */
import { randomUUID } from 'node:crypto';
import { UsernameParams } from '../../contract/params.js';
import { CreatePlanRequest, PLAN_AGREEMENT_VERSION, PlanPreviewQuery, planAgreementText, type PlanPreview } from '../../contract/payment-plans.js';
import { studentSubject } from '../../domain/audit-subjects.js';
import { now, nowIso, schoolDay } from '../../domain/clock.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../domain/errors.js';
import { activeHolds, blocksAction, vaStanding } from '../../domain/financial-holds.js';
import { computeSchedule, scheduleProblem, templateAllows } from '../../domain/installment-plan.js';
import { totalsByProgram } from '../../domain/ledger.js';
import { centsToDollars } from '../../domain/money.js';
import { startInstallments } from '../../domain/plan-collection.js';
import { isAdmin, isFinance } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams, parseQuery } from '../../http/validate.js';
import { presentTemplate } from '../../presenters/payment-plan.js';
import { presentPlan, scheduleLine } from '../../presenters/payment-plan-view.js';
import { createPlan, holdsProgram, studentBillAndPlans, type PaymentPlanRecord } from '../../store/payment-plan.js';
import { getPlanSettings } from '../../store/plan-template.js';
import { customerMethod } from '../../store/stripe-customer.js';

const usd = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;
/** Names compared as people type them: case, spacing and accents aside. */
const normalName = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export const handler = route('students-payment-plans-create', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const caller = callerOf(req);
  if (caller.username !== username && !isFinance(caller.roles) && !isAdmin(caller.roles)) throw new Forbidden();
  const preview = parseQuery(req, PlanPreviewQuery).preview === 'true';
  const input = parseJsonBody(req, CreatePlanRequest);

  const [found, settings] = await Promise.all([studentBillAndPlans(username), getPlanSettings()]);
  if (!found) throw new NotFound('Student not found');
  const { ledger, plans } = found;
  const { profile } = ledger;
  const today = schoolDay(now());
  const program = totalsByProgram(ledger.enrollments, ledger.entries).find((p) => p.enrollment.programType === input.program_type && p.enrollment.programId === input.program_id);
  if (!program) throw new Invalid('program_id: is not a program this student is enrolled in');
  const programName = program.enrollment.programName;
  const template = settings.templates.find((t) => t.id === input.template_id);
  if (!template || !templateAllows(template, input.program_type)) throw new Invalid(`template_id: is not a payment plan offered for ${programName}`);
  if (plans.some((p) => p.programType === input.program_type && p.programId === input.program_id && holdsProgram(p.status))) {
    throw new Conflict(`program_id: ${programName} already has a payment plan`);
  }
  const balanceCents = program.dueCents - program.paidCents;
  if (balanceCents <= 0) throw new Invalid(`program_id: nothing is owed on ${programName}`);
  const holds = blocksAction(
    activeHolds({ enrollments: ledger.enrollments, entries: ledger.entries, plans, rules: settings.holdRules, today, va: vaStanding(profile) }),
    'plan_enrollment',
  );
  const [hold] = holds;
  if (hold) throw new Conflict(`A hold stops new payment plans: ${hold.reason}. ${hold.howToClear}`);

  const schedule = computeSchedule({ balanceCents, template, startDay: today });
  const problem = scheduleProblem(schedule);
  if (problem) throw new Invalid(`template_id: ${problem}`);
  const totalCents = balanceCents + template.setupFeeCents;
  const agreementText = planAgreementText({ programName, total: usd(totalCents), payments: schedule.length, lateFee: usd(template.lateFeeCents), graceDays: template.graceDays });

  if (preview) {
    const body: PlanPreview = {
      program_type: input.program_type,
      program_id: input.program_id,
      program_name: programName,
      template: presentTemplate(template),
      balance: centsToDollars(balanceCents),
      setup_fee: centsToDollars(template.setupFeeCents),
      total: centsToDollars(totalCents),
      schedule: schedule.map(scheduleLine),
      agreement: { version: PLAN_AGREEMENT_VERSION, text: agreementText },
    };
    return { body };
  }

  if (input.accept_agreement !== true) throw new Invalid('accept_agreement: the plan agreement must be accepted');
  const fullName = `${profile.firstName} ${profile.lastName}`;
  if (normalName(input.typed_name ?? '') !== normalName(fullName)) throw new Invalid(`typed_name: type the student's full name, ${fullName}, to accept the agreement`);
  const autopay = input.autopay ?? true;
  let paymentMethod: PaymentPlanRecord['paymentMethod'] = null;
  if (input.payment_method_id) {
    paymentMethod = profile.stripeCustomerId ? await customerMethod(profile.stripeCustomerId, input.payment_method_id) : null;
    if (!paymentMethod) throw new Invalid('payment_method_id: is not a saved card or bank account of this student');
  } else if (autopay) throw new Invalid('payment_method_id: choose a saved card or bank account for autopay');

  const createdAt = nowIso();
  const plan: PaymentPlanRecord = {
    id: randomUUID(),
    username,
    programType: input.program_type,
    programId: input.program_id,
    programName,
    templateId: template.id,
    templateName: template.name,
    terms: {
      downPaymentPercent: template.downPaymentPercent,
      installments: template.installments,
      dayOfMonth: template.dayOfMonth,
      setupFeeCents: template.setupFeeCents,
      graceDays: template.graceDays,
      lateFeeCents: template.lateFeeCents,
      returnedPaymentFeeCents: template.returnedPaymentFeeCents,
    },
    totalCents,
    status: 'active',
    autopay,
    customerId: profile.stripeCustomerId ?? null,
    paymentMethod,
    installments: startInstallments(schedule),
    agreement: {
      typedName: (input.typed_name ?? '').trim(),
      acceptedAt: createdAt,
      version: PLAN_AGREEMENT_VERSION,
      ip: req.event.requestContext.http.sourceIp ?? null,
      userAgent: req.headers['user-agent'] ?? null,
    },
    sentReminders: [],
    createdAt,
    updatedAt: createdAt,
    version: 1,
  };
  const setupFee =
    template.setupFeeCents > 0
      ? {
          entryId: randomUUID(),
          kind: 'charge' as const,
          programType: plan.programType,
          programId: plan.programId,
          amountCents: template.setupFeeCents,
          createdAt,
          reason: `Payment plan setup fee (${template.name})`,
        }
      : null;
  await createPlan(plan, profile, setupFee, {
    actor: caller.username,
    action: 'payment-plan.create',
    entityType: 'student',
    entityId: username,
    subject: studentSubject(profile),
    after: { plan: plan.id, program: programName, template: template.name, total: totalCents, payments: schedule.length, autopay, agreement: plan.agreement },
  });
  return { status: 201, body: presentPlan(plan) };
});
