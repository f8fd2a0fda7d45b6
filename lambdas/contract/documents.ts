/**
 * Documents: constants and answer types. Each request schema is in its own module (document-*.ts):
 * a schema's construction (`.check(...)`) cannot be tree-shaken, so a route imports only its own
 * (the Lambda budget).
 */
import type { ProgramType } from './programs.js';

export const DOCUMENT_SCOPES = ['individual', 'cohort', 'program', 'general'] as const;
export type DocumentScope = (typeof DOCUMENT_SCOPES)[number];
/** `scope_display`: the Document Management tab each scope is listed under. */
export const SCOPE_LABELS: Record<DocumentScope, string> = {
  individual: 'Individual Students',
  cohort: 'Cohort Documents',
  program: 'Program Materials',
  general: 'General Resources',
};

/** Upload allowlist and the size limit, shared by the form and the server. */
export const ALLOWED_FILE_TYPES = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv'] as const;
export type AllowedFileType = (typeof ALLOWED_FILE_TYPES)[number];
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export type DocumentTextStatus = 'extracted' | 'none' | 'not_extracted';

/**
 * The spec's Document: the document's own fields, what every reader may see. Who it is assigned
 * to is not among them: that depends on the audience (FERPA), see the two answers below.
 */
export interface DocumentDto {
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
  file_name: string;
  file_type: string;
  file_size: number | null;
  s3_key: string | null;
  /** Always null: the bucket is private; links go through GET /api/documents/{id}/download/. */
  s3_url: null;
  extracted_text: string | null;
  preview_text: string | null;
  /**
   * extracted: `extracted_text` holds the text; none: the file has no text we read (images, other
   * types); not_extracted: reading it did not finish within its time and size budget, or the file
   * could not be read, so it was stored without text. Optional for answers stored before.
   */
  text_status?: DocumentTextStatus;
  /** Why, when not_extracted. */
  text_status_reason?: string | null;
  is_public: boolean;
  is_mandatory: boolean;
  requires_signature: boolean;
  uploaded_at: string;
  uploaded_by_name: string;
  /** For the signed-in student: when they acknowledged it, or null. */
  acknowledged_at: string | null;
}

/** Staff and admins: the document with every student it is individually assigned to. */
export interface DocumentRecordDto extends DocumentDto {
  assigned_students: Array<{ id: string; username: string; full_name: string }>;
}

/**
 * Anyone else (students; finance, who have no student profile): the document's own fields and whether it
 * is assigned to the reader individually. It never names another student (FERPA: a student's identity in
 * connection with their records is not disclosed to other students), so an individual document assigned
 * to several students shows each of them only "assigned to you".
 */
export interface StudentDocumentDto extends DocumentDto {
  assigned_to_you: boolean;
}

/**
 * Staff reading one student's record (GET /api/documents/?student=<username>): a document that applies to
 * the student, with the student's acknowledgement in `acknowledged_at` and `signature`.
 */
export interface StudentRecordDocumentDto extends DocumentRecordDto {
  /** What the student typed when the document asked for a signature; null otherwise or not yet. */
  signature: string | null;
  /** Mandatory or asking for a signature: the student is expected to acknowledge it. */
  acknowledgement_required: boolean;
}

export interface DocumentPage<T extends DocumentDto = DocumentRecordDto> {
  results: T[];
  count: number;
  next: string | null;
}

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
