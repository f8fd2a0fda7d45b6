import { EnrollRequest } from '#contract/student-admin';
import type { ProgramType } from '#contract/programs';
import type { StudentRecord } from '#contract/students';
import { fieldErrorsOf, type FieldErrors } from '#shared/lib/fieldErrors';
import type { EnrollmentBody } from './studentsAdminApi';

/** Enroll in Program: the program and its opening charge. */
export interface EnrollValues {
  program_type: ProgramType;
  program_name: string;
  amount_due: string;
  next_due_date: string;
}

export type EnrollField = keyof EnrollValues;

export const ENROLL_LABELS: Record<EnrollField, string> = {
  program_type: 'Program Type',
  program_name: 'Program Name',
  amount_due: 'Amount Due',
  next_due_date: 'Next Due Date',
};

/** Starts from the student's own program, the usual first enrollment. */
export const enrollValuesFor = (student: Pick<StudentRecord, 'program' | 'program_type'>): EnrollValues => ({
  program_type: student.program_type ?? 'certificate',
  program_name: student.program ?? '',
  amount_due: '',
  next_due_date: '',
});

/** The body of POST /api/students/{username}/enrollments/: an empty date is "none". */
export const enrollBody = (values: EnrollValues): EnrollmentBody => ({
  program_type: values.program_type,
  program_name: values.program_name,
  amount_due: values.amount_due.trim(),
  next_due_date: values.next_due_date || null,
});

export function validateEnroll(values: EnrollValues): FieldErrors<EnrollField> {
  const parsed = EnrollRequest.safeParse(enrollBody(values));
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues, ENROLL_LABELS);
}
