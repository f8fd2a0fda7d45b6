import type { HoldRules, PaymentPlanTemplate, PlanTemplatesResponse } from '#contract/payment-plans';
import { sampleUser, signedIn } from '../../testing/test-utils';

export const asFinance = () => signedIn(sampleUser({ username: 'fiona', first_name: 'Fiona', is_finance: true }));

export const monthly: PaymentPlanTemplate = {
  id: 'tpl-monthly',
  name: 'Monthly',
  down_payment_percent: 10,
  installments: 6,
  day_of_month: 1,
  setup_fee: 25,
  grace_days: 5,
  late_fee: 15,
  returned_payment_fee: 30,
  program_types: ['certificate', 'diploma'],
  active: true,
};

export const semester: PaymentPlanTemplate = {
  id: 'tpl-semester',
  name: 'Semester',
  down_payment_percent: 0,
  installments: 4,
  day_of_month: 15,
  setup_fee: 0,
  grace_days: 10,
  late_fee: 20,
  returned_payment_fee: 0,
  program_types: ['associates'],
  active: false,
};

export const holdRules: HoldRules = {
  installment_past_due_days: 30,
  balance_past_due: { threshold: 500, days: 45 },
  blocks: { plan_enrollment: true, clinical_clearance: false },
};

export const planSettings = (over: Partial<PlanTemplatesResponse> = {}): PlanTemplatesResponse => ({ templates: [monthly, semester], hold_rules: holdRules, version: 4, ...over });
