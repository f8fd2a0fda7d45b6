/**
 * Presigned URLs for document files (document-bucket.ts): the browser downloads and uploads
 * directly, with nothing but the URL. A module apart, so routes that only call S3 bundle no presigner.
 * `origin` is the request's (lambdas/http/request-origin.ts); only the local stack's URLs depend on it.
 */
import { contentDisposition, type Disposition } from '../domain/content-disposition.js';
import { publicDocumentBucket } from './document-bucket.js';
import { S3Presigner } from './s3-objects.js';

const signers = new Map<string, S3Presigner>();
function signerFor(origin: string | null): S3Presigner {
  const at = publicDocumentBucket(origin);
  const key = at.endpoint ?? '';
  let signer = signers.get(key);
  if (!signer) signers.set(key, (signer = new S3Presigner(at)));
  return signer;
}

export const DOWNLOAD_URL_SECONDS = 5 * 60;
export const UPLOAD_URL_SECONDS = 15 * 60;

/** A short-lived GET that names the file safely and serves it with the type of its extension. */
export function presignDownload(key: string, opts: { fileName: string; contentType: string; disposition: Disposition; origin: string | null }): Promise<string> {
  return signerFor(opts.origin).presign(
    key,
    {
      method: 'GET',
      query: { 'response-content-disposition': contentDisposition(opts.fileName, opts.disposition), 'response-content-type': opts.contentType },
    },
    { expiresIn: DOWNLOAD_URL_SECONDS },
  );
}

/**
 * A PUT that S3 accepts only with this content type and exactly this many bytes: both headers are
 * signed (browsers set Content-Length from the body themselves). POST /api/documents/ still checks
 * the stored object again before anything becomes a document.
 */
export function presignUpload(key: string, opts: { contentType: string; size: number; origin: string | null }): Promise<string> {
  return signerFor(opts.origin).presign(
    key,
    { method: 'PUT', headers: { 'content-type': opts.contentType, 'content-length': String(opts.size) } },
    {
      expiresIn: UPLOAD_URL_SECONDS,
      signableHeaders: new Set(['content-type', 'content-length']),
    },
  );
}
