/**
 * POST /api/documents/upload-url/ (admin, staff) — a presigned PUT for a file too large for a
 * Lambda request body, to a server-generated key under the caller's own prefix. The type and size
 * are checked now (400/413) and signed, so S3 refuses another size or type; POST /api/documents/
 * checks the stored bytes again before anything becomes a document.
 */
import { UploadUrlRequest } from '../../contract/document-upload-url.js';
import type { UploadUrlResponse } from '../../contract/documents.js';
import { allowedTypeOf, checkUploadSize, CONTENT_TYPES } from '../../domain/uploads.js';
import { callerOf, route } from '../../http/route.js';
import { requestOrigin } from '../../http/request-origin.js';
import { parseJsonBody } from '../../http/validate.js';
import { newUploadKey } from '../../store/document-files.js';
import { presignUpload, UPLOAD_URL_SECONDS } from '../../store/document-links.js';

export const handler = route('documents-upload-url', async (req) => {
  const input = parseJsonBody(req, UploadUrlRequest);
  const contentType = CONTENT_TYPES[allowedTypeOf(input.file_name, 'file_name')];
  checkUploadSize(input.file_size, 'file_size');
  const upload_key = newUploadKey(callerOf(req).username, input.file_name);
  const body: UploadUrlResponse = {
    upload_url: await presignUpload(upload_key, { contentType, size: input.file_size, origin: requestOrigin(req) }),
    // the browser sets Content-Length itself; it is signed all the same
    headers: { 'Content-Type': contentType },
    upload_key,
    expires_in: UPLOAD_URL_SECONDS,
  };
  return { body };
});
