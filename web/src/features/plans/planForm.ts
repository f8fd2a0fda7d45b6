import { HoldRulesInput, PlanTemplateInput, type HoldRules, type PaymentPlanTemplate } from '#contract/payment-plans';
import type { ProgramType } from '#contract/programs';
import { plainError } from '#shared/lib/plainError';

/** A template as the PUT sends it: a kept one names its id, a new one has none. */
export type TemplateDraft = Omit<PaymentPlanTemplate, 'id'> & { id?: string };

/** The template dialog's fields, as text where the person types. */
export interface PlanForm {
  id?: string;
  name: string;
  downPayment: string;
  installments: string;
  dayOfMonth: string;
  setupFee: string;
  graceDays: string;
  lateFee: string;
  returnedFee: string;
  programTypes: ProgramType[];
  active: boolean;
}

/** The hold rules' fields. */
export interface HoldRulesForm {
  installmentDays: string;
  balanceRule: boolean;
  threshold: string;
  balanceDays: string;
  planEnrollment: boolean;
  clinicalClearance: boolean;
}

/** How each field of the contract is named in a sentence ("Installments must be a whole number from 1 to 24."). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  down_payment_percent: 'Down payment percent',
  installments: 'Installments',
  day_of_month: 'Day of month',
  setup_fee: 'Setup fee',
  grace_days: 'Grace days',
  late_fee: 'Late fee',
  returned_payment_fee: 'Returned-payment fee',
  program_types: 'Program types',
  active: 'Active',
  installment_past_due_days: 'Days an installment may be past due',
  threshold: 'Balance threshold',
  days: 'Days a balance may be past due',
};

export const emptyPlanForm = (): PlanForm => ({
  name: '',
  downPayment: '0',
  installments: '4',
  dayOfMonth: '1',
  setupFee: '0.00',
  graceDays: '5',
  lateFee: '0.00',
  returnedFee: '0.00',
  programTypes: [],
  active: true,
});

const money = (dollars: number) => dollars.toFixed(2);

export function planFormOf(t: TemplateDraft): PlanForm {
  return {
    ...(t.id ? { id: t.id } : {}),
    name: t.name,
    downPayment: String(t.down_payment_percent),
    installments: String(t.installments),
    dayOfMonth: String(t.day_of_month),
    setupFee: money(t.setup_fee),
    graceDays: String(t.grace_days),
    lateFee: money(t.late_fee),
    returnedFee: money(t.returned_payment_fee),
    programTypes: [...t.program_types],
    active: t.active,
  };
}

/** A kept template as the PUT sends it (only the contract's fields). */
export const draftOf = (t: TemplateDraft): TemplateDraft => ({
  ...(t.id ? { id: t.id } : {}),
  name: t.name,
  down_payment_percent: t.down_payment_percent,
  installments: t.installments,
  day_of_month: t.day_of_month,
  setup_fee: t.setup_fee,
  grace_days: t.grace_days,
  late_fee: t.late_fee,
  returned_payment_fee: t.returned_payment_fee,
  program_types: [...t.program_types],
  active: t.active,
});

const wholeOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** "$1,250.00" is 1250.00: people type the sign and the commas. */
const amountText = (text: string) => text.replace(/[$,\s]/g, '');

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** A contract check's first problem as a sentence naming the field as people say it. */
function sentenceOf(issue: Issue | undefined, fallback: string): string {
  if (!issue) return fallback;
  const field = [...issue.path].reverse().find((part) => typeof part === 'string');
  const label = typeof field === 'string' ? FIELD_LABELS[field] : undefined;
  if (!label) return plainError(typeof field === 'string' ? `${field}: ${issue.message}` : issue.message);
  // the contract's own wording ("must be a whole number from 1 to 24") follows the field's name; zod's ("Invalid input") does not
  if (!/^[a-z]/.test(issue.message)) return `${label} is not valid.`;
  const text = `${label} ${issue.message}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The missing amounts, said before the contract's wording of a malformed one. */
function missingAmount(fields: ReadonlyArray<[string, string]>): string | null {
  const missing = fields.find(([, text]) => amountText(text) === '');
  return missing ? `${missing[0]} is required.` : null;
}

/** The form as the template the PUT sends, or its first problem in a sentence. */
export function templateOf(form: PlanForm): { template: TemplateDraft } | { problem: string } {
  const missing = missingAmount([
    ['Setup fee', form.setupFee],
    ['Late fee', form.lateFee],
    ['Returned-payment fee', form.returnedFee],
  ]);
  if (missing) return { problem: missing };
  const candidate = {
    ...(form.id ? { id: form.id } : {}),
    name: form.name,
    down_payment_percent: wholeOf(form.downPayment),
    installments: wholeOf(form.installments),
    day_of_month: wholeOf(form.dayOfMonth),
    setup_fee: amountText(form.setupFee),
    grace_days: wholeOf(form.graceDays),
    late_fee: amountText(form.lateFee),
    returned_payment_fee: amountText(form.returnedFee),
    program_types: form.programTypes,
    active: form.active,
  };
  const parsed = PlanTemplateInput.safeParse(candidate);
  if (!parsed.success) return { problem: sentenceOf(parsed.error.issues[0], 'This plan is not valid.') };
  const t = parsed.data;
  return {
    template: {
      ...(t.id ? { id: t.id } : {}),
      name: t.name,
      down_payment_percent: t.down_payment_percent,
      installments: t.installments,
      day_of_month: t.day_of_month,
      setup_fee: Number(t.setup_fee),
      grace_days: t.grace_days,
      late_fee: Number(t.late_fee),
      returned_payment_fee: Number(t.returned_payment_fee),
      program_types: t.program_types,
      active: t.active,
    },
  };
}

export function holdRulesFormOf(rules: HoldRules): HoldRulesForm {
  return {
    installmentDays: String(rules.installment_past_due_days),
    balanceRule: rules.balance_past_due !== null,
    threshold: rules.balance_past_due ? money(rules.balance_past_due.threshold) : '500.00',
    balanceDays: rules.balance_past_due ? String(rules.balance_past_due.days) : '30',
    planEnrollment: rules.blocks.plan_enrollment,
    clinicalClearance: rules.blocks.clinical_clearance,
  };
}

/** The hold rules as the PUT sends them, or their first problem in a sentence. */
export function holdRulesOf(form: HoldRulesForm): { rules: HoldRules } | { problem: string } {
  if (form.balanceRule && amountText(form.threshold) === '') return { problem: 'Balance threshold is required.' };
  const parsed = HoldRulesInput.safeParse({
    installment_past_due_days: wholeOf(form.installmentDays),
    balance_past_due: form.balanceRule ? { threshold: amountText(form.threshold), days: wholeOf(form.balanceDays) } : null,
    blocks: { plan_enrollment: form.planEnrollment, clinical_clearance: form.clinicalClearance },
  });
  if (!parsed.success) return { problem: sentenceOf(parsed.error.issues[0], 'These hold rules are not valid.') };
  const r = parsed.data;
  return {
    rules: {
      installment_past_due_days: r.installment_past_due_days,
      balance_past_due: r.balance_past_due ? { threshold: Number(r.balance_past_due.threshold), days: r.balance_past_due.days } : null,
      blocks: { ...r.blocks },
    },
  };
}
