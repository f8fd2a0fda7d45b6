import * as z from './zod.js';
import { PROGRAM_TYPES, type ProgramType } from '../domain/programs.js';

export const DOCUMENT_SCOPES = ['individual', 'cohort', 'program', 'general'] as const;
export type DocumentScope = (typeof DOCUMENT_SCOPES)[number];
/** `scope_display`: the Document Management tab each scope is listed under. */
export const SCOPE_LABELS: Record<DocumentScope, string> = {
  individual: 'Individual Students',
  cohort: 'Cohort Documents',
  program: 'Program Materials',
  general: 'General Resources',
};

/** Upload allowlist (issue 6) and the size limit, shared by the form and the server. */
export const ALLOWED_FILE_TYPES = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv'] as const;
export type AllowedFileType = (typeof ALLOWED_FILE_TYPES)[number];
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Spec section 3, Document. */
export interface DocumentRecordDto {
  id: string;
  title: string;
  description: string;
  scope: DocumentScope;
  scope_display: string;
  category_id: string | null;
  category_name: string | null;
  cohort_id: string | null;
  cohort_details: { academic_year: string; year: string; cohort_number: number; program_name: string } | null;
  /** Program scope: which program type the document is for. */
  program_type: ProgramType | null;
  assigned_students: Array<{ id: string; username: string; full_name: string }>;
  file_name: string;
  file_type: string;
  file_size: number | null;
  s3_key: string | null;
  /** Always null: the bucket is private; links go through GET /api/documents/{id}/download/. */
  s3_url: null;
  extracted_text: string | null;
  preview_text: string | null;
  is_public: boolean;
  is_mandatory: boolean;
  requires_signature: boolean;
  uploaded_at: string;
  uploaded_by_name: string;
  /** For the signed-in student: when they acknowledged it, or null. */
  acknowledged_at: string | null;
}

/** GET /api/documents/ — every filter optional; empty strings are ignored. */
export const DocumentListQuery = z.object({
  academic_year: z.optional(z.string().check(z.trim(), z.maxLength(20))),
  cohort_number: z.optional(z.string().check(z.trim(), z.regex(/^\d*$/, 'must be a number'))),
  program_type: z.optional(z.union([z.enum(PROGRAM_TYPES), z.literal('')])),
  category_id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  is_mandatory: z.optional(z.union([z.enum(['true', 'false']), z.literal('')])),
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  student_name: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  scope: z.optional(z.union([z.enum(DOCUMENT_SCOPES), z.literal('')])),
  /** Staff pages (newest first, `next` cursor); a student gets every document that applies to them at once. */
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});

export interface DocumentPage {
  results: DocumentRecordDto[];
  count: number;
  next: string | null;
}

/**
 * POST /api/documents/ fields (multipart form, as the spec lists them, plus `file`), or JSON with
 * `upload_key` from POST /api/documents/upload-url/ instead of `file` (large files, progress bar).
 * Booleans arrive as "true"/"false" in multipart.
 */
export const DocumentUploadFields = z.object({
  title: z.string({ error: 'Please provide a title and file' })
    .check(z.trim(), z.minLength(1, 'Please provide a title and file'), z.maxLength(200, 'is too long')),
  description: z._default(z.optional(z.string().check(z.trim(), z.maxLength(2000, 'is too long'))), ''),
  scope: z._default(z.enum(DOCUMENT_SCOPES, { error: 'must be individual, cohort, program or general' }), 'cohort'),
  category_id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  cohort_id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  program_type: z.optional(z.union([z.enum(PROGRAM_TYPES), z.literal('')], { error: 'must be certificate, diploma or associates' })),
  is_public: z.optional(z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })),
  is_mandatory: z.optional(z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })),
  requires_signature: z.optional(z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })),
  student_username: z.optional(z.string().check(z.trim(), z.maxLength(128))),
  upload_key: z.optional(z.string().check(z.maxLength(1024))),
  /** JSON path: the name to show (defaults to the name in `upload_key`, which is made ASCII-safe). */
  file_name: z.optional(z.string().check(z.trim(), z.maxLength(255, 'is too long'))),
});

/**
 * POST /api/documents/upload-url/ — asks for a presigned upload of a file of this name and size.
 * The server answers 400 for a type outside the allowlist or an empty file, 413 above
 * MAX_UPLOAD_BYTES (the size check is the server's, so it can answer 413 rather than a schema 400).
 * `content_type` is ignored: the server signs the type that belongs to the extension.
 */
export const UploadUrlRequest = z.object({
  file_name: z.string({ error: 'is required' }).check(z.trim(), z.minLength(1, 'is required'), z.maxLength(255, 'is too long')),
  file_size: z.number({ error: 'must be a number of bytes' }).check(z.int('must be a whole number of bytes')),
  content_type: z.optional(z.string().check(z.maxLength(200))),
});

export interface UploadUrlResponse {
  /** PUT the file here with the given headers (XMLHttpRequest, for progress). */
  upload_url: string;
  headers: Record<string, string>;
  /** Pass to POST /api/documents/ as `upload_key`. */
  upload_key: string;
  expires_in: number;
}

export interface DownloadResponse {
  download_url: string;
  file_name: string;
  file_type: string;
  expires_in: number;
}

/** GET /api/documents/{id}/download/?disposition=inline for previews (default: attachment). */
export const DownloadQuery = z.object({ disposition: z.optional(z.enum(['attachment', 'inline'], { error: 'must be attachment or inline' })) });

/** POST /api/documents/{id}/acknowledge/ (students): `signature` is the typed full name when the document requires one. */
export const AcknowledgeRequest = z.object({ signature: z.optional(z.string().check(z.trim(), z.maxLength(200))) });

/** The answer to an acknowledgement (the same on a repeated call: acknowledging is idempotent). */
export interface AcknowledgementDto {
  document_id: string;
  username: string;
  full_name: string;
  acknowledged_at: string;
  signature: string | null;
}

export interface AcknowledgementList {
  document_id: string;
  acknowledged: Array<{ username: string; full_name: string; acknowledged_at: string; signature: string | null }>;
  pending: Array<{ username: string; full_name: string }>;
}

export interface DocumentCategoryDto {
  id: string;
  name: string;
}
