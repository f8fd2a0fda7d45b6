/**
 * Bulk import of students from CSV: every row is checked before anything is written, and
 * the report says, row by row, what was wrong. Valid rows become NewStudent inputs.
 */
import { CreateStudentRequest, IMPORT_COLUMNS } from '../contract/new-student.js';
import type { ImportRowResult } from '../contract/student-admin.js';
import { parseCsv } from './csv.js';

/** A 1 MB file holds about 10,000 typical rows; the import job creates them in chunks. */
export const MAX_IMPORT_ROWS = 10_000;

export interface ParsedRow {
  line: number;
  username: string;
  input: ReturnType<typeof CreateStudentRequest.parse> | null;
  errors: string[];
}

/** Parses and validates the shape of every row; checks against stored data come afterwards. */
export function readImportFile(text: string): { rows: ParsedRow[]; fileError: string | null } {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (error) {
    return { rows: [], fileError: `file: ${(error as Error).message}` };
  }
  const [header, ...data] = table;
  if (!header) return { rows: [], fileError: 'file: is empty' };
  const columns = header.map((h) => h.trim().toLowerCase());
  const missing = IMPORT_COLUMNS.filter((c) => c !== 'temporary_password' && c !== 'phone_number' && !columns.includes(c));
  if (missing.length) return { rows: [], fileError: `file: missing columns ${missing.join(', ')} (download the template)` };
  if (data.length === 0) return { rows: [], fileError: 'file: has no student rows' };
  if (data.length > MAX_IMPORT_ROWS) return { rows: [], fileError: `file: has ${data.length} rows; import at most ${MAX_IMPORT_ROWS} at a time` };

  const seenUsernames = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  const rows = data.map((cells, i): ParsedRow => {
    const line = i + 2;
    const record = Object.fromEntries(columns.map((c, j) => [c, (cells[j] ?? '').trim()]));
    const candidate = Object.fromEntries(Object.entries(record).filter(([k, v]) => (IMPORT_COLUMNS as readonly string[]).includes(k) && v !== ''));
    const parsed = CreateStudentRequest.safeParse(candidate);
    const errors = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`);
    const username = (record.username ?? '').toLowerCase();
    const email = (record.email ?? '').toLowerCase();
    if (username && seenUsernames.has(username)) errors.push(`username: repeats line ${seenUsernames.get(username)}`);
    if (email && seenEmails.has(email)) errors.push(`email: repeats line ${seenEmails.get(email)}`);
    if (username && !seenUsernames.has(username)) seenUsernames.set(username, line);
    if (email && !seenEmails.has(email)) seenEmails.set(email, line);
    return { line, username: record.username ?? '', input: parsed.success && errors.length === 0 ? parsed.data : null, errors };
  });
  return { rows, fileError: null };
}

export const invalidResult = (row: ParsedRow): ImportRowResult => ({ line: row.line, username: row.username, status: 'invalid', errors: row.errors });
