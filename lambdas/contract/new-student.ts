/**
 * A new student record: the body of POST /api/students/ and each row of the CSV import. Its own module
 * because a schema's construction (`.check(...)`) cannot be tree-shaken: the routes that create students
 * import it alone, without the other student-administration schemas (the Lambda budget).
 */
import * as z from './zod.js';
import { PROGRAM_TYPES } from './programs.js';

const RESERVED_USERNAMES = new Set(['import', 'imports']);

// canonical: `Jamal.Brooks` is created as `jamal.brooks`, the name every sign-in step uses
const Username = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(3, 'must be at least 3 characters'),
  z.maxLength(64, 'is too long'),
  z.regex(/^[a-z0-9][a-z0-9._-]*$/, 'may contain only lower-case letters, digits, dots, hyphens and underscores'),
  // /api/students/import/ and /api/students/imports/ are routes of their own: a student of that name could not be read
  z.refine((name) => !RESERVED_USERNAMES.has(name), 'is reserved; choose another'),
);

/** POST /api/students/ (admin): a sign-in and a student profile, created together. */
export const CreateStudentRequest = z.object({
  username: Username,
  first_name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'is too long')),
  last_name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'is too long')),
  email: z.string().check(z.trim(), z.toLowerCase(), z.email('must be an email address'), z.maxLength(254)),
  phone_number: z._default(z.optional(z.string().check(z.trim(), z.maxLength(30, 'is too long'), z.regex(/^[0-9+()\-. ]*$/, 'may contain only digits, spaces and + ( ) - .'))), ''),
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

/** Columns of the import CSV (the template the screen offers for download). */
export const IMPORT_COLUMNS = [
  'username',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'program_type',
  'program_name',
  'cohort_id',
  'on_payment_plan',
  'temporary_password',
] as const;
