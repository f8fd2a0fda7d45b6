import { Username } from './username.js';
import * as z from './zod.js';
import { PROGRAM_TYPES, type ProgramType } from './programs.js';

// Here for the SPA; routes import new-student.ts itself, so this module's other schemas stay out of their bundles.
export { CreateStudentRequest, IMPORT_COLUMNS } from './new-student.js';

const Dollars = z
  .pipe(
    z.union([z.number(), z.string()]),
    z.transform((v) => String(v).trim()),
  )
  .check(
    z.refine((v) => /^\d+(\.\d{1,2})?$/.test(v), 'must be an amount of at least 0 with at most two decimals'),
    // as course prices: larger amounts are typing mistakes, and beyond 2^53 cents not even storable
    z.refine((v) => Number(v) <= 1_000_000, 'must be at most 1000000'),
  );
const IsoDate = z.string().check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'));

/** POST /api/students/{username}/enrollments/ (admin): enrolls in a program with its opening charge. */
export const EnrollRequest = z.object({
  program_type: z.enum(PROGRAM_TYPES, { error: 'must be certificate, diploma or associates' }),
  program_id: z.optional(z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,64}$/, 'may contain only lower-case letters, digits and hyphens'))),
  program_name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(200, 'is too long')),
  amount_due: Dollars,
  next_due_date: z.optional(z.nullable(IsoDate)),
});

/** POST /api/students/{username}/charges/ (admin): a further charge, or a credit (adjustment). Never an edit. */
export const LedgerPostRequest = z.object({
  program_type: z.enum(PROGRAM_TYPES, { error: 'must be certificate, diploma or associates' }),
  program_id: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(64)),
  kind: z.enum(['charge', 'credit'], { error: 'must be charge or credit' }),
  amount: Dollars.check(z.refine((v) => Number(v) > 0, 'must be greater than 0')),
  reason: z.string().check(z.trim(), z.minLength(3, 'must say why (at least 3 characters)'), z.maxLength(500, 'is too long')),
  next_due_date: z.optional(z.nullable(IsoDate)),
});

/**
 * GET /api/students/ — with cohort_id: the roster with bills (spec fallback); without: the admin list,
 * every match as an array, or with `limit` / `cursor` one page `{ results, count, next }` by last
 * name (search and balance_status then filter within the page, so `count` may be below `limit`).
 */
export const StudentListQuery = z.object({
  cohort_id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  program_type: z.optional(z.union([z.enum(PROGRAM_TYPES), z.literal('')])),
  balance_status: z.optional(z.union([z.enum(['current', 'due', 'overdue']), z.literal('')])),
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});

/** One row of the admin student list. */
export interface StudentSummary {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  program: string | null;
  program_type: ProgramType | null;
  cohort_id: string | null;
  on_payment_plan: boolean;
  balance: number;
  sign_in_enabled: boolean;
  created_at: string;
}

export interface ImportRowResult {
  /** 1-based line in the file, the header being line 1. */
  line: number;
  username: string;
  status: 'created' | 'invalid' | 'failed';
  errors: string[];
}

export interface ImportReport {
  created: number;
  invalid: number;
  failed: number;
  rows: ImportRowResult[];
}

/** POST /api/users/new-password/ — completes the first sign-in of an account with a temporary password. */
export const NewPasswordRequest = z.object({
  username: Username,
  session: z.string().check(z.minLength(1, 'is required'), z.maxLength(4096)),
  new_password: z.string().check(z.minLength(8, 'must be at least 8 characters'), z.maxLength(256)),
});
