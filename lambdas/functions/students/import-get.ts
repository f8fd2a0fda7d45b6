/**
 * GET /api/students/import/{id}/ (admin) — an import's progress as of now (total, processed, created,
 * skipped, failed, status) and one page of its per-row report in line order (`limit`, default 100, and
 * `cursor`). Two Queries: the record with its chunks' counters, and the page of rows.
 */
import { ImportPageQuery, ImportParams, type ImportDetail } from '../../contract/student-import.js';
import { Invalid, NotFound } from '../../domain/errors.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { route } from '../../http/route.js';
import { parseParams, parseQuery } from '../../http/validate.js';
import { importWithProgress, isReportCursor, reportPage, summaryOf } from '../../store/student-import.js';

const DEFAULT_ROWS = 100;

export const handler = route('students-import-get', async (req) => {
  const { id } = parseParams(req, ImportParams);
  const q = parseQuery(req, ImportPageQuery);
  const after = decodeCursor(q.cursor);
  if (after && !isReportCursor(id, after)) {
    throw new Invalid('cursor: does not belong to this import');
  }
  const found = await importWithProgress(id);
  if (!found) throw new NotFound('Import not found');
  const page = await reportPage(id, q.limit ?? DEFAULT_ROWS, after);
  const body: ImportDetail = { ...summaryOf(found.record, found.counts), rows: page.rows, next: encodeCursor(page.next) };
  return { body };
});
