/**
 * What an uploaded document may be: an allowlisted type whose content really is that type,
 * not empty and at most MAX_UPLOAD_BYTES. Pure checks on the name and the bytes, used by both upload
 * paths (multipart, and presigned upload + `upload_key`). The client's content type is never trusted.
 */
import { ALLOWED_FILE_TYPES, MAX_UPLOAD_BYTES, type AllowedFileType } from '../contract/documents.js';
import { Invalid, TooLarge } from './errors.js';
import { zipEntries } from './zip.js';

export const CONTENT_TYPES: Record<AllowedFileType, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

/** The part after the last dot, lower-cased ('' without one). */
export function fileExtension(fileName: string): string {
  const base = displayFileName(fileName);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** 400 unless the name's extension is on the allowlist; answers the type. */
export function allowedTypeOf(fileName: string, field = 'file'): AllowedFileType {
  const ext = fileExtension(fileName);
  if (!(ALLOWED_FILE_TYPES as readonly string[]).includes(ext)) {
    throw new Invalid(`${field}: ${ext ? `.${ext} files are` : 'a file without an extension is'} not allowed (allowed: ${ALLOWED_FILE_TYPES.join(', ')})`);
  }
  return ext as AllowedFileType;
}

/** 400 for an empty file, 413 above the limit. */
export function checkUploadSize(size: number, field = 'file'): void {
  if (size <= 0) throw new Invalid(`${field}: the file is empty`);
  if (size > MAX_UPLOAD_BYTES) throw new TooLarge(`${field}: the file is larger than the ${MAX_MB} MB limit`);
}

/** What the bytes are, by their signature; null when they match none we know. */
export type SniffedKind = 'pdf' | 'png' | 'jpeg' | 'ole' | 'zip';

const SIGNATURES: Array<[SniffedKind, number[]]> = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['ole', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]], // doc, xls, ppt (one container format)
  ['zip', [0x50, 0x4b, 0x03, 0x04]], // docx, xlsx, pptx
];

export function sniff(bytes: Uint8Array): SniffedKind | null {
  for (const [kind, signature] of SIGNATURES) {
    if (bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b)) return kind;
  }
  return null;
}

const KIND_OF: Record<AllowedFileType, SniffedKind | 'text'> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  doc: 'ole',
  xls: 'ole',
  ppt: 'ole',
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  txt: 'text',
  csv: 'text',
};

/** The folder an Office Open XML package of each type must contain. */
const OOXML_PART: Partial<Record<AllowedFileType, string>> = { docx: 'word/', xlsx: 'xl/', pptx: 'ppt/' };

const KIND_NAMES: Record<SniffedKind, string> = {
  pdf: 'a PDF',
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  ole: 'an older Office (doc/xls/ppt) file',
  zip: 'a zip archive',
};

/** What an Office Open XML package holds, by its folder (a zip with none of them is just a zip archive). */
const OOXML_KINDS: Array<[string, string]> = [
  ['word/', 'a Word document'],
  ['xl/', 'an Excel workbook'],
  ['ppt/', 'a PowerPoint presentation'],
];

/** What the bytes are, in words a person knows ("a PNG image", "a Word document", "plain text"). */
function describeContent(bytes: Uint8Array, actual: SniffedKind | null): string {
  if (actual === 'zip') {
    const names = zipEntryNames(bytes);
    if (!names) return 'a damaged zip archive';
    return OOXML_KINDS.find(([part]) => names.some((n) => n.startsWith(part)))?.[1] ?? 'a zip archive';
  }
  if (actual) return KIND_NAMES[actual];
  return isUtf8Text(bytes) ? 'plain text' : 'of no known type';
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function zipEntryNames(bytes: Uint8Array): string[] | null {
  try {
    // the central directory only: nothing is inflated
    return zipEntries(bytes).map((entry) => entry.name);
  } catch {
    return null;
  }
}

/**
 * 400 unless the content is what the extension says: pdf `%PDF-`, png, jpg/jpeg `FF D8 FF`,
 * doc/xls/ppt the OLE container, docx/xlsx/pptx a zip holding `word/` / `xl/` / `ppt/`, txt/csv
 * UTF-8 text without NUL bytes. Limit: doc, xls and ppt share one container and are not told apart.
 */
export function checkContentMatches(type: AllowedFileType, bytes: Uint8Array, field = 'file'): void {
  const expected = KIND_OF[type];
  const actual = sniff(bytes);
  const refuse = (what: string) => new Invalid(`${field}: the content is ${what}, not a .${type} file`);
  if (expected === 'text') {
    if (actual) throw refuse(KIND_NAMES[actual]);
    if (!isUtf8Text(bytes)) throw refuse('binary data (not UTF-8 text)');
    return;
  }
  if (actual !== expected) throw refuse(describeContent(bytes, actual));
  const part = OOXML_PART[type];
  if (part) {
    const names = zipEntryNames(bytes);
    if (!names) throw refuse('a damaged zip archive');
    if (!names.some((n) => n.startsWith(part))) throw refuse(describeContent(bytes, actual));
  }
}

export interface CheckedUpload {
  fileType: AllowedFileType;
  contentType: string;
  size: number;
}

/** Every check an upload must pass, whichever way it came. */
export function checkUpload(fileName: string, bytes: Uint8Array): CheckedUpload {
  const fileType = allowedTypeOf(fileName);
  checkUploadSize(bytes.length);
  checkContentMatches(fileType, bytes);
  return { fileType, contentType: CONTENT_TYPES[fileType], size: bytes.length };
}

/** The name as shown: the last path segment, without control characters, at most 255 characters. */
export function displayFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length <= 255) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, 255 - ext.length) + ext;
}

/**
 * A name safe in an object key and a URL: ASCII letters, digits, dot, dash and underscore only,
 * no leading dots, at most 100 characters, keeping the (lower-cased) extension.
 */
export function safeFileName(fileName: string): string {
  const shown = displayFileName(fileName);
  const ext = fileExtension(shown);
  const stem = (ext ? shown.slice(0, -(ext.length + 1)) : shown)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 90);
  return `${stem || 'file'}${ext ? `.${ext.replace(/[^a-z0-9]/g, '')}` : ''}`;
}
