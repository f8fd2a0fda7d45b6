import { CreateStudentRequest } from '#contract/student-admin';
import type { Cohort } from '#contract/cohorts';
import type { ProgramType } from '#contract/programs';
import { fieldErrorsOf, type FieldErrors } from '#shared/lib/fieldErrors';

/** The Add Student form, as typed. */
export interface CreateStudentValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  program_type: ProgramType;
  program_name: string;
  cohort_id: string;
  on_payment_plan: boolean;
  /** Empty: Cognito emails an invitation instead. */
  temporary_password: string;
}

export type CreateStudentField = keyof CreateStudentValues;

export const CREATE_STUDENT_LABELS: Record<CreateStudentField, string> = {
  username: 'Username',
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  phone_number: 'Phone',
  program_type: 'Program Type',
  program_name: 'Program Name',
  cohort_id: 'Cohort',
  on_payment_plan: 'On Payment Plan',
  temporary_password: 'Temporary Password',
};

export const NEW_STUDENT: CreateStudentValues = {
  username: '',
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  program_type: 'certificate',
  program_name: '',
  cohort_id: '',
  on_payment_plan: false,
  temporary_password: '',
};

/** The body of POST /api/students/: no temporary password means "send an invitation". */
export function createStudentBody(values: CreateStudentValues): CreateStudentRequest {
  const { temporary_password, ...rest } = values;
  return temporary_password === '' ? rest : { ...rest, temporary_password };
}

/** "Email must be an email address": the server's schema, message by message. */
export function validateCreateStudent(values: CreateStudentValues): FieldErrors<CreateStudentField> {
  const parsed = CreateStudentRequest.safeParse(createStudentBody(values));
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues, CREATE_STUDENT_LABELS);
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
