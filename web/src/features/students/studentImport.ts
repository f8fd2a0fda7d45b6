import type { Cohort } from '#contract/cohorts';
import { IMPORT_COLUMNS } from '#contract/student-admin';
import type { ImportCounts, ImportRowOutcome, ImportStatus } from '#contract/student-import';
import { toCsv } from '#shared/lib/csv';

export const TEMPLATE_FILE_NAME = 'student-import-template.csv';

/** While an import runs, its progress is read this often. */
export const IMPORT_POLL_MS = 1000;
/** Rows of the report read per call once the import is done ("Show more rows" reads the next ones). */
export const REPORT_PAGE_ROWS = 500;

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

/** Share of the rows with an outcome, 0-100. */
export const progressPercent = ({ processed, total }: Pick<ImportCounts, 'processed' | 'total'>) => (total > 0 ? Math.min(100, Math.round((processed / total) * 100)) : 0);

/** "Imported 120 of 1000 rows..." */
export const progressText = ({ processed, total }: Pick<ImportCounts, 'processed' | 'total'>) => `Imported ${processed} of ${total} rows...`;

/** "Created 2 · Already existed 0 · Failed 1" */
export const importSummaryText = (counts: Pick<ImportCounts, 'created' | 'skipped' | 'failed'>) =>
  `Created ${counts.created} · Already existed ${counts.skipped} · Failed ${counts.failed}`;

export const OUTCOME_LABELS: Record<ImportRowOutcome, string> = { created: 'Created', exists: 'Already exists', failed: 'Failed' };
export const STATUS_LABELS: Record<ImportStatus, string> = { processing: 'Importing', done: 'Done', failed: 'Not queued' };
