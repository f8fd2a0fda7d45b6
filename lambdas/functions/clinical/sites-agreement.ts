/** GET /api/clinical-sites/{id}/agreement/ (compliance, admin) — a presigned GET of the affiliation agreement, valid for 5 minutes. */
import { DownloadQuery } from '../../contract/document-download.js';
import { RecordIdParams } from '../../contract/params.js';
import { NotFound } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { parseParams, parseQuery } from '../../http/validate.js';
import { requireSite } from '../../store/clinical-site.js';
import { downloadAnswer } from '../../uploads/download-answer.js';

export const handler = route('clinical-sites-agreement', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const { disposition } = parseQuery(req, DownloadQuery);
  const file = (await requireSite(id)).agreement?.file;
  if (!file) throw new NotFound('This site has no agreement file');
  return { body: await downloadAnswer(req, file, disposition) };
});
