/**
 * DELETE /api/documents/{id}/ (admin, staff) — removes the record, its assignments and
 * acknowledgements (one audited transaction), then its file. The bucket is versioned, so the file
 * stays recoverable for 90 days (README runbook).
 */
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { deleteFileQuietly } from '../../store/document-files.js';
import { deleteDocument } from '../../store/document.js';
import { RecordIdParams } from '../../contract/params.js';

export const handler = route('documents-delete', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const removed = await deleteDocument(id, callerOf(req).username);
  if (removed.s3Key) await deleteFileQuietly(removed.s3Key);
  return { body: { message: 'Document deleted successfully' } };
});
