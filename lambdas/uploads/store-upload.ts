/**
 * The last steps of an upload, whichever way it came, ordered so the answer tells the truth (issue
 * 20): a 4xx or 5xx means nothing was stored, a 201 means the file and the record both were.
 *   1. check the bytes (domain/uploads.ts): a refusal stores nothing;
 *   2. extract the text within its budget: out of budget the document is stored without text,
 *      `text_status: 'not_extracted'` (never a failed upload);
 *   3. put the file at its server-generated key (a new key per upload, so deleting it can only ever
 *      remove this upload's file);
 *   4. write the record, its assignments, its audit entry and, for a document to acknowledge, its
 *      notice (the outbox, store/outbox.ts) in one transaction: the last step.
 * Any failure after 3 began deletes the file (a put that failed may still have landed). Each step
 * starts only with time left for the rest before the function's own timeout (the local gateway
 * enforces it too, lib/local/invoke.ts): a Lambda is stopped at its timeout, so a late step could
 * leave a file without a record, or a record after the caller was told 5xx. The transaction is cut off
 * before the timeout; if its outcome is unknown (aborted, connection lost) the record is read back
 * consistently and the answer follows what DynamoDB holds.
 * Remaining risk, stated: a transaction DynamoDB receives but applies only after that read (after the
 * client gave up) would leave a record without a file; the download route answers it as a missing file.
 */
import { randomUUID } from 'node:crypto';
import { checkUpload, displayFileName } from '../domain/uploads.js';
import { EXTRACTION_TIME_MS, extractDocumentText, type Extraction } from '../domain/text-extraction.js';
import { needsAcknowledgement } from '../domain/document-access.js';
import { isDependencyUnavailable } from '../http/unavailable.js';
import { documentRequiredNotice, noticePut } from '../notify/events.js';
import { deleteFileQuietly, documentKey } from '../store/document-files.js';
import { createDocument, documentCommitted, type DocumentRecord } from '../store/document.js';
import type { UploadFields } from './upload-fields.js';

export interface CheckedFile {
  fileName: string;
  bytes: Uint8Array;
  /** Puts the file at `key` (a PutObject of the bytes, or a copy of the presigned upload). */
  place(key: string, contentType: string): Promise<void>;
}

/** Time kept for writing the record and, if that fails, deleting the file. */
export const RECORD_RESERVE_MS = 3_000;
/** Time kept, after the record write is cut off, to read its outcome and delete the file. */
const CLEANUP_RESERVE_MS = 1_500;

/** Out of time before the function's timeout: answered 503 (http/unavailable.ts), nothing stored. */
export class OutOfTime extends Error {
  constructor(step: string) {
    super(`no time left to ${step} before the function's timeout`);
    this.name = 'TimeoutError';
  }
}

/** Who uploads: their username (the audit's actor) and the name people know them by (`uploaded_by_name`). */
export interface Uploader {
  username: string;
  name: string;
}

/** `deadline`: when the function's time runs out (epoch ms). */
export async function storeUpload(fields: UploadFields, file: CheckedFile, uploader: Uploader, deadline = Date.now() + 20_000): Promise<DocumentRecord> {
  const actor = uploader.username;
  const left = () => deadline - Date.now();
  const fileName = displayFileName(file.fileName);
  const { fileType, contentType, size } = checkUpload(fileName, file.bytes);
  const id = randomUUID();

  // what extraction may take: the rest of the function's time, less the reserves and a second of slack
  const extractionTime = Math.min(EXTRACTION_TIME_MS, left() - 2 * RECORD_RESERVE_MS - 1_000);
  const extraction: Extraction =
    extractionTime > 0
      ? await extractDocumentText(fileType, file.bytes, { timeMs: extractionTime })
      : { text: null, status: 'not_extracted', reason: 'no time was left to extract the text' };

  // a new key per upload (step 3)
  const key = documentKey(id, fileName);
  const record: DocumentRecord = {
    id,
    ...fields,
    fileName,
    fileType,
    fileSize: size,
    s3Key: key,
    extractedText: extraction.text,
    textStatus: extraction.status,
    textStatusReason: extraction.reason,
    uploadedAt: new Date().toISOString(),
    uploadedBy: actor,
    uploadedByName: uploader.name,
  };

  if (left() < 2 * RECORD_RESERVE_MS) throw new OutOfTime('store the file');
  try {
    await file.place(key, contentType);
    if (left() < RECORD_RESERVE_MS) throw new OutOfTime('write the record');
    await writeRecord(record, actor, deadline - CLEANUP_RESERVE_MS);
  } catch (error) {
    await deleteFileQuietly(key);
    throw error;
  }
  return record;
}

/** The transaction, cut off at `cutoff`; an unknown outcome is settled by reading the record back. */
async function writeRecord(record: DocumentRecord, actor: string, cutoff: number): Promise<void> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), Math.max(0, cutoff - Date.now()));
  try {
    const also = needsAcknowledgement(record) ? [noticePut(documentRequiredNotice(record.id, record.title))] : [];
    await createDocument(record, actor, { abortSignal: abort.signal, also });
  } catch (error) {
    // a refusal (a cancelled transaction, a validation error) stored nothing; only a lost answer is unknown
    const unknown = abort.signal.aborted || (error as Error).name === 'AbortError' || isDependencyUnavailable(error);
    if (unknown && (await committed(record.id))) return;
    throw abort.signal.aborted ? new OutOfTime('finish writing the record') : error;
  } finally {
    clearTimeout(timer);
  }
}

const committed = async (id: string) => {
  try {
    return await documentCommitted(id);
  } catch {
    return false;
  }
};
