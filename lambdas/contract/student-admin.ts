import * as z from './zod.js';
import { PROGRAM_TYPES, type ProgramType } from '../domain/programs.js';

const Dollars = z.pipe(z.union([z.number(), z.string()]), z.transform((v) => String(v).trim())).check(
  z.refine((v) => /^\d+(\.\d{1,2})?$/.test(v), 'must be an amount of at least 0 with at most two decimals'),
  // as course prices: larger amounts are typing mistakes, and beyond 2^53 cents not even storable
  z.refine((v) => Number(v) <= 1_000_000, 'must be at most 1000000'),
);
const IsoDate = z.string().check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'));
const Username = z.string().check(
  z.trim(),
  z.minLength(3, 'must be at least 3 characters'),
  z.maxLength(64, 'is too long'),
  z.regex(/^[a-z0-9][a-z0-9._-]*$/, 'may contain only lower-case letters, digits, dots, hyphens and underscores'),
);

/** POST /api/students/ (admin): a sign-in and a student profile, created together. */
export const CreateStudentRequest = z.object({
  username: Username,
  first_name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'is too long')),
  last_name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'is too long')),
  email: z.string().check(z.trim(), z.toLowerCase(), z.email('must be an email address'), z.maxLength(254)),
  phone_number: z._default(z.optional(z.string().check(
    z.trim(),
    z.maxLength(30, 'is too long'),
    z.regex(/^[0-9+()\-. ]*$/, 'may contain only digits, spaces and + ( ) - .'),
  )), ''),
  program_type: z.enum(PROGRAM_TYPES, { error: 'must be certificate, diploma or associates' }),
  program_name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(200, 'is too long')),
  cohort_id: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(64)),
  on_payment_plan: z.pipe(
    z._default(z.optional(z.union([z.boolean(), z.enum(['true', 'false', 'yes', 'no'])])), false),
    z.transform((v) => v === true || v === 'true' || v === 'yes'),
  ),
  /** Optional first password (the student must choose a new one at first sign-in); without it Cognito emails an invitation. */
  temporary_password: z.optional(z.string().check(z.minLength(8, 'must be at least 8 characters'), z.maxLength(128))),
});
export type CreateStudentRequest = z.input<typeof CreateStudentRequest>;

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

/** Columns of the import CSV (the template the screen offers for download). */
export const IMPORT_COLUMNS = [
  'username', 'first_name', 'last_name', 'email', 'phone_number', 'program_type', 'program_name', 'cohort_id',
  'on_payment_plan', 'temporary_password',
] as const;

/** POST /api/users/new-password/ — completes the first sign-in of an account with a temporary password. */
export const NewPasswordRequest = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128)),
  session: z.string().check(z.minLength(1, 'is required'), z.maxLength(4096)),
  new_password: z.string().check(z.minLength(8, 'must be at least 8 characters'), z.maxLength(256)),
});
