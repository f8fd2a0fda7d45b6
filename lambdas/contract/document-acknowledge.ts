import * as z from './zod.js';

/** POST /api/documents/{id}/acknowledge/ (students): `signature` is the typed full name when the document requires one. */
export const AcknowledgeRequest = z.object({ signature: z.optional(z.string().check(z.trim(), z.maxLength(200))) });
