/**
 * POST /api/documents/ (admin, staff) — 201 with the document. Either a multipart form (the spec's
 * fields and `file`; small files, as API Gateway caps bodies), or JSON with the fields and the
 * `upload_key` of a presigned upload (POST /api/documents/upload-url/), which must be the caller's
 * own. The upload is checked like a form file, copied to its final key and deleted, whatever the
 * outcome: a refused upload leaves nothing stored. Every step is timed against the function's own
 * timeout (store-upload.ts): a 4xx or 5xx means nothing was stored, a 201 that all of it was.
 */
import * as z from '../../contract/zod.js';
import { MAX_UPLOAD_BYTES } from '../../contract/documents.js';
import { Invalid } from '../../domain/errors.js';
import { required } from '../../domain/required.js';
import { allowedTypeOf, checkUploadSize } from '../../domain/uploads.js';
import { isMultipart, parseMultipart } from '../../http/multipart.js';
import { callerOf, route } from '../../http/route.js';
import type { ApiEvent, ApiRequest } from '../../http/types.js';
import { routeById, routeTimeoutSeconds } from '../../routes.js';
import { parseJsonBody } from '../../http/validate.js';
import type { DocumentRecord } from '../../store/document.js';
import { bearerToken, callerDisplayName } from '../../store/caller-name.js';
import { copyFile, deleteFileQuietly, fileSize, ownsUpload, putFile, readFile } from '../../store/document-files.js';
import { lookupsFor, presentDocument } from '../../presenters/document.js';
import { storeUpload, type Uploader } from '../../uploads/store-upload.js';
import { resolveUploadFields } from '../../uploads/upload-fields.js';

/** When each invocation's time runs out, by its event (the handler below sees the Lambda context; the route's function only the request). */
const deadlines = new WeakMap<ApiEvent, number>();
const deadlineOf = (req: ApiRequest) => deadlines.get(req.event) ?? Date.now() + routeTimeoutSeconds(routeById('documents-upload')) * 1000;

async function fromForm(req: ApiRequest, actor: Uploader): Promise<DocumentRecord> {
  const form = await parseMultipart(req, { maxFileBytes: MAX_UPLOAD_BYTES });
  // a form sent without choosing a file carries an empty, unnamed part
  const file = form.files.find((f) => f.field === 'file' && (f.fileName !== '' || f.bytes.length > 0));
  const fields = await resolveUploadFields(form.fields, file !== undefined);
  // resolveUploadFields has refused a form without one
  const { fileName, bytes } = required(file, "the form's file");
  return storeUpload(fields, { fileName, bytes, place: (key, type) => putFile(key, bytes, type) }, actor, deadlineOf(req));
}

const JsonObject = z.record(z.string(), z.unknown(), { error: 'must be a JSON object' });

async function fromUpload(req: ApiRequest, actor: Uploader): Promise<DocumentRecord> {
  const raw = parseJsonBody(req, JsonObject);
  const uploadKey = typeof raw.upload_key === 'string' && raw.upload_key !== '' ? raw.upload_key : null;
  // someone else's upload is neither used nor deleted
  if (uploadKey !== null && !ownsUpload(uploadKey, actor.username)) throw new Invalid('upload_key: is not one of your uploads');
  try {
    const fields = await resolveUploadFields(raw, uploadKey !== null);
    // resolveUploadFields has refused a body without one
    const from = required(uploadKey, 'upload_key');
    // by default the upload's own name: the last segment of its key
    const fileName = typeof raw.file_name === 'string' && raw.file_name.trim() ? raw.file_name : from.slice(from.lastIndexOf('/') + 1);
    allowedTypeOf(fileName);
    const size = await fileSize(from);
    if (size === null) throw new Invalid('upload_key: no uploaded file was found (it expires after a day); please upload it again');
    checkUploadSize(size);
    const bytes = await readFile(from);
    return await storeUpload(fields, { fileName, bytes, place: (key, type) => copyFile(from, key, type) }, actor, deadlineOf(req));
  } finally {
    if (uploadKey !== null) await deleteFileQuietly(uploadKey);
  }
}

const routed = route('documents-upload', async (req) => {
  const { username } = callerOf(req);
  // the same name whichever way the file came (form or presigned upload); seeded documents carry one too
  const actor: Uploader = { username, name: await callerDisplayName(bearerToken(req.headers.authorization), username) };
  const record = isMultipart(req) ? await fromForm(req, actor) : await fromUpload(req, actor);
  return { status: 201, body: presentDocument(record, await lookupsFor([record])) };
});

export const handler: typeof routed = Object.assign((event: ApiEvent, context: Parameters<typeof routed>[1]) => {
  const remaining = (context as { getRemainingTimeInMillis?: () => number } | undefined)?.getRemainingTimeInMillis?.();
  if (remaining !== undefined) deadlines.set(event, Date.now() + remaining);
  return routed(event, context);
}, routed);
