/** POST /api/documents/upload-url/ (admin, staff) — a presigned upload for a document's file (uploads/upload-url.ts). */
import { route } from '../../http/route.js';
import { uploadUrlAnswer } from '../../uploads/upload-url.js';

export const handler = route('documents-upload-url', async (req) => ({ body: await uploadUrlAnswer(req) }));
