/** POST /api/compliance/upload-url/ (student, compliance, admin) — a presigned upload for one file of a compliance submission (uploads/upload-url.ts). */
import { route } from '../../http/route.js';
import { uploadUrlAnswer } from '../../uploads/upload-url.js';

export const handler = route('compliance-upload-url', async (req) => ({ body: await uploadUrlAnswer(req) }));
