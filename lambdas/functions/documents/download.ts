/**
 * GET /api/documents/{id}/download/ — a presigned GET valid for 5 minutes, naming the file safely
 * (RFC 6266); `?disposition=inline` for previews. Staff: any document; anyone else: only one that
 * applies to them (403 otherwise; 404 when there is no such document).
 */
import { DownloadQuery } from '../../contract/document-download.js';
import type { DownloadResponse } from '../../contract/documents.js';
import { appliesTo, seesEveryDocument } from '../../domain/document-access.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { CONTENT_TYPES } from '../../domain/uploads.js';
import { callerOf, route } from '../../http/route.js';
import { requestOrigin } from '../../http/request-origin.js';
import { parseParams, parseQuery } from '../../http/validate.js';
import { DOWNLOAD_URL_SECONDS, presignDownload } from '../../store/document-links.js';
import { getDocument } from '../../store/document.js';
import { readerOf } from '../../presenters/document.js';
import { RecordIdParams } from '../../contract/params.js';

export const handler = route('documents-download', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const { disposition } = parseQuery(req, DownloadQuery);
  const caller = callerOf(req);
  const staff = seesEveryDocument(caller.roles);
  const [doc, reader] = await Promise.all([getDocument(id), staff ? null : readerOf(caller)]);
  if (!doc) throw new NotFound('Document not found');
  if (reader && !appliesTo(doc, reader)) throw new Forbidden('You do not have access to this document');
  if (!doc.s3Key) throw new NotFound('This document has no stored file');
  const download_url = await presignDownload(doc.s3Key, {
    fileName: doc.fileName,
    contentType: CONTENT_TYPES[doc.fileType as keyof typeof CONTENT_TYPES] ?? 'application/octet-stream',
    disposition: disposition ?? 'attachment',
    origin: requestOrigin(req),
  });
  const body: DownloadResponse = { download_url, file_name: doc.fileName, file_type: doc.fileType, expires_in: DOWNLOAD_URL_SECONDS };
  return { body };
});
