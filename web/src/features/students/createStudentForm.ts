import { CreateStudentRequest } from '#contract/student-admin';
import type { Cohort } from '#contract/cohorts';
import type { ProgramType } from '#contract/programs';
import { schemaProblems, type FieldErrors } from '#shared/lib/fieldErrors';
import { defineFormFields, type FormValues } from '#shared/lib/formFields';

/** The Add Student form, as typed. */
const CREATE_STUDENT_FORM = defineFormFields({
  username: { label: 'Username', initial: '' },
  first_name: { label: 'First Name', initial: '' },
  last_name: { label: 'Last Name', initial: '' },
  email: { label: 'Email', initial: '' },
  phone_number: { label: 'Phone', initial: '' },
  program_type: { label: 'Program Type', initial: 'certificate' as ProgramType },
  program_name: { label: 'Program Name', initial: '' },
  cohort_id: { label: 'Cohort', initial: '' },
  on_payment_plan: { label: 'On Payment Plan', initial: false },
  /** Empty: Cognito emails an invitation instead. */
  temporary_password: { label: 'Temporary Password', initial: '' },
});

export type CreateStudentValues = FormValues<typeof CREATE_STUDENT_FORM.fields>;

export type CreateStudentField = keyof CreateStudentValues;

export const CREATE_STUDENT_LABELS = CREATE_STUDENT_FORM.labels;

export const NEW_STUDENT: CreateStudentValues = CREATE_STUDENT_FORM.initial;

/** The body of POST /api/students/: no temporary password means "send an invitation". */
export function createStudentBody(values: CreateStudentValues): CreateStudentRequest {
  const { temporary_password, ...rest } = values;
  return temporary_password === '' ? rest : { ...rest, temporary_password };
}

/** "Email must be an email address": the server's schema, message by message. */
export function validateCreateStudent(values: CreateStudentValues): FieldErrors<CreateStudentField> {
  return schemaProblems(CreateStudentRequest, createStudentBody(values), CREATE_STUDENT_LABELS);
}

/**
 * A program type keeps the chosen cohort only if the cohort is of that type; choosing a cohort
 * fills in its program name, which the admin may still change.
 */
export function withField(values: CreateStudentValues, field: CreateStudentField, value: string | boolean, cohorts: readonly Cohort[]): CreateStudentValues {
  const next = { ...values, [field]: value } as CreateStudentValues;
  if (field === 'program_type') {
    const cohort = cohorts.find((c) => c.id === values.cohort_id);
    if (cohort && cohort.program_type !== value) next.cohort_id = '';
  }
  if (field === 'cohort_id') {
    const cohort = cohorts.find((c) => c.id === value);
    if (cohort) next.program_name = cohort.program_name;
  }
  return next;
}
