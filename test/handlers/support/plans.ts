/**
 * Payment plans for tests: templates written straight into the plan settings' partition (beside those of other files:
 * a PUT would replace them), methods saved as the SPA saves them, plans started through the route as of a day, the
 * sweep run and Stripe's events delivered as of a day.
 */
import { expect } from 'vitest';
import type Stripe from 'stripe';
import type { ProgramType } from '../../../lambdas/contract/programs.js';
import { runAt } from '../../../lambdas/domain/clock.js';
import { cancelPlan } from '../../../lambdas/domain/plan-collection.js';
import { handler as sweep } from '../../../lambdas/functions/jobs/sweep-payment-plans.js';
import { handler as setupIntent } from '../../../lambdas/functions/payment-methods/setup-intent.js';
import { handler as createPlan } from '../../../lambdas/functions/payment-plans/create.js';
import { stripe } from '../../../lambdas/store/payment-gateway.js';
import { changePlan, getPlan, type PaymentPlanRecord } from '../../../lambdas/store/payment-plan.js';
import { PlanTemplateItem, type PlanTemplateRecord } from '../../../lambdas/store/plan-template.js';
import type { StudentProfileRecord } from '../../../lambdas/store/student.js';
import { apiEvent, invoke } from './events.js';
import { createStudentRecord, putItems } from './fixtures.js';
import { settle } from './stripe-sandbox.js';

/** 25% down, 3 monthly installments on the 5th, a $25.00 setup fee, a $15.00 late fee after 10 days, $20.00 per returned debit. */
export async function offerTemplate(id: string, name: string, programTypes: ProgramType[], over: Partial<PlanTemplateRecord> = {}): Promise<void> {
  await putItems([
    PlanTemplateItem.item({
      id,
      name,
      downPaymentPercent: 25,
      installments: 3,
      dayOfMonth: 5,
      setupFeeCents: 2_500,
      graceDays: 10,
      lateFeeCents: 1_500,
      returnedPaymentFeeCents: 2_000,
      programTypes,
      active: true,
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...over,
    }),
  ]);
}

/** Late morning in Chicago on a school day. */
export const at = (day: string) => `${day}T17:00:00.000Z`;
export const sweepOn = (day: string) => sweep({ now: at(day) });
/** Stripe's events about the plan's debits delivered to the webhook on `day`, as Stripe would: late, twice, shuffled. */
export const settleOn = async (day: string, planId: string) => runAt(new Date(at(day)), async () => settle(intentsOf((await getPlan(planId))!)));

export type Method = 'card' | 'declined' | 'authentication' | 'ach' | 'ach_returned';

const MANDATE = { customer_acceptance: { type: 'online' as const, online: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' } } };

/** A card or bank account saved on the student's own Customer, as the SPA saves one (the setup intent route, then Stripe.js). */
export async function saveMethod(username: string, method: Exclude<Method, 'declined'>): Promise<string> {
  const started = await invoke(setupIntent, apiEvent('payment-methods-setup-intent', { caller: { username }, body: {} }));
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const client = await stripe();
  if (method === 'card') return String((await client.setupIntents.confirm(started.body.setup_intent_id, { payment_method: 'pm_card_visa' })).payment_method);
  if (method === 'authentication') {
    const si = started.body.setup_intent_id as string;
    const pending = await client.setupIntents.confirm(si, { payment_method: 'pm_card_authenticationRequired', return_url: 'http://localhost:5173/plans/return' });
    expect(pending.status).toBe('requires_action');
    await client.request('POST', `/__control/authenticate/${si}`, { outcome: 'complete' });
    return String((await client.setupIntents.retrieve(si)).payment_method);
  }
  const si = await client.setupIntents.create({ customer: started.body.customer_id, payment_method_options: { us_bank_account: { verification_method: 'instant' } } });
  const accountNumber = method === 'ach' ? '000123456789' : '000111111113';
  const done = await client.setupIntents.confirm(si.id, {
    payment_method_data: {
      type: 'us_bank_account',
      us_bank_account: { routing_number: '110000000', account_number: accountNumber, account_holder_type: 'individual' },
      billing_details: { name: 'Rosa Alvarez' },
    },
    mandate_data: MANDATE,
  } as Stripe.SetupIntentConfirmParams);
  expect(done.status).toBe('succeeded');
  return String(done.payment_method);
}

/** Rosa Alvarez starts a plan of Practical Nursing on `day` with autopay on `paymentMethodId` (the route's answer). */
export const planOn = (day: string, username: string, template: string, paymentMethodId: string) =>
  runAt(new Date(at(day)), () =>
    invoke(
      createPlan,
      apiEvent('students-payment-plans-create', {
        caller: { username },
        pathParameters: { username },
        body: {
          program_type: 'diploma',
          program_id: 'pn',
          template_id: template,
          typed_name: 'Rosa Alvarez',
          accept_agreement: true,
          payment_method_id: paymentMethodId,
          autopay: true,
        },
      }),
    ),
  );

/**
 * A student owing $1,200.00 starts a plan on `startDay`: $325.00 down that day (25% and the $25.00 setup fee), then
 * $300.00 on the 5th of the next three months; a $15.00 late fee after 10 days, $20.00 per returned debit.
 */
export async function startPlan(template: string, startDay: string, method: Method, profile: Partial<StudentProfileRecord> = {}) {
  const student = await createStudentRecord({
    profile: { firstName: 'Rosa', lastName: 'Alvarez', ...profile },
    enrollments: [{ programType: 'diploma', programId: 'pn', programName: 'Practical Nursing', nextDueDate: '2027-12-31', enrolledAt: '2026-01-05T00:00:00.000Z' }],
    entries: [{ entryId: 'tuition', kind: 'charge', programType: 'diploma', programId: 'pn', amountCents: 120_000, createdAt: '2026-01-05T00:00:00.000Z' }],
  });
  const saved = await saveMethod(student.username, method === 'declined' ? 'card' : method);
  await offerTemplate(template, `Monthly ${template}`, ['diploma']);
  const res = await planOn(startDay, student.username, template, saved);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const planId = res.body.id as string;
  if (method === 'declined') {
    // the sandbox's always-declining card (…0002) cannot be saved through a SetupIntent (it declines the setup too)
    await runAt(new Date(at(startDay)), () =>
      changePlan(planId, async (p) => ({ plan: { ...p, paymentMethod: { id: 'pm_card_chargeDeclined', type: 'card', label: 'Visa •••• 0002' } } }), at(startDay)),
    );
  }
  return { student, planId };
}

export const plan = async (id: string) => (await getPlan(id))!;
export const downPayment = async (id: string) => (await plan(id)).installments.find((i) => i.seq === 0)!;
export const intentsOf = (p: PaymentPlanRecord) => new Set(p.installments.flatMap((i) => i.attempts.map((a) => a.intentId)));

/** The PaymentIntents Stripe holds for the plan (by the metadata every debit carries). */
export async function stripeIntentsOf(planId: string): Promise<Stripe.PaymentIntent[]> {
  const found: Stripe.PaymentIntent[] = [];
  for await (const pi of (await stripe()).paymentIntents.list({ limit: 100 })) if (pi.metadata?.plan === planId) found.push(pi);
  return found;
}

/** Stops the plan collecting (as a cancellation will), so later runs of this file leave it alone. */
export const cancel = (id: string, day: string) => changePlan(id, async (p) => ({ plan: { ...p, ...cancelPlan(p) } }), at(day));
