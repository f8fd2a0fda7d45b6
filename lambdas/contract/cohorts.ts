import { Username } from './username.js';
import * as z from './zod.js';
import { PROGRAM_TYPES, type ProgramType } from './programs.js';
import type { StudentRecord } from './students.js';

/** GET /api/cohorts/ (the spec's Cohort). */
export interface Cohort {
  id: string;
  academic_year: string;
  cohort_number: number;
  program_type: ProgramType;
  program_name: string;
  student_count: number;
  is_active: boolean;
  start_date: string | null;
  end_date: string | null;
}

/** GET /api/cohorts/{id}/students/ and GET /api/students/?cohort_id= */
export type CohortStudent = StudentRecord;

const IsoDate = z.optional(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'))));

/** POST /api/cohorts/ and PUT /api/cohorts/{id}/ (admin). */
export const CohortInput = z
  .object({
    academic_year: z.string().check(
      z.trim(),
      z.regex(/^\d{4}-\d{4}$/, 'must look like 2025-2026'),
      z.refine((y) => Number(y.slice(5)) === Number(y.slice(0, 4)) + 1, 'must be two consecutive years'),
    ),
    cohort_number: z.number().check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'), z.maximum(999, 'must be at most 999')),
    program_type: z.enum(PROGRAM_TYPES, { error: 'must be certificate, diploma or associates' }),
    program_name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(200, 'is too long')),
    start_date: IsoDate,
    end_date: IsoDate,
    is_active: z._default(z.optional(z.boolean()), true),
  })
  .check(z.refine((c) => !c.start_date || !c.end_date || c.start_date <= c.end_date, { message: 'must not be before start_date', path: ['end_date'] }));
export type CohortInput = z.input<typeof CohortInput>;

/** POST /api/cohorts/{id}/students/ (admin): move a student into this cohort. */
export const AddStudentToCohort = z.object({ username: Username });
