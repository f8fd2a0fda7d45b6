/**
 * The last steps of an upload, whichever way it came: check the bytes (domain/uploads.ts), extract
 * the text, put the file at its server-generated key, then write the record in one transaction.
 * If the record cannot be written, the file just stored is deleted: nothing is left behind.
 */
import { randomUUID } from 'node:crypto';
import { checkUpload, displayFileName } from '../../domain/uploads.js';
import { extractText } from '../../domain/text-extraction.js';
import type { DocumentRecord } from '../../store/catalog-items.js';
import { deleteFileQuietly, documentKey } from '../../store/document-files.js';
import { createDocument } from '../../store/documents.js';
import type { UploadFields } from './upload-fields.js';

export interface CheckedFile {
  fileName: string;
  bytes: Uint8Array;
  /** Puts the file at `key` (a PutObject of the bytes, or a copy of the presigned upload). */
  place(key: string, contentType: string): Promise<void>;
}

export async function storeUpload(fields: UploadFields, file: CheckedFile, actor: string): Promise<DocumentRecord> {
  const fileName = displayFileName(file.fileName);
  const { fileType, contentType, size } = checkUpload(fileName, file.bytes);
  const id = randomUUID();
  const record: DocumentRecord = {
    id,
    ...fields,
    fileName,
    fileType,
    fileSize: size,
    s3Key: documentKey(id, fileName),
    extractedText: extractText(fileType, file.bytes),
    uploadedAt: new Date().toISOString(),
    uploadedBy: actor,
    // the access token carries no display name; the username is what staff know each other by here
    uploadedByName: actor,
  };
  await file.place(record.s3Key!, contentType);
  try {
    await createDocument(record, actor);
  } catch (error) {
    await deleteFileQuietly(record.s3Key!);
    throw error;
  }
  return record;
}
