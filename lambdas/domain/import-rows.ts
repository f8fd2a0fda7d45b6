/**
 * The CSV import as a job, its pure rules: how a validated file is cut into chunks (one queue
 * message each), and the plain sentences the report gives for each row that was not created.
 */
import type { ParsedRow } from './student-import.js';

/** Rows per chunk: one message, one job invocation (25 AdminCreateUser calls fit its minute many times over). */
export const CHUNK_ROWS = 25;

/** A row as stored for the job: its validated input, or why it is not valid. */
export interface StoredRow {
  line: number;
  /** As written in the file (cut to 100 characters: a junk cell must not fill the report). */
  username: string;
  input?: NonNullable<ParsedRow['input']>;
  /** Problems found in the file itself ("email: must be an email address"); absent on a valid row. */
  errors?: string[];
}

export function toStoredRow(row: ParsedRow): StoredRow {
  const username = row.username.slice(0, 100);
  return row.input && row.errors.length === 0 ? { line: row.line, username, input: row.input } : { line: row.line, username, errors: row.errors };
}

/** The file's rows in chunks of CHUNK_ROWS, in file order. */
export function chunkRows<T>(rows: readonly T[], size = CHUNK_ROWS): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/** Column names as a person reads them. */
const LABELS: Record<string, string> = {
  username: 'Username',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone_number: 'Phone number',
  program_type: 'Program type',
  program_name: 'Program name',
  cohort_id: 'Cohort',
  on_payment_plan: 'On payment plan',
  temporary_password: 'Temporary password',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const endSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * "email: must be an email address" -> "Email must be an email address."; "cohort_id: is a diploma
 * cohort, not certificate" -> "Cohort is a diploma cohort, not certificate."; zod's own wording
 * becomes "... is required" (a missing value) or "... is not valid".
 */
export function sentenceOf(problem: string): string {
  const match = /^([a-z_]+(?:\.[a-z_0-9]+)*): (.*)$/s.exec(problem.trim());
  if (!match) return endSentence(capitalise(problem.trim()));
  const [, field, message] = match as unknown as [string, string, string];
  const label = LABELS[field] ?? capitalise(field.replace(/[_.]/g, ' '));
  if (/^Invalid input: expected \w+, received undefined/.test(message)) return `${label} is required.`;
  if (/^Invalid\b/.test(message)) return `${label} is not valid.`;
  // a service's own sentence (Cognito's password policy): quoted as it is
  if (/^[A-Z][a-z]+ /.test(message)) return endSentence(`${label}: ${message}`);
  return endSentence(`${label} ${message}`);
}

/** Every problem of a row, each as its own sentence. */
export const reasonOf = (problems: readonly string[]): string => problems.map(sentenceOf).join(' ');

export const REASONS = {
  exists: (username: string) => `A student with username ${username} and this email already exists, so nothing was changed.`,
  usernameTaken: (username: string) => `Username ${username} is already taken by another student.`,
  emailTaken: (email: string) => `Email ${email} is already used by another student.`,
  /** The last attempt at a row met an error outside the row (a service refusing or failing). */
  notNow: (error: string) => `The sign-in could not be created now (${error}); import this row again later.`,
} as const;
