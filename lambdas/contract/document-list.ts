import * as z from './zod.js';
import { DOCUMENT_SCOPES } from './documents.js';
import { PROGRAM_TYPES } from './programs.js';
import { Username } from './username.js';

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
  /**
   * Staff reading a student's record: every document that applies to this student (all scopes, the rule of
   * their own list), each with their acknowledgement, all at once. Audited as a read of their record.
   */
  student: z.optional(z.union([Username, z.literal('')])),
  /** Staff pages (newest first, `next` cursor); a student gets every document that applies to them at once. */
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});
