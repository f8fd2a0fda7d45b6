import { RequirementInput, type ComplianceCategory, type ComplianceRequirement, type EvidenceKind } from '#contract/compliance';
import type { ProgramType } from '#contract/programs';
import { plainError } from '#shared/lib/plainError';

/** The template editor's fields, as text where the person types. */
export interface RequirementForm {
  id?: string;
  name: string;
  category: ComplianceCategory;
  evidence: EvidenceKind;
  validityKind: 'none' | 'months' | 'seasonal';
  months: string;
  month: string;
  day: string;
  appliesKind: 'program_type' | 'cohort' | 'site';
  programType: ProgramType;
  cohortId: string;
  dueDays: string;
  guidelines: string;
  /** One alternative a line. */
  alternatives: string;
  exemptionAllowed: boolean;
}

export const emptyForm = (): RequirementForm => ({
  name: '',
  category: 'immunization',
  evidence: 'file_and_dates',
  validityKind: 'none',
  months: '12',
  month: '3',
  day: '31',
  appliesKind: 'program_type',
  programType: 'certificate',
  cohortId: '',
  dueDays: '',
  guidelines: '',
  alternatives: '',
  exemptionAllowed: false,
});

export function formOf(r: ComplianceRequirement | RequirementInput): RequirementForm {
  return {
    ...emptyForm(),
    id: r.id,
    name: r.name,
    category: r.category,
    evidence: r.evidence,
    validityKind: r.validity.kind,
    ...(r.validity.kind === 'months' ? { months: String(r.validity.months) } : {}),
    ...(r.validity.kind === 'seasonal' ? { month: String(r.validity.month), day: String(r.validity.day) } : {}),
    appliesKind: r.applies_to.kind,
    ...(r.applies_to.kind === 'program_type' ? { programType: r.applies_to.program_type } : r.applies_to.kind === 'cohort' ? { cohortId: r.applies_to.cohort_id } : {}),
    dueDays: r.due_days_from_cohort_start === null ? '' : String(r.due_days_from_cohort_start),
    guidelines: r.guidelines,
    alternatives: r.alternatives.join('\n'),
    exemptionAllowed: r.exemption_allowed,
  };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The form as the API's RequirementInput, or the first problem in a sentence. */
export function inputOf(form: RequirementForm): { input: RequirementInput } | { problem: string } {
  const candidate = {
    ...(form.id ? { id: form.id } : {}),
    name: form.name,
    category: form.category,
    evidence: form.evidence,
    validity:
      form.validityKind === 'months'
        ? { kind: 'months', months: numberOf(form.months) }
        : form.validityKind === 'seasonal'
          ? { kind: 'seasonal', month: numberOf(form.month), day: numberOf(form.day) }
          : { kind: 'none' },
    applies_to:
      form.appliesKind === 'cohort'
        ? { kind: 'cohort', cohort_id: form.cohortId }
        : form.appliesKind === 'site'
          ? { kind: 'site' }
          : { kind: 'program_type', program_type: form.programType },
    due_days_from_cohort_start: form.dueDays.trim() === '' ? null : numberOf(form.dueDays),
    guidelines: form.guidelines,
    alternatives: form.alternatives
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    exemption_allowed: form.exemptionAllowed,
  };
  const parsed = RequirementInput.safeParse(candidate);
  if (parsed.success) return { input: parsed.data };
  const issue = parsed.error.issues[0];
  const path = (issue?.path ?? []).map(String).join('.');
  return { problem: plainError(path ? `${path}: ${issue?.message ?? 'is not valid'}` : (issue?.message ?? 'This requirement is not valid.')) };
}
