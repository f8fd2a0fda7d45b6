/**
 * Document files in the private bucket. Two views of it: the Lambda's own calls (endpoint from
 * AWS_ENDPOINT_URL_S3 locally, as the SDK reads it), and one that only signs URLs for the browser,
 * against S3_PUBLIC_ENDPOINT when set: locally the SPA's own origin (`/local/s3`, proxied to s3rver,
 * so CSP 'self' holds); unset in the cloud, where URLs point at S3 itself. No request carries a
 * CRC checksum (s3rver does not know them; presigned PUTs stay plain). See s3-objects.ts.
 */
import { randomUUID } from 'node:crypto';
import { requireEnv } from '../config.js';
import { contentDisposition, type Disposition } from '../domain/content-disposition.js';
import { safeFileName } from '../domain/uploads.js';
import { S3Objects, type S3Location } from './s3-objects.js';

const BUCKET = requireEnv('BUCKET_NAME');
const location: S3Location = {
  bucket: BUCKET,
  region: requireEnv('AWS_REGION'),
  endpoint: process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL,
  forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
};
const s3 = new S3Objects(location);
const signer = process.env.S3_PUBLIC_ENDPOINT ? new S3Objects({ ...location, endpoint: process.env.S3_PUBLIC_ENDPOINT }) : s3;

export const DOWNLOAD_URL_SECONDS = 5 * 60;
export const UPLOAD_URL_SECONDS = 15 * 60;

/** Final home of a document's file; the name is made safe, the id makes it unique. */
export const documentKey = (documentId: string, fileName: string) => `documents/${documentId}/${safeFileName(fileName)}`;

/** Presigned uploads land under the uploader's own prefix until POST /api/documents/ adopts them. */
export const uploadPrefix = (username: string) => `uploads/${encodeURIComponent(username)}/`;
export const newUploadKey = (username: string, fileName: string) => `${uploadPrefix(username)}${randomUUID()}/${safeFileName(fileName)}`;
/** Only keys this module could have made for this user: their prefix, a uuid, a safe name (no `..`, no other folder). */
export const ownsUpload = (key: string, username: string) =>
  key.startsWith(uploadPrefix(username)) && /^[0-9a-f-]{36}\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(key.slice(uploadPrefix(username).length));

export async function putFile(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3.send(key, { method: 'PUT', headers: { 'content-type': contentType, 'content-length': String(body.byteLength) }, body });
}

export async function copyFile(from: string, to: string, contentType: string): Promise<void> {
  await s3.send(to, {
    method: 'PUT',
    headers: {
      'x-amz-copy-source': `${BUCKET}/${from.split('/').map(encodeURIComponent).join('/')}`,
      'x-amz-metadata-directive': 'REPLACE',
      'content-type': contentType,
    },
  });
}

/** Size of a stored object, or null when there is none. */
export async function fileSize(key: string): Promise<number | null> {
  try {
    const head = await s3.send(key, { method: 'HEAD' });
    return Number(head.headers['content-length'] ?? 0);
  } catch (error) {
    if ((error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return null;
    throw error;
  }
}

export async function readFile(key: string): Promise<Uint8Array> {
  return (await s3.send(key, { method: 'GET' })).body;
}

export async function deleteFile(key: string): Promise<void> {
  await s3.send(key, { method: 'DELETE' });
}

/** Best-effort cleanup: a failure is logged, never hides the answer the caller is getting. */
export async function deleteFileQuietly(key: string): Promise<void> {
  try {
    await deleteFile(key);
  } catch (error) {
    console.error(JSON.stringify({ level: 'ERROR', message: 'Could not delete object', key, error: (error as Error).message }));
  }
}

/** A short-lived GET that names the file safely and serves it with the type of its extension. */
export function presignDownload(key: string, opts: { fileName: string; contentType: string; disposition: Disposition }): Promise<string> {
  return signer.presign(key, {
    method: 'GET',
    query: { 'response-content-disposition': contentDisposition(opts.fileName, opts.disposition), 'response-content-type': opts.contentType },
  }, { expiresIn: DOWNLOAD_URL_SECONDS });
}

/**
 * A PUT that S3 accepts only with this content type and exactly this many bytes: both headers are
 * signed (browsers set Content-Length from the body themselves). s3rver checks no signatures, which
 * is why POST /api/documents/ checks the stored object again.
 */
export function presignUpload(key: string, opts: { contentType: string; size: number }): Promise<string> {
  return signer.presign(key, { method: 'PUT', headers: { 'content-type': opts.contentType, 'content-length': String(opts.size) } }, {
    expiresIn: UPLOAD_URL_SECONDS,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
}
