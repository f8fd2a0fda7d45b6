/**
 * The CSV import as a job: POST /api/students/import/ answers 202 with the import at once, the
 * rows are created by the students-import-chunks job, and GET /api/students/import/{id}/ reports progress
 * and each row's outcome; GET /api/students/imports/ lists past imports to return to.
 */
import * as z from './zod.js';

/** The file as the browser reads it (1 MB at most; API Gateway and Lambda take far more). */
export const MAX_IMPORT_FILE_CHARS = 1_000_000;

/** POST /api/students/import/ */
export const StartImportRequest = z.object({
  csv: z.string().check(z.minLength(1, 'is required'), z.maxLength(MAX_IMPORT_FILE_CHARS, 'is too large (1 MB at most)')),
  /** The name of the file chosen, to recognise the import later in the list. */
  file_name: z.optional(z.string().check(z.trim(), z.maxLength(255, 'is too long'))),
});
export type StartImportRequest = z.input<typeof StartImportRequest>;

/** An import's id (a UUID) in the path: anything else is a 400 without a read. */
export const ImportParams = z.object({
  id: z.string().check(z.trim(), z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'is not an import id')),
});

/** One page of a list: rows of a report, or imports. */
export const ImportPageQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500))),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});

/**
 * What happened to one row: the student was created; a student with this username and email already
 * existed (nothing changed: re-running a file creates nobody twice); or the row failed, with the reason.
 */
export type ImportRowOutcome = 'created' | 'exists' | 'failed';

export interface ImportRowReport {
  /** 1-based line in the file, the header being line 1. */
  line: number;
  username: string;
  outcome: ImportRowOutcome;
  /** A plain sentence for `exists` and `failed`; empty for `created`. */
  reason: string;
}

/** `processing` until every row has an outcome; `failed` only when the import could not be queued at all. */
export type ImportStatus = 'processing' | 'done' | 'failed';

export interface ImportCounts {
  /** Data rows in the file. */
  total: number;
  /** Rows with an outcome: created + skipped + failed. */
  processed: number;
  created: number;
  /** Rows whose student already existed. */
  skipped: number;
  failed: number;
}

export interface ImportSummary extends ImportCounts {
  id: string;
  file_name: string;
  /** Username of the admin who imported. */
  created_by: string;
  created_at: string;
  finished_at: string | null;
  status: ImportStatus;
}

/** GET /api/students/import/{id}/: progress as of now, and one page of the report (line order). */
export interface ImportDetail extends ImportSummary {
  rows: ImportRowReport[];
  /** Cursor of the report's next page, or null on the last. */
  next: string | null;
}

/** GET /api/students/imports/: newest first. Counts of an import still processing grow chunk by chunk. */
export interface ImportList {
  results: ImportSummary[];
  count: number;
  next: string | null;
}
