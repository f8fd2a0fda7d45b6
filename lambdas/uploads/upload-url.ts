/**
 * A presigned PUT for a file too large for a Lambda request body (documents, compliance evidence), to a
 * server-generated key under the caller's own upload prefix. The type and size are checked now (400/413) and
 * signed, so S3 refuses another size or type; the route that adopts the upload checks the stored bytes again.
 */
import { UploadUrlRequest } from '../contract/document-upload-url.js';
import type { UploadUrlResponse } from '../contract/documents.js';
import { allowedTypeOf, checkUploadSize, CONTENT_TYPES } from '../domain/uploads.js';
import { callerOf } from '../http/route.js';
import { requestOrigin } from '../http/request-origin.js';
import type { ApiRequest } from '../http/types.js';
import { parseJsonBody } from '../http/validate.js';
import { newUploadKey } from '../store/document-files.js';
import { presignUpload, UPLOAD_URL_SECONDS } from '../store/document-links.js';

export async function uploadUrlAnswer(req: ApiRequest): Promise<UploadUrlResponse> {
  const input = parseJsonBody(req, UploadUrlRequest);
  const contentType = CONTENT_TYPES[allowedTypeOf(input.file_name, 'file_name')];
  checkUploadSize(input.file_size, 'file_size');
  const upload_key = newUploadKey(callerOf(req).username, input.file_name);
  return {
    upload_url: await presignUpload(upload_key, { contentType, size: input.file_size, origin: requestOrigin(req) }),
    // the browser sets Content-Length itself; it is signed all the same
    headers: { 'Content-Type': contentType },
    upload_key,
    expires_in: UPLOAD_URL_SECONDS,
  };
}
