import { EnrollRequest } from '#contract/student-admin';
import type { ProgramType } from '#contract/programs';
import type { StudentRecord } from '#contract/students';
import { schemaProblems, type FieldErrors } from '#shared/lib/fieldErrors';
import { defineFormFields, type FormValues } from '#shared/lib/formFields';
import type { EnrollmentBody } from './studentsAdminApi';

/** Enroll in Program: the program and its opening charge. */
const ENROLL_FORM = defineFormFields({
  program_type: { label: 'Program Type', initial: 'certificate' as ProgramType },
  program_name: { label: 'Program Name', initial: '' },
  amount_due: { label: 'Amount Due', initial: '' },
  next_due_date: { label: 'Next Due Date', initial: '' },
});

export type EnrollValues = FormValues<typeof ENROLL_FORM.fields>;

export type EnrollField = keyof EnrollValues;

export const ENROLL_LABELS = ENROLL_FORM.labels;

/** Starts from the student's own program, the usual first enrollment. */
export const enrollValuesFor = (student: Pick<StudentRecord, 'program' | 'program_type'>): EnrollValues => ({
  ...ENROLL_FORM.initial,
  program_type: student.program_type ?? ENROLL_FORM.initial.program_type,
  program_name: student.program ?? '',
});

/** The body of POST /api/students/{username}/enrollments/: an empty date is "none". */
export const enrollBody = (values: EnrollValues): EnrollmentBody => ({
  program_type: values.program_type,
  program_name: values.program_name,
  amount_due: values.amount_due.trim(),
  next_due_date: values.next_due_date || null,
});

export function validateEnroll(values: EnrollValues): FieldErrors<EnrollField> {
  return schemaProblems(EnrollRequest, enrollBody(values), ENROLL_LABELS);
}
