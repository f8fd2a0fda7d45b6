import * as z from './zod.js';

/** GET /api/documents/{id}/download/?disposition=inline for previews (default: attachment). */
export const DownloadQuery = z.object({ disposition: z.optional(z.enum(['attachment', 'inline'], { error: 'must be attachment or inline' })) });
