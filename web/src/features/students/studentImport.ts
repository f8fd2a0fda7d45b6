import Papa from 'papaparse';
import type { Cohort } from '../../../../lambdas/contract/cohorts';
import { IMPORT_COLUMNS, type ImportReport } from '../../../../lambdas/contract/student-admin';
import { toCsv } from '../../lib/csv';

/** POST /api/students/import/ takes at most this many data rows per call. */
export const ROWS_PER_CALL = 100;

export const TEMPLATE_FILE_NAME = 'student-import-template.csv';

/** The import columns and one example row (in the given cohort, when there is one). */
export function importTemplateCsv(example?: Pick<Cohort, 'id' | 'program_type' | 'program_name'>): string {
  const row: Record<(typeof IMPORT_COLUMNS)[number], string> = {
    username: 'jane.doe',
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane.doe@example.edu',
    phone_number: '555-0100',
    program_type: example?.program_type ?? 'certificate',
    program_name: example?.program_name ?? 'Phlebotomy',
    cohort_id: example?.id ?? 'cohort-2026-cert-2',
    on_payment_plan: 'no',
    temporary_password: '',
  };
  return toCsv(IMPORT_COLUMNS, [IMPORT_COLUMNS.map((column) => row[column])]);
}

/** One call's worth of the file: the header and up to 100 data rows. */
export interface ImportChunk {
  csv: string;
  /** Data rows before this chunk, to turn the report's line numbers back into the file's. */
  rowOffset: number;
  rowCount: number;
}

/**
 * Splits a file into calls of at most 100 data rows, each with the header. A file that fits in one
 * call is sent as it is, so the server sees exactly what the admin chose. Rows are counted as the
 * server counts them: records, not physical lines (a quoted field may span lines), blank ones skipped.
 */
export function importChunks(text: string): ImportChunk[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ',', skipEmptyLines: 'greedy' });
  const [header, ...rows] = parsed.data;
  if (!header || rows.length <= ROWS_PER_CALL) return [{ csv: text, rowOffset: 0, rowCount: rows.length }];
  const chunks: ImportChunk[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_CALL) {
    const part = rows.slice(start, start + ROWS_PER_CALL);
    // No formula escaping here: the values go to the server as they are in the file.
    chunks.push({ csv: Papa.unparse([header, ...part], { newline: '\n' }), rowOffset: start, rowCount: part.length });
  }
  return chunks;
}

export const EMPTY_REPORT: ImportReport = { created: 0, invalid: 0, failed: 0, rows: [] };

/** Adds one call's report to the whole file's, with line numbers of the file (the header is line 1). */
export function mergeReport(total: ImportReport, part: ImportReport, chunk: Pick<ImportChunk, 'rowOffset'>): ImportReport {
  return {
    created: total.created + part.created,
    invalid: total.invalid + part.invalid,
    failed: total.failed + part.failed,
    rows: [...total.rows, ...part.rows.map((row) => ({ ...row, line: fileLine(row.line, chunk), errors: row.errors.map((e) => inFileLines(e, chunk)) }))],
  };
}

const fileLine = (line: number, chunk: Pick<ImportChunk, 'rowOffset'>) => line + chunk.rowOffset;
/** "username: repeats line 3" names a line of the chunk too. */
const inFileLines = (error: string, chunk: Pick<ImportChunk, 'rowOffset'>) =>
  error.replace(/repeats line (\d+)/, (_match, line: string) => `repeats line ${fileLine(Number(line), chunk)}`);

/** "Created 1 · Invalid 1 · Failed 0" */
export const reportSummary = (report: ImportReport) => `Created ${report.created} · Invalid ${report.invalid} · Failed ${report.failed}`;
