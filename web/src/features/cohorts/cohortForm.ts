import { CohortInput, type Cohort } from '#contract/cohorts';
import type { ProgramType } from '#contract/programs';
import { schemaProblems, type FieldErrors } from '#shared/lib/fieldErrors';
import { defineFormFields, type FormValues } from '#shared/lib/formFields';

/**
 * The New Cohort / Edit Cohort form (beyond the spec, admin), validated with the server's own
 * schema (lambdas/contract) so a form that passes here is accepted there, with the same messages.
 */
const COHORT_FORM = defineFormFields({
  academic_year: { label: 'Academic Year', initial: '' },
  /** Kept as typed so the box can be cleared while editing. */
  cohort_number: { label: 'Cohort Number', initial: '1' },
  program_type: { label: 'Program Type', initial: 'certificate' as ProgramType },
  program_name: { label: 'Program Name', initial: '' },
  start_date: { label: 'Start Date', initial: '' },
  end_date: { label: 'End Date', initial: '' },
  is_active: { label: 'Active', initial: true },
});

export type CohortFormValues = FormValues<typeof COHORT_FORM.fields>;

export type CohortField = keyof CohortFormValues;

export const FIELD_LABELS = COHORT_FORM.labels;

/** The academic year that starts in the current calendar year, e.g. "2026-2027". */
const currentAcademicYear = (now = new Date()) => `${now.getFullYear()}-${now.getFullYear() + 1}`;

export const newCohortValues = (now = new Date()): CohortFormValues => ({ ...COHORT_FORM.initial, academic_year: currentAcademicYear(now) });

export const formValuesOf = (cohort: Cohort): CohortFormValues => ({
  academic_year: cohort.academic_year,
  cohort_number: String(cohort.cohort_number),
  program_type: cohort.program_type,
  program_name: cohort.program_name,
  start_date: cohort.start_date ?? '',
  end_date: cohort.end_date ?? '',
  is_active: cohort.is_active,
});

/** A number only when the box holds digits, so "1.5" or "abc" reach the schema as invalid. */
const numberOf = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));

/** The body of POST /api/cohorts/ and PUT /api/cohorts/{id}/: empty dates become null. */
export function requestBodyOf(values: CohortFormValues): CohortInput {
  return {
    academic_year: values.academic_year.trim(),
    cohort_number: numberOf(values.cohort_number) as number,
    program_type: values.program_type,
    program_name: values.program_name.trim(),
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    is_active: values.is_active,
  };
}

/** The schema's wording, except where zod's own ("expected number, received NaN") would show. */
function messageOf(field: CohortField, issue: { code: string; message: string }, values: CohortFormValues): string {
  // "must not be before start_date" names the other field as the form labels it.
  if (field !== 'cohort_number' || issue.code !== 'invalid_type') return issue.message.replace('start_date', FIELD_LABELS.start_date);
  return values.cohort_number.trim() === '' ? 'is required' : 'must be a whole number';
}

/** "Cohort Number must be at least 1": the schema's first message per field after its label. */
export function validateCohort(values: CohortFormValues): FieldErrors<CohortField> {
  return schemaProblems(CohortInput, requestBodyOf(values), FIELD_LABELS, (field, issue) => messageOf(field, issue, values));
}
