import * as z from './zod.js';

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
