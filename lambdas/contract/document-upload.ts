import * as z from './zod.js';
import { DOCUMENT_SCOPES } from './documents.js';
import { PROGRAM_TYPES } from './programs.js';

/**
 * POST /api/documents/ fields (multipart form, as the spec lists them, plus `file`), or JSON with
 * `upload_key` from POST /api/documents/upload-url/ instead of `file` (large files, progress bar).
 * Booleans arrive as "true"/"false" in multipart.
 */
export const DocumentUploadFields = z.object({
  title: z.string({ error: 'Please provide a title and file' }).check(z.trim(), z.minLength(1, 'Please provide a title and file'), z.maxLength(200, 'is too long')),
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
