/** GET /api/clinical-sites/{id}/agreement/ (compliance, admin) — a presigned GET of the affiliation agreement, valid for 5 minutes. */
import { DownloadQuery } from '../../contract/document-download.js';
import type { DownloadResponse } from '../../contract/documents.js';
import { RecordIdParams } from '../../contract/params.js';
import { NotFound } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { requestOrigin } from '../../http/request-origin.js';
import { parseParams, parseQuery } from '../../http/validate.js';
import { requireSite } from '../../store/clinical-site.js';
import { DOWNLOAD_URL_SECONDS, presignDownload } from '../../store/document-links.js';

export const handler = route('clinical-sites-agreement', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const { disposition } = parseQuery(req, DownloadQuery);
  const file = (await requireSite(id)).agreement?.file;
  if (!file) throw new NotFound('This site has no agreement file');
  const download_url = await presignDownload(file.key, {
    fileName: file.name,
    contentType: file.content_type,
    disposition: disposition ?? 'attachment',
    origin: requestOrigin(req),
  });
  const body: DownloadResponse = { download_url, file_name: file.name, file_type: file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase(), expires_in: DOWNLOAD_URL_SECONDS };
  return { body };
});
