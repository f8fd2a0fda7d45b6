/**
 * Helpers for the document handler tests: multipart events encoded exactly as a browser's FormData
 * (and base64, as API Gateway hands them over), the bucket read directly, and made-up catalog data.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { handler as list } from '../../../lambdas/functions/documents/list.js';
import { handler as upload } from '../../../lambdas/functions/documents/upload.js';
import type { ApiEvent } from '../../../lambdas/http/types.js';
import { createCohort } from '../../../lambdas/store/cohort.js';
import { DocumentCategory } from '../../../lambdas/store/document.js';
import { db, TABLE_NAME } from '../../../lambdas/store/dynamo.js';
import type { ProgramType } from '../../../lambdas/contract/programs.js';
import { apiEvent, invoke, type Caller } from './events.js';

export const staff: Caller = { username: 'doc-staff', roles: ['staff'] };
export const admin: Caller = { username: 'doc-admin', roles: ['admin'] };

export const s3 = new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
export const BUCKET = () => process.env.BUCKET_NAME!;

export interface FilePart {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A POST /api/documents/ event with a multipart body built by the platform's own FormData. */
export async function multipartEvent(caller: Caller, fields: Record<string, string>, file?: FilePart | null): Promise<ApiEvent> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://localhost/api/documents/', { method: 'POST', body: form });
  const event = apiEvent('documents-upload', { caller });
  event.headers['content-type'] = request.headers.get('content-type')!;
  event.body = Buffer.from(await request.arrayBuffer()).toString('base64');
  event.isBase64Encoded = true;
  return event;
}

export async function uploadForm(caller: Caller, fields: Record<string, string>, file?: FilePart | null) {
  return invoke(upload, await multipartEvent(caller, fields, file));
}

export const text = (name: string, content: string): FilePart => ({ name, bytes: Buffer.from(content), type: 'text/plain' });

/** Uploads a small text document with these fields (staff), expecting 201. */
export async function uploadText(fields: Record<string, string>, content = `Contents of ${fields.title}`) {
  const res = await uploadForm(staff, { scope: 'general', is_public: 'true', ...fields }, text(`${randomUUID().slice(0, 8)}.txt`, content));
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; s3_key: string; title: string };
}

/** The documents staff can list whose title is exactly `title` (titles in tests are unique). */
export async function documentsTitled(title: string): Promise<Array<{ id: string; title: string }>> {
  const res = await invoke(list, apiEvent('documents-list', { caller: staff, query: { search: title } }));
  return (res.body.results as Array<{ id: string; title: string }>).filter((d) => d.title === title);
}

export async function createCategory(name = `Category ${randomUUID().slice(0, 8)}`) {
  const category = { id: `cat-${randomUUID()}`, name };
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: DocumentCategory.item(category) }));
  return category;
}

let cohortNumber = Math.floor(Math.random() * 900);
export async function createTestCohort(programType: ProgramType, academicYear = '2090-2091') {
  cohortNumber = (cohortNumber % 998) + 1;
  return createCohort(
    {
      academicYear,
      cohortNumber,
      programType,
      programName: `Test ${programType}`,
      isActive: true,
      startDate: null,
      endDate: null,
    },
    'doc-admin',
  );
}

export async function objectExists(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: BUCKET(), Key: key }));
    return true;
  } catch {
    return false;
  }
}

export async function readObject(key: string): Promise<Buffer> {
  const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET(), Key: key }));
  return Buffer.from(await got.Body!.transformToByteArray());
}

export async function putObject(key: string, body: Uint8Array) {
  await s3.send(new PutObjectCommand({ Bucket: BUCKET(), Key: key, Body: body }));
}

/** Every key under a prefix whose name contains `needle` (file names in tests are unique). */
export async function keysContaining(prefix: string, needle: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET(), Prefix: prefix, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!).filter((k) => k.includes(needle)));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}
