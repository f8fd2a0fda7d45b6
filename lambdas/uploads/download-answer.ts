/**
 * The answer to a download of a stored upload (a compliance file, a site's agreement): a presigned GET, valid for
 * DOWNLOAD_URL_SECONDS, that names the file safely and serves it with the type it was uploaded as.
 */
import type { DownloadResponse } from '../contract/documents.js';
import type { Disposition } from '../domain/content-disposition.js';
import { requestOrigin } from '../http/request-origin.js';
import type { ApiRequest } from '../http/types.js';
import { DOWNLOAD_URL_SECONDS, presignDownload } from '../store/document-links.js';

/** A stored upload: its object key, the name it was uploaded with and its content type. */
export interface StoredFile {
  key: string;
  name: string;
  content_type: string;
}

/** `disposition` as the caller asked (DownloadQuery), parsed by the handler before its other checks. */
export async function downloadAnswer(req: ApiRequest, file: StoredFile, disposition: Disposition | undefined): Promise<DownloadResponse> {
  const download_url = await presignDownload(file.key, {
    fileName: file.name,
    contentType: file.content_type,
    disposition: disposition ?? 'attachment',
    origin: requestOrigin(req),
  });
  return { download_url, file_name: file.name, file_type: file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase(), expires_in: DOWNLOAD_URL_SECONDS };
}
