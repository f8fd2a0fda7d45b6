/** Hostile input on the document routes: broken multipart forms, files that are not what they claim, uploads that are not the caller's. The world and the runner: ./world.ts. */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { DOCUMENT_SCOPES, MAX_UPLOAD_BYTES } from '../../lambdas/contract/documents.js';
import type { CellRequest } from '../security/authorization-matrix.js';
import { blank, hostileJsonBody, hostileQuery, junkString, multipartRequest, notOneOf, notString, tooLong, type BodyPart, type FormPart } from '../security/hostile.js';
import {
  tag,
  admin,
  student,
  fx,
  params,
  req,
  required,
  pdfBytes,
  pngBytes,
  zipBytes,
  okFile,
  badUploads,
  readOnlyGet,
  presignSpec,
  isArray,
  isPage,
  hostileRouteTests,
  useHostileWorld,
} from './world.js';

useHostileWorld();

// documents-upload: multipart forms, each with at least one fatal defect, and JSON bodies naming uploads that are not the caller's
/** Files that must be refused whatever the fields: a type not allowed, content that is not the type, empty. */
const badFile = fc.oneof(
  fc
    .constantFrom('x.exe', 'noext', '.txt', 'a.txt.exe', 'a.php', 'payload.html', 'a.svg', 'run.sh', 'a.txt\u0000.exe', '../../../bin/sh', 'a.', 'CON', 'x'.repeat(300))
    .map((fileName) => ({ fileName, bytes: Buffer.from('hello') })),
  fc.constantFrom(
    { fileName: 'fake.pdf', bytes: Buffer.from('not a pdf') },
    { fileName: 'fake.png', bytes: pdfBytes },
    { fileName: 'fake.jpg', bytes: pngBytes },
    { fileName: 'fake.docx', bytes: zipBytes },
    { fileName: 'fake.docx', bytes: pdfBytes },
    { fileName: 'bin.txt', bytes: Buffer.from([0x61, 0, 0x62]) },
    { fileName: 'latin1.csv', bytes: Buffer.from([0xe9, 0xe8, 0x41]) },
    { fileName: 'png.txt', bytes: pngBytes },
    { fileName: 'empty.pdf', bytes: Buffer.alloc(0) },
    { fileName: '../../../etc/passwd.pdf', bytes: Buffer.from('root:x:0:0') },
    { fileName: 'ok.xlsx', bytes: pngBytes },
  ),
  fc
    .tuple(fc.constantFrom('r.pdf', 'r.docx', 'r.png', 'r.doc'), fc.uint8Array({ minLength: 1, maxLength: 64 }))
    .filter(([, bytes]) => bytes[0] !== 0x25 && bytes[0] !== 0x89 && bytes[0] !== 0x50 && bytes[0] !== 0xd0 && bytes[0] !== 0xff)
    .map(([fileName, bytes]) => ({ fileName, bytes: Buffer.from(bytes) })),
);
const FORM_FIELDS = ['title', 'description', 'scope', 'category_id', 'cohort_id', 'program_type', 'is_public', 'is_mandatory', 'requires_signature', 'student_username', 'file'];
type FormSpec = { fields: Record<string, string>; file: { fileName: string; bytes: Uint8Array; type?: string } | null; files?: number };
const formDefects: Array<fc.Arbitrary<(f: FormSpec) => void>> = [
  fc.constant((f: FormSpec) => {
    f.file = null;
  }),
  badFile.map((file) => (f: FormSpec) => {
    f.file = file;
  }),
  fc.oneof(blank, tooLong(200)).map((t) => (f: FormSpec) => {
    f.fields.title = t;
  }),
  fc.constant((f: FormSpec) => {
    delete f.fields.title;
  }),
  notOneOf(DOCUMENT_SCOPES)
    .filter((s): s is string => typeof s === 'string' && s !== '')
    .map((s) => (f: FormSpec) => {
      f.fields.scope = s;
    }),
  fc.constantFrom('cohort', 'individual').map((s) => (f: FormSpec) => {
    f.fields.scope = s;
    delete f.fields.cohort_id;
  }),
  fc.constant((f: FormSpec) => {
    f.fields.scope = 'individual';
    f.fields.cohort_id = fx.cohort1.id;
    f.fields.student_username = `${tag}-nobody`;
  }),
  fc.constant((f: FormSpec) => {
    f.fields.scope = 'program';
    f.fields.program_type = '';
    delete f.fields.cohort_id;
  }),
  fc.constantFrom('nursing', 'CERTIFICATE', 'x'.repeat(300)).map((t) => (f: FormSpec) => {
    f.fields.program_type = t;
  }),
  junkString
    .filter((s) => s.trim() !== '')
    .map((id) => (f: FormSpec) => {
      f.fields.category_id = id.slice(0, 64);
    }),
  junkString
    .filter((s) => s.trim() !== '')
    .map((id) => (f: FormSpec) => {
      f.fields.scope = 'cohort';
      f.fields.cohort_id = id.slice(0, 64);
    }),
  fc.tuple(fc.constantFrom('is_public', 'is_mandatory', 'requires_signature'), fc.constantFrom('yes', '1', 'TRUE', 'on', '', 'null')).map(([k, v]) => (f: FormSpec) => {
    f.fields[k] = v;
  }),
  fc.constant((f: FormSpec) => {
    f.files = 2;
  }),
  tooLong(2000).map((d) => (f: FormSpec) => {
    f.fields.description = d;
  }),
];
const formRequest: fc.Arbitrary<CellRequest> = fc
  .record({
    defects: fc.array(fc.oneof(...formDefects), { minLength: 1, maxLength: 3 }),
    // noise that never makes a form valid: extra fields (not the form's own names), a traversal in the file name
    extra: fc.dictionary(
      junkString.filter((k) => k.length < 30 && !FORM_FIELDS.includes(k)),
      junkString,
      { maxKeys: 3 },
    ),
    breakIt: fc.oneof(
      { weight: 8, arbitrary: fc.constant<null | { truncateAt?: number; headerBoundary?: string | null }>(null) },
      { weight: 1, arbitrary: fc.nat(400).map((n) => ({ truncateAt: n })) },
      { weight: 1, arbitrary: fc.constantFrom({ headerBoundary: null }, { headerBoundary: 'other' }, { headerBoundary: '' }) },
    ),
  })
  .map(({ defects, extra, breakIt }) => {
    const form: FormSpec = { fields: { title: 'Hostile upload', scope: 'general', is_public: 'true' }, file: okFile };
    for (const apply of defects) apply(form);
    const parts: FormPart[] = [
      ...Object.entries(extra).map(([name, value]) => ({ name, value })),
      ...Object.entries(form.fields).map(([name, value]) => ({ name, value })),
      ...(form.file ? Array.from({ length: form.files ?? 1 }, () => ({ name: 'file', file: form.file! })) : []),
    ];
    return multipartRequest(parts, breakIt ?? {});
  });
/** One form over the 25 MB limit (413), built once. */
let oversizedForm: CellRequest | undefined;
const hugeFormRequest = fc.constant(null).map(
  () =>
    (oversizedForm ??= multipartRequest([
      { name: 'title', value: 'Too big' },
      { name: 'file', file: { fileName: 'big.txt', bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61) } },
    ])),
);
const badUploadJson = fc
  .record({
    upload: fc.constant(null).map(() => badUploads),
    pick: fc.nat(),
    // a name may only make it worse: a renamed upload could turn out to be a valid file of the new type
    file_name: fc.option(fc.constantFrom('x.exe', '../../evil.sh', 'noext', 'a.pdf.bat'), { nil: undefined }),
    title: fc.constantFrom('Hostile upload', '  ', 'x'.repeat(201)),
  })
  .map(({ upload, pick, file_name, title }): BodyPart => ({
    rawBody: JSON.stringify({ title, scope: 'general', upload_key: upload[pick % upload.length]!.key, ...(file_name ? { file_name } : {}) }),
    headers: { 'content-type': 'application/json' },
  }));
const uploadJson = hostileJsonBody({
  base: fc.constant({ title: 'Hostile upload', scope: 'general' }),
  defects: {
    upload_key: fc.oneof(
      junkString,
      notString,
      fc.uuid().map((u) => `uploads/${encodeURIComponent(admin.username)}/${u}/never-uploaded.pdf`),
      fc.uuid().map((u) => `uploads/someone-else/${u}/theirs.pdf`),
      fc.constantFrom(
        `uploads/${admin.username}/../someone-else/x.pdf`,
        `uploads/${admin.username}/x/../../documents/y.pdf`,
        'documents/anything.pdf',
        '/etc/passwd',
        `uploads/${admin.username}/`,
      ),
    ),
    title: required(fc.oneof(blank, tooLong(200), notString)),
    file_name: fc.oneof(notString, tooLong(255), fc.constantFrom('x.exe', '../../x.sh')),
  },
});

describe('hostile input on the documents routes', () => {
  hostileRouteTests('documents', {
    'document-categories-list': () => readOnlyGet(isArray),
    'documents-list': () => ({
      caller: admin,
      request: req({ query: hostileQuery(['academic_year', 'cohort_number', 'program_type', 'category_id', 'is_mandatory', 'search', 'student_name', 'scope']) }),
      ok: isPage,
    }),
    'documents-download': () => ({
      caller: admin,
      request: req({
        pathParameters: params('id', [fx.signDoc]),
        query: fc.dictionary(fc.constantFrom('disposition', 'x'), fc.oneof(junkString, fc.constantFrom('inline', 'attachment')), { maxKeys: 2 }),
      }),
      ok: (res) => expect(res.body).toMatchObject({ download_url: expect.any(String), expires_in: 300 }),
    }),
    'documents-upload': () => ({
      caller: admin,
      request: fc.oneof(
        { weight: 12, arbitrary: formRequest },
        { weight: 5, arbitrary: req({ body: uploadJson }) },
        { weight: 2, arbitrary: req({ body: badUploadJson }) },
        { weight: 1, arbitrary: hugeFormRequest },
      ),
    }),
    'documents-upload-url': () => presignSpec('handbook.pdf'),
    'documents-delete': () => ({ caller: admin, request: req({ pathParameters: params('id') }) }),
    'documents-acknowledge': () => ({
      caller: student,
      request: req({
        pathParameters: params('id', [fx.signDoc]),
        // the document asks for a signature: the signed-in student's full name, which none of these is
        body: hostileJsonBody({ base: fc.constant({ signature: 'Not My Name' }), defects: { signature: fc.oneof(junkString, notString, tooLong(200)) } }),
      }),
    }),
    'documents-acknowledgements': () => ({
      caller: admin,
      request: req({ pathParameters: params('id', [fx.signDoc]) }),
      ok: (res) => expect(res.body).toMatchObject({ document_id: fx.signDoc, acknowledged: expect.any(Array), pending: expect.any(Array) }),
    }),
  });
});
