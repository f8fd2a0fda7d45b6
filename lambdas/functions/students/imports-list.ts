/**
 * GET /api/students/imports/ (admin) — past CSV imports, newest first, in cursor pages (`limit`, default 20),
 * so an admin can reopen an import's report later. One Query (gsi1). The counts of an import still
 * processing grow chunk by chunk; its own page has them row by row.
 */
import { ImportPageQuery, type ImportList } from '../../contract/student-import.js';
import { Invalid } from '../../domain/errors.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { isImportsCursor, listImports, summaryOf } from '../../store/student-import.js';

const DEFAULT_IMPORTS = 20;

export const handler = route('students-imports-list', async (req) => {
  const q = parseQuery(req, ImportPageQuery);
  const after = decodeCursor(q.cursor);
  if (after && !isImportsCursor(after)) {
    throw new Invalid('cursor: does not belong to this list');
  }
  const page = await listImports(q.limit ?? DEFAULT_IMPORTS, after);
  const results = page.records.map((r) => summaryOf(r));
  const body: ImportList = { results, count: results.length, next: encodeCursor(page.next) };
  return { body };
});
