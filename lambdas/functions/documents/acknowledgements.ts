/** GET /api/documents/{id}/acknowledgements/ (admin, staff) — who has acknowledged the document and who has not yet. */
import type { AcknowledgementList } from '../../contract/documents.js';
import { NotFound } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { getDocumentWithAcknowledgements } from '../../store/document.js';
import { expectedAcknowledgers } from '../../store/document-audience.js';
import { fullName } from '../../presenters/document.js';
import { RecordIdParams } from '../../contract/params.js';

export const handler = route('documents-acknowledgements', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const found = await getDocumentWithAcknowledgements(id);
  if (!found) throw new NotFound('Document not found');
  const expected = await expectedAcknowledgers(found.document);
  const done = new Set(found.acknowledgements.map((a) => a.username));
  const body: AcknowledgementList = {
    document_id: id,
    acknowledged: found.acknowledgements
      .sort((a, b) => a.acknowledgedAt.localeCompare(b.acknowledgedAt))
      .map((a) => ({ username: a.username, full_name: a.fullName, acknowledged_at: a.acknowledgedAt, signature: a.signature })),
    pending: expected.filter((p) => !done.has(p.username)).map((p) => ({ username: p.username, full_name: fullName(p) })),
  };
  return { body };
});
