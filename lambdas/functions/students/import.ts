/**
 * POST /api/students/import/ (admin) — `{ "csv": "<file text>", "file_name": "students.csv" }`. Answers 202
 * with the import at once; the students-import-chunks job creates the students:
 *  1. the file is read and every row checked for shape as before (header, sizes, each row's fields,
 *     repeats within the file); a file the import cannot read at all is a 400;
 *  2. the rows are stored in chunks of 25 (DynamoDB items in the import's partition, store/student-import.ts),
 *     then the import record (who, when, file name, total rows, status processing);
 *  3. one message per chunk goes to the job's queue (store/queue.ts).
 * Checks against stored data (cohorts, usernames and emails taken) happen per row in the job, where they
 * are still true when the student is created. GET /api/students/import/{id}/ follows the progress.
 */
import { randomUUID } from 'node:crypto';
import { StartImportRequest, type ImportSummary } from '../../contract/student-import.js';
import { nowIso } from '../../domain/clock.js';
import { Invalid } from '../../domain/errors.js';
import { chunkRows, toStoredRow } from '../../domain/import-rows.js';
import { readImportFile } from '../../domain/student-import.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { logger } from '../../observability/powertools.js';
import { sendToQueue } from '../../store/queue.js';
import { createImport, markImportFailed, summaryOf } from '../../store/student-import.js';
import type { ChunkMessage } from '../../imports/student-import-chunk.js';

export const handler = route('students-import', async (req) => {
  const { csv, file_name } = parseJsonBody(req, StartImportRequest);
  const actor = callerOf(req).username;
  const { rows, fileError } = readImportFile(csv);
  if (fileError) throw new Invalid(fileError);

  const id = randomUUID();
  const chunks = chunkRows(rows.map(toStoredRow));
  const record = await createImport({ id, fileName: file_name || 'students.csv', createdBy: actor, createdAt: nowIso(), chunks });
  try {
    await sendToQueue(
      'students-import-chunks',
      chunks.map((_, chunk): ChunkMessage => ({ import_id: id, chunk })),
    );
  } catch (error) {
    logger.error('import could not be queued', { importId: id, error: error as Error });
    await markImportFailed(id, 'The import could not be queued; upload the file again.', nowIso());
    throw error;
  }
  const body: ImportSummary = summaryOf(record);
  return { status: 202, body, headers: { location: `/api/students/import/${id}/` } };
});
