/**
 * POST /api/documents/ and POST /api/documents/upload-url/ against DynamoDB Local and s3rver: both
 * upload paths, the spec's messages, the allowlist, magic bytes, size limits, text extraction, and
 * that a refused upload leaves neither an object nor a record behind.
 */
import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deleteDocument } from '../../lambdas/store/document.js';
import { MAX_UPLOAD_BYTES } from '../../lambdas/contract/documents.js';
import { handler as list } from '../../lambdas/functions/documents/list.js';
import { handler as upload } from '../../lambdas/functions/documents/upload.js';
import { handler as uploadUrl } from '../../lambdas/functions/documents/upload-url.js';
import { db } from '../../lambdas/store/dynamo.js';
import { makeDocx, makePdf, makePng } from '../../lib/local/seed/sample-files.js';
import { auditEntriesOf } from './support/audit-entries.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import {
  createCategory,
  createTestCohort,
  documentsTitled,
  keysContaining,
  multipartEvent,
  objectExists,
  putObject,
  readObject,
  staff,
  text,
  uploadForm,
} from './support/documents.js';
import { createSignIn, createStudentRecord, uniqueName } from './support/fixtures.js';

const unique = (stem: string) => `${stem}-${randomUUID().slice(0, 8)}`;
const listByTitle = documentsTitled;
const askUploadUrl = (body: unknown, caller: Caller = staff) => invoke(uploadUrl, apiEvent('documents-upload-url', { caller, body }));
const adopt = (body: unknown, caller: Caller = staff) => invoke(upload, apiEvent('documents-upload', { caller, body }));

/** A refused upload: 4xx, and no object or record carrying its unique name. */
async function expectNothingStored(title: string, fileStem: string) {
  expect(await listByTitle(title)).toEqual([]);
  expect(await keysContaining('documents/', fileStem)).toEqual([]);
}

let cohort: { id: string; programType: string };
let category: { id: string; name: string };

describe('uploading documents', () => {
  beforeAll(async () => {
    cohort = await createTestCohort('certificate');
    category = await createCategory('Clinical Forms');
  });

  it('stores a multipart upload with the spec defaults (cohort scope, public, not mandatory, no signature) and its text', async () => {
    const title = unique('Syllabus');
    const res = await uploadForm(
      staff,
      { title, description: 'Course outline', cohort_id: cohort.id, category_id: category.id },
      text('Syllabus Week 1.txt', 'Week one: vital signs.\r\nWeek two: charting.'),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title,
      description: 'Course outline',
      scope: 'cohort',
      scope_display: 'Cohort Documents',
      cohort_id: cohort.id,
      cohort_details: { academic_year: '2090-2091', year: '2090', program_name: 'Test certificate' },
      category_id: category.id,
      category_name: 'Clinical Forms',
      is_public: true,
      is_mandatory: false,
      requires_signature: false,
      file_name: 'Syllabus Week 1.txt',
      file_type: 'txt',
      file_size: 43,
      s3_url: null,
      uploaded_by_name: 'doc-staff',
      extracted_text: 'Week one: vital signs.\nWeek two: charting.',
      preview_text: 'Week one: vital signs.\nWeek two: charting.',
      assigned_students: [],
      acknowledged_at: null,
    });
    // a server-generated key: the document's id and a safe name
    expect(res.body.s3_key).toBe(`documents/${res.body.id}/Syllabus_Week_1.txt`);
    expect((await readObject(res.body.s3_key)).toString()).toBe('Week one: vital signs.\r\nWeek two: charting.');
    // the record and its audit entry were written together
    expect((await auditEntriesOf(res.body.id))[0]).toMatchObject({ action: 'document.create', actor: 'doc-staff' });
  });

  it('extracts the text of docx and pdf uploads, so search finds it', async () => {
    const word = unique('zebra-word');
    const docx = await uploadForm(staff, { title: unique('Guide'), scope: 'general' }, { name: 'guide.docx', bytes: makeDocx(['Heading', `Body with ${word}`]) });
    expect(docx.body.extracted_text).toBe(`Heading\nBody with ${word}`);
    const pdfWord = unique('okapi-pdf');
    const pdf = await uploadForm(staff, { title: unique('Handbook'), scope: 'general' }, { name: 'handbook.pdf', bytes: makePdf(`Handbook ${pdfWord}`) });
    expect(pdf.body.extracted_text).toBe(`Handbook ${pdfWord}`);
    const png = await uploadForm(staff, { title: unique('Badge'), scope: 'general' }, { name: 'badge.png', bytes: makePng() });
    expect(png.body).toMatchObject({ file_type: 'png', extracted_text: null, preview_text: null });
    for (const [term, id] of [
      [word.toUpperCase(), docx.body.id],
      [pdfWord, pdf.body.id],
    ]) {
      const found = (await invoke(list, apiEvent('documents-list', { caller: staff, query: { search: term } }))).body.results;
      expect(found.map((d: { id: string }) => d.id)).toEqual([id]);
    }
  });

  it.each([
    ['no title', { title: '' }, 'title: Please provide a title and file'],
    ['a cohort document without a cohort', { scope: 'cohort' }, 'cohort_id: Please select a cohort'],
    ['an individual document without a cohort', { scope: 'individual', student_username: 'x' }, 'cohort_id: Please select a cohort'],
    ['an individual document without a student', { scope: 'individual', cohort_id: 'COHORT' }, 'student_username: Please provide a student username'],
    [
      'an individual document for an unknown student',
      { scope: 'individual', cohort_id: 'COHORT', student_username: 'nobody-here' },
      'student_username: Please enter a valid student username',
    ],
    ['an unknown cohort', { scope: 'cohort', cohort_id: 'no-such-cohort' }, 'cohort_id: Please select a valid cohort'],
    ['an unknown category', { scope: 'general', category_id: 'no-such-category' }, 'category_id: Please select a valid category'],
    ['a program document without a program type', { scope: 'program' }, 'program_type: Please select a program type'],
    ['an unknown scope', { scope: 'everyone' }, 'scope: must be individual, cohort, program or general'],
    ['a flag that is not a boolean', { scope: 'general', is_public: 'yes' }, 'is_public: must be true or false'],
  ])('refuses %s with the message naming the field (400), storing nothing', async (_name, over, message) => {
    const title = unique('Refused');
    const stem = unique('refused');
    const fields = Object.fromEntries(Object.entries({ title, ...over }).map(([k, v]) => [k, v === 'COHORT' ? cohort.id : v]));
    const res = await uploadForm(staff, fields as Record<string, string>, text(`${stem}.txt`, 'hello'));
    expect(res).toMatchObject({ status: 400, body: { error: message } });
    await expectNothingStored(title, stem);
  });

  it('refuses a form without a file: "file: Please provide a title and file"', async () => {
    const res = await uploadForm(staff, { title: unique('No file'), scope: 'general' }, null);
    expect(res).toMatchObject({ status: 400, body: { error: 'file: Please provide a title and file' } });
    // a browser sends an empty, unnamed part when no file was chosen
    const empty = await uploadForm(staff, { title: unique('No file'), scope: 'general' }, { name: '', bytes: new Uint8Array() });
    expect(empty.body.error).toBe('file: Please provide a title and file');
  });

  it('assigns an individual document to an existing student, listing their name', async () => {
    const student = await createStudentRecord({ profile: { firstName: 'Ana', lastName: 'Reyes', cohortId: cohort.id } });
    const res = await uploadForm(
      staff,
      { title: unique('Plan'), scope: 'individual', cohort_id: cohort.id, student_username: student.username, is_public: 'false' },
      text('plan.txt', 'installments'),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scope: 'individual', is_public: false, assigned_students: [{ id: student.sub, username: student.username, full_name: 'Ana Reyes' }] });
  });

  it.each([
    [
      'a type outside the allowlist',
      'tool.exe',
      Buffer.from('MZ'),
      400,
      'file: .exe files are not allowed (allowed: pdf, jpg, jpeg, png, doc, docx, xls, xlsx, ppt, pptx, txt, csv)',
    ],
    ['a .pdf that is really a PNG', 'scan.pdf', makePng(), 400, 'file: the content is a PNG image, not a .pdf file'],
    ['a .docx that is really a PDF', 'letter.docx', makePdf('x'), 400, 'file: the content is a PDF, not a .docx file'],
    ['a .txt that is binary', 'notes.txt', Buffer.from([0x68, 0x69, 0x00, 0xff]), 400, 'file: the content is binary data (not UTF-8 text), not a .txt file'],
    ['an empty file', 'empty.pdf', Buffer.alloc(0), 400, 'file: the file is empty'],
  ])('refuses %s, storing nothing', async (_name, fileName, bytes, status, message) => {
    const title = unique('Bad file');
    const stem = unique('bad');
    const res = await uploadForm(staff, { title, scope: 'general' }, { name: `${stem}-${fileName}`, bytes });
    expect(res).toMatchObject({ status, body: { error: message } });
    await expectNothingStored(title, stem);
  });

  it('refuses a file above 25 MB with 413, storing nothing', async () => {
    const title = unique('Huge');
    const stem = unique('huge');
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61);
    const res = await uploadForm(staff, { title, scope: 'general' }, { name: `${stem}.txt`, bytes: big });
    expect(res).toMatchObject({ status: 413, body: { error: 'file: the file is larger than the 25 MB limit' } });
    await expectNothingStored(title, stem);
  }, 60_000);

  it('is for staff and admins only (403 for students and finance)', async () => {
    for (const caller of [{ username: 'a-student' }, { username: 'fin', roles: ['finance'] }] as Caller[]) {
      expect((await uploadForm(caller, { title: 'x', scope: 'general' }, text('x.txt', 'x'))).status).toBe(403);
      expect((await askUploadUrl({ file_name: 'x.pdf', file_size: 10 }, caller)).status).toBe(403);
    }
  });

  describe('failure after the file is stored', () => {
    afterEach(() => {
      db.middlewareStack.remove('failTransaction');
    });

    it('deletes the stored file when the record cannot be written', async () => {
      db.middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName === 'TransactWriteItemsCommand') throw Object.assign(new Error('injected'), { name: 'InternalServerError' });
          return next(args);
        },
        { step: 'initialize', name: 'failTransaction' },
      );
      const title = unique('Unlucky');
      const stem = unique('unlucky');
      const res = await uploadForm(staff, { title, scope: 'general' }, text(`${stem}.txt`, 'hello'));
      expect(res.status).toBe(500);
      db.middlewareStack.remove('failTransaction');
      await expectNothingStored(title, stem);
    });
  });

  it('records the uploader by name (their Cognito given and family name), the same on both upload paths', async () => {
    const username = uniqueName('named-staff');
    const password = 'Named!Staff9';
    await createSignIn({ username, password, group: 'staff', firstName: 'Dana', lastName: 'Whitfield' });
    const signedIn = await new CognitoIdentityProviderClient({}).send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: process.env.USER_POOL_CLIENT_ID!,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    const caller: Caller = { username, roles: ['staff'] };
    // what API Gateway hands the function: the verified token's claims, and the request's own Authorization header
    const withToken = <E extends { headers: Record<string, string | undefined> }>(event: E) => {
      event.headers.authorization = `Bearer ${signedIn.AuthenticationResult!.AccessToken}`;
      return event;
    };

    const form = await invoke(upload, withToken(await multipartEvent(caller, { title: unique('Named form'), scope: 'general' }, text('named.txt', 'By name'))));
    expect(form).toMatchObject({ status: 201, body: { uploaded_by_name: 'Dana Whitfield' } });
    const { body: target } = await invoke(uploadUrl, apiEvent('documents-upload-url', { caller, body: { file_name: 'named.txt', file_size: 7 } }));
    await putObject(target.upload_key, Buffer.from('By name'));
    const presigned = await invoke(
      upload,
      withToken(
        apiEvent('documents-upload', {
          caller,
          body: { title: unique('Named presigned'), scope: 'general', upload_key: target.upload_key, file_name: 'named.txt' },
        }),
      ),
    );
    expect(presigned).toMatchObject({ status: 201, body: { uploaded_by_name: 'Dana Whitfield' } });
    // stored so: the list answers it too, and the audit entry still names the account
    expect((await listByTitle(presigned.body.title))[0]).toMatchObject({ uploaded_by_name: 'Dana Whitfield' });
    expect((await auditEntriesOf(presigned.body.id))[0]).toMatchObject({ action: 'document.create', actor: username });
    // a token Cognito refuses costs the name (for someone whose name this container has not yet found), never the upload
    const stranger: Caller = { username: `${username}-x`, roles: ['staff'] };
    const refused = await multipartEvent(stranger, { title: unique('Unnamed'), scope: 'general' }, text('unnamed.txt', 'x'));
    refused.headers.authorization = 'Bearer not-a-token';
    expect(await invoke(upload, refused)).toMatchObject({ status: 201, body: { uploaded_by_name: stranger.username } });
  });

  describe('presigned uploads for large files', () => {
    it("answers a presigned PUT to a server-generated key under the caller's prefix, signing type and size", async () => {
      const res = await askUploadUrl({ file_name: 'Große Datei.pdf', file_size: 1234, content_type: 'text/html' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ headers: { 'Content-Type': 'application/pdf' }, expires_in: 900 });
      expect(res.body.upload_key).toMatch(/^uploads\/doc-staff\/[0-9a-f-]{36}\/Gro_e_Datei\.pdf$/);
      const url = new URL(res.body.upload_url);
      expect(url.pathname).toBe(`/local/s3/${process.env.BUCKET_NAME}/${res.body.upload_key.replace(/ /g, '%20')}`);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    });

    it.each([
      [
        'a type outside the allowlist',
        { file_name: 'x.html', file_size: 10 },
        400,
        'file_name: .html files are not allowed (allowed: pdf, jpg, jpeg, png, doc, docx, xls, xlsx, ppt, pptx, txt, csv)',
      ],
      ['an empty file', { file_name: 'x.pdf', file_size: 0 }, 400, 'file_size: the file is empty'],
      ['a file above 25 MB', { file_name: 'x.pdf', file_size: MAX_UPLOAD_BYTES + 1 }, 413, 'file_size: the file is larger than the 25 MB limit'],
      ['a missing name', { file_size: 10 }, 400, 'file_name: is required'],
    ])('refuses %s', async (_name, body, status, message) => {
      expect(await askUploadUrl(body)).toMatchObject({ status, body: { error: message } });
    });

    it('PUTs through the local S3 proxy, then POST /api/documents/ adopts the upload: checked, moved, the upload deleted', async () => {
      const pdf = makePdf('Large handbook');
      const { body: target } = await askUploadUrl({ file_name: 'Handbook 2026.pdf', file_size: pdf.length });
      const put = await fetch(target.upload_url, { method: 'PUT', headers: target.headers, body: new Uint8Array(pdf) });
      expect(put.status).toBe(200);
      expect(await objectExists(target.upload_key)).toBe(true);

      const title = unique('Large handbook');
      const res = await adopt({ title, scope: 'general', is_mandatory: true, upload_key: target.upload_key, file_name: 'Handbook 2026.pdf' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title,
        scope: 'general',
        is_mandatory: true,
        file_name: 'Handbook 2026.pdf',
        file_type: 'pdf',
        file_size: pdf.length,
        extracted_text: 'Large handbook',
      });
      expect(res.body.s3_key).toBe(`documents/${res.body.id}/Handbook_2026.pdf`);
      expect((await readObject(res.body.s3_key)).equals(pdf)).toBe(true);
      expect(await objectExists(target.upload_key)).toBe(false);
      // the same key cannot be adopted twice
      expect((await adopt({ title: unique('Again'), scope: 'general', upload_key: target.upload_key })).body.error).toMatch(/^upload_key: no uploaded file was found/);
      // gone, so its notices to every student of the shared test table are not delivered (notify/deliver.ts)
      await deleteDocument(res.body.id, 'doc-admin');
    });

    it('deletes a refused upload (spoofed content, bad fields, oversize) and stores nothing', async () => {
      const cases: Array<[string, Uint8Array, Record<string, unknown>, number, string]> = [
        ['spoof.pdf', makePng(), { scope: 'general' }, 400, 'file: the content is a PNG image, not a .pdf file'],
        ['fields.pdf', makePdf('x'), { scope: 'cohort' }, 400, 'cohort_id: Please select a cohort'],
        ['notitle.pdf', makePdf('x'), { scope: 'general', title: '' }, 400, 'title: Please provide a title and file'],
        ['huge.txt', Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61), { scope: 'general' }, 413, 'file: the file is larger than the 25 MB limit'],
      ];
      for (const [name, bytes, fields, status, message] of cases) {
        const { body: target } = await askUploadUrl({ file_name: name, file_size: Math.min(bytes.length, MAX_UPLOAD_BYTES) });
        await putObject(target.upload_key, bytes); // s3rver checks no signature: what a misbehaving client could leave
        const title = unique('Refused upload');
        const res = await adopt({ title, upload_key: target.upload_key, ...fields });
        expect(res, name).toMatchObject({ status, body: { error: message } });
        expect(await objectExists(target.upload_key), name).toBe(false);
        expect(await listByTitle(title)).toEqual([]);
      }
    }, 90_000);

    it("neither uses nor deletes someone else's upload; refuses keys it did not make", async () => {
      const other: Caller = { username: 'other-staff', roles: ['staff'] };
      const { body: theirs } = await askUploadUrl({ file_name: 'theirs.txt', file_size: 5 }, other);
      await putObject(theirs.upload_key, Buffer.from('hello'));
      for (const key of [theirs.upload_key, 'documents/some-doc/file.pdf', `uploads/doc-staff/${randomUUID()}/../../other-staff/x.txt`]) {
        expect(await adopt({ title: unique('Stolen'), scope: 'general', upload_key: key })).toMatchObject({
          status: 400,
          body: { error: 'upload_key: is not one of your uploads' },
        });
      }
      expect(await objectExists(theirs.upload_key)).toBe(true);
    });

    it('answers JSON without upload_key like a form without a file', async () => {
      expect(await adopt({ title: unique('No key'), scope: 'general' })).toMatchObject({ status: 400, body: { error: 'file: Please provide a title and file' } });
      expect(await adopt([1, 2])).toMatchObject({ status: 400, body: { error: 'body: must be a JSON object' } });
    });
  });
});
