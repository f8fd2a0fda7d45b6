/**
 * Document files in the private bucket (document-bucket.ts): the Lambda's own calls. No request
 * carries a CRC checksum (s3rver does not know them). Presigned URLs are in document-links.ts.
 */
import { randomUUID } from 'node:crypto';
import { safeFileName } from '../domain/uploads.js';
import { documentBucket } from './document-bucket.js';
import { S3Objects } from './s3-objects.js';

const s3 = new S3Objects(documentBucket);

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
      'x-amz-copy-source': `${documentBucket.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
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
