/**
 * Listing, downloading and deleting documents against DynamoDB Local and s3rver: every filter,
 * cursor pages, each scope's visibility for students, presigned downloads fetched through the
 * local S3 proxy, and delete removing record, assignments, acknowledgements and file.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as acknowledge } from '../../lambdas/functions/documents/acknowledge.js';
import { handler as categories } from '../../lambdas/functions/documents/categories.js';
import { handler as remove } from '../../lambdas/functions/documents/delete.js';
import { handler as download } from '../../lambdas/functions/documents/download.js';
import { handler as list } from '../../lambdas/functions/documents/list.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { deleteDocument, documentKeys } from '../../lambdas/store/document.js';
import { makePdf } from '../../lib/local/seed/sample-files.js';
import { auditEntriesOf } from './support/audit-entries.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { admin, createCategory, createTestCohort, objectExists, staff, uploadForm, uploadText } from './support/documents.js';
import { createStudentRecord } from './support/fixtures.js';
import { countRequests } from './support/request-counter.js';

type Listed = { id: string; title: string; acknowledged_at: string | null };
const listAs = async (caller: Caller, query: Record<string, string> = {}) => invoke(list, apiEvent('documents-list', { caller, query }));
const idsFor = async (caller: Caller, query: Record<string, string> = {}) => ((await listAs(caller, query)).body.results as Listed[]).map((d) => d.id);
const downloadAs = (caller: Caller, id: string, query?: Record<string, string>) => invoke(download, apiEvent('documents-download', { caller, pathParameters: { id }, query }));

/** One document of every kind, two cohorts of different program types, and a student in each. */
const world = {} as {
  tag: string;
  category: string;
  cohortA: string;
  cohortB: string;
  alice: Caller;
  bob: Caller;
  docs: Record<
    'general' | 'generalPrivate' | 'programCert' | 'programDipl' | 'programCertPrivate' | 'cohortA' | 'cohortAPrivate' | 'cohortB' | 'aliceOnly' | 'bobInCohortA',
    string
  >;
};

describe('listing, downloading and deleting documents', () => {
  // the mandatory general document asks every student of the shared test table: gone at the end, its notices
  // still queued are not delivered (notify/deliver.ts)
  afterAll(async () => {
    if (world.docs?.general) await deleteDocument(world.docs.general, admin.username);
  });

  beforeAll(async () => {
    const tag = `w${randomUUID().slice(0, 6)}`;
    const category = await createCategory();
    const [a, b] = await Promise.all([createTestCohort('certificate', '2091-2092'), createTestCohort('diploma', '2092-2093')]);
    const [alice, bob] = await Promise.all([
      createStudentRecord({ username: `alice-${tag}`, profile: { firstName: 'Alice', lastName: `Smith${tag}`, programType: 'certificate', cohortId: a.id } }),
      createStudentRecord({ username: `bob-${tag}`, profile: { firstName: 'Bob', lastName: `Jones${tag}`, programType: 'diploma', cohortId: b.id } }),
    ]);
    const up = (title: string, fields: Record<string, string>) =>
      uploadText({ title: `${title} ${tag}`, category_id: category.id, ...fields }, `${title} text ${tag}`).then((d) => d.id);
    const docs = {
      general: await up('General', { scope: 'general', is_mandatory: 'true' }),
      generalPrivate: await up('General private', { scope: 'general', is_public: 'false' }),
      programCert: await up('Certificate program', { scope: 'program', program_type: 'certificate' }),
      programDipl: await up('Diploma program', { scope: 'program', program_type: 'diploma' }),
      programCertPrivate: await up('Certificate private', { scope: 'program', program_type: 'certificate', is_public: 'false' }),
      cohortA: await up('Cohort A', { scope: 'cohort', cohort_id: a.id, description: 'Clinical rotation in the north wing' }),
      cohortAPrivate: await up('Cohort A private', { scope: 'cohort', cohort_id: a.id, is_public: 'false' }),
      cohortB: await up('Cohort B', { scope: 'cohort', cohort_id: b.id, is_mandatory: 'true' }),
      aliceOnly: await up('Alice only', { scope: 'individual', cohort_id: a.id, student_username: alice.username, is_public: 'false' }),
      bobInCohortA: await up('Bob in cohort A', { scope: 'individual', cohort_id: a.id, student_username: bob.username }),
    };
    Object.assign(world, { tag, category: category.id, cohortA: a.id, cohortB: b.id, alice: { username: alice.username }, bob: { username: bob.username }, docs });
  }, 120_000);

  describe('for staff', () => {
    it('lists every document, newest first, with every field of the spec', async () => {
      const res = await listAs(staff, { category_id: world.category });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(10);
      expect(res.body.next).toBeNull();
      expect(res.body.results.map((d: Listed) => d.id)).toEqual(Object.values(world.docs).reverse());
      const aliceOnly = res.body.results.find((d: Listed) => d.id === world.docs.aliceOnly);
      expect(aliceOnly).toMatchObject({
        scope: 'individual',
        scope_display: 'Individual Students',
        is_public: false,
        assigned_students: [{ username: world.alice.username, full_name: `Alice Smith${world.tag}` }],
        cohort_details: { academic_year: '2091-2092', program_name: 'Test certificate' },
        s3_url: null,
      });
      expect(Object.keys(aliceOnly).sort()).toEqual([
        'acknowledged_at',
        'assigned_students',
        'category_id',
        'category_name',
        'cohort_details',
        'cohort_id',
        'description',
        'extracted_text',
        'file_name',
        'file_size',
        'file_type',
        'id',
        'is_mandatory',
        'is_public',
        'preview_text',
        'program_type',
        'requires_signature',
        's3_key',
        's3_url',
        'scope',
        'scope_display',
        'text_status',
        'text_status_reason',
        'title',
        'uploaded_at',
        'uploaded_by_name',
      ]);
    });

    it.each([
      ['scope', { scope: 'program' }, ['programCert', 'programDipl', 'programCertPrivate']],
      ['is_mandatory=true', { is_mandatory: 'true' }, ['general', 'cohortB']],
      [
        'is_mandatory=false',
        { is_mandatory: 'false' },
        ['generalPrivate', 'programCert', 'programDipl', 'programCertPrivate', 'cohortA', 'cohortAPrivate', 'aliceOnly', 'bobInCohortA'],
      ],
      ['academic_year', { academic_year: '2092-2093' }, ['cohortB']],
      ['program_type (program documents and those of its cohorts)', { program_type: 'diploma' }, ['programDipl', 'cohortB']],
      ['search in the title, any case', { search: 'COHORT A PRIVATE' }, ['cohortAPrivate']],
      ['search in the description', { search: 'north wing' }, ['cohortA']],
      ['search in the document text', { search: 'Diploma program text' }, ['programDipl']],
      ['student_name by first name', { student_name: 'alice' }, ['aliceOnly']],
      ['student_name by last name', { student_name: 'JONES' }, ['bobInCohortA']],
      ['student_name by username', { student_name: 'bob-' }, ['bobInCohortA']],
      ['empty filters, which are ignored', { search: '', program_type: '', is_mandatory: '', academic_year: '', scope: '' }, null],
    ])('filters by %s', async (_name, query, expected) => {
      const ids = await idsFor(staff, { category_id: world.category, ...query });
      const want = expected === null ? Object.values(world.docs) : expected.map((k) => world.docs[k as keyof typeof world.docs]);
      expect(new Set(ids)).toEqual(new Set(want));
    });

    it('filters by cohort number within an academic year', async () => {
      const list2091 = await idsFor(staff, { category_id: world.category, academic_year: '2091-2092' });
      expect(new Set(list2091)).toEqual(new Set([world.docs.cohortA, world.docs.cohortAPrivate, world.docs.aliceOnly, world.docs.bobInCohortA]));
      const none = await idsFor(staff, { category_id: world.category, academic_year: '1999-2000' });
      expect(none).toEqual([]);
    });

    it('pages with a cursor, newest first, and refuses a cursor it did not make', async () => {
      const seen: string[] = [];
      let next: string | null = null;
      let pages = 0;
      do {
        const res = await listAs(staff, { category_id: world.category, limit: '3', ...(next ? { cursor: next } : {}) });
        expect(res.body.results.length).toBeLessThanOrEqual(3);
        seen.push(...res.body.results.map((d: Listed) => d.id));
        next = res.body.next;
        pages++;
      } while (next);
      expect(seen).toEqual(Object.values(world.docs).reverse());
      expect(pages).toBe(4);
      expect((await listAs(staff, { cursor: 'nonsense' })).body).toEqual({ error: 'cursor: is not a cursor this API returned' });
      expect((await listAs(staff, { limit: '101' })).status).toBe(400);
    });

    it('downloads any document', async () => {
      expect((await downloadAs(admin, world.docs.generalPrivate)).status).toBe(200);
    });
  });

  describe('for students', () => {
    const visible = {
      alice: ['general', 'programCert', 'cohortA', 'aliceOnly'],
      bob: ['general', 'programDipl', 'cohortB', 'bobInCohortA'],
    } as const;

    it.each(['alice', 'bob'] as const)('%s lists exactly the documents that apply to them', async (who) => {
      const ids = new Set(await idsFor(world[who]));
      for (const [name, id] of Object.entries(world.docs)) {
        expect(ids.has(id), `${who} sees ${name}`).toBe((visible[who] as readonly string[]).includes(name));
      }
    });

    it.each(['alice', 'bob'] as const)('%s downloads only the documents that apply to them (403 for the rest, 404 when none)', async (who) => {
      for (const [name, id] of Object.entries(world.docs)) {
        const res = await downloadAs(world[who], id);
        expect(res.status, `${who} downloads ${name}`).toBe((visible[who] as readonly string[]).includes(name) ? 200 : 403);
      }
      expect((await downloadAs(world[who], 'no-such-document')).status).toBe(404);
    });

    it('applies the filters to their own documents', async () => {
      expect(await idsFor(world.alice, { search: `alice only ${world.tag}` })).toEqual([world.docs.aliceOnly]);
      expect(new Set(await idsFor(world.alice, { category_id: world.category, scope: 'cohort' }))).toEqual(new Set([world.docs.cohortA]));
      expect(new Set(await idsFor(world.bob, { category_id: world.category, is_mandatory: 'true' }))).toEqual(new Set([world.docs.general, world.docs.cohortB]));
      expect(await idsFor(world.alice, { category_id: world.category, is_mandatory: 'true' })).toEqual([world.docs.general]);
    });

    it("reads a student's documents in a bounded number of requests", async () => {
      const { result, commands } = await countRequests(() => listAs(world.alice, { category_id: world.category }));
      expect(result.body.count).toBe(4);
      // profile, three collections and their own, the assigned documents, cohorts and categories
      expect(commands.sort()).toEqual(['BatchGetItemCommand', 'BatchGetItemCommand', 'GetItemCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand'].sort());
    });

    it('gives a signed-in user without a student profile the public general documents only', async () => {
      const ids = new Set(await idsFor({ username: 'no-profile' }, { category_id: world.category }));
      expect(ids).toEqual(new Set([world.docs.general]));
    });

    it("gives staff a student's documents for their record: every scope that applies, each with their acknowledgement, audited", async () => {
      const ack = await invoke(acknowledge, apiEvent('documents-acknowledge', { caller: world.alice, pathParameters: { id: world.docs.general } }));
      expect(ack.status).toBe(200);
      const { result, commands } = await countRequests(() => listAs(admin, { student: world.alice.username, category_id: world.category }));
      expect(result.status).toBe(200);
      type RecordDoc = Listed & { is_mandatory: boolean; acknowledgement_required: boolean; signature: string | null; assigned_students: unknown[] };
      const docs = result.body.results as RecordDoc[];
      // the same documents as Alice's own list, newest first, with nothing else
      expect(docs.map((d) => d.id).sort()).toEqual((await idsFor(world.alice, { category_id: world.category })).sort());
      expect(new Set(docs.map((d) => d.id))).toEqual(new Set(visible.alice.map((name) => world.docs[name])));
      const general = docs.find((d) => d.id === world.docs.general)!;
      expect(general).toMatchObject({ is_mandatory: true, acknowledgement_required: true, acknowledged_at: ack.body.acknowledged_at, signature: null });
      expect(docs.find((d) => d.id === world.docs.cohortA)).toMatchObject({ acknowledgement_required: false, acknowledged_at: null });
      // staff's presentation: who an individual document is assigned to
      expect(docs.find((d) => d.id === world.docs.aliceOnly)!.assigned_students).toHaveLength(1);
      // her profile, one Query per collection (general, program, cohort, her own), a BatchGet each for her documents and their
      // cohorts and categories, and the audit entry: never a Scan
      expect(commands.filter((c) => c === 'QueryCommand')).toHaveLength(4);
      expect(commands).not.toContain('ScanCommand');
      const entries = (await auditEntriesOf(world.alice.username)).filter((e) => e.action === 'student.documents.read');
      expect(entries.at(-1)).toMatchObject({ actor: admin.username, entityType: 'student', detail: { documents: expect.arrayContaining([world.docs.general]) } });
    });

    it("refuses a student's documents to anyone but staff and finance (403 before reading), and 404s an unknown student", async () => {
      expect(await listAs(world.bob, { student: world.alice.username })).toMatchObject({ status: 403, body: { error: expect.stringMatching(/^student: /) } });
      expect((await listAs({ username: 'fin', roles: ['finance'] }, { student: world.alice.username })).status).toBe(200);
      expect(await listAs(staff, { student: `nobody-${world.tag}` })).toMatchObject({ status: 404, body: { error: expect.stringMatching(/^student: /) } });
    });

    it("gives finance the staff list: every document, not a student's", async () => {
      const staffIds = new Set(await idsFor(staff, { category_id: world.category }));
      expect(new Set(await idsFor({ username: 'fin', roles: ['finance'] }, { category_id: world.category }))).toEqual(staffIds);
      expect(staffIds.size).toBeGreaterThan(1);
    });
  });

  describe('downloads', () => {
    it('answers a 5-minute presigned URL that fetches the bytes through the local proxy with a safe file name', async () => {
      const pdf = makePdf('Résumé');
      const up = await uploadForm(staff, { title: `Resume ${world.tag}`, scope: 'general' }, { name: 'Résumé "final".pdf', bytes: pdf });
      const res = await downloadAs(staff, up.body.id);
      expect(res.body).toMatchObject({ file_name: 'Résumé "final".pdf', file_type: 'pdf', expires_in: 300 });
      const url = new URL(res.body.download_url);
      expect(url.pathname.startsWith(`/local/s3/${process.env.BUCKET_NAME}/documents/${up.body.id}/`)).toBe(true);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
      const file = await fetch(res.body.download_url);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="Resume _final_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.pdf`);

      const inline = await fetch((await downloadAs(staff, up.body.id, { disposition: 'inline' })).body.download_url);
      expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename="Resume _final_\.pdf"/);
      expect((await downloadAs(staff, up.body.id, { disposition: 'evil' })).body).toEqual({ error: 'disposition: must be attachment or inline' });
    });

    it('the proxy serves presigned requests for the document bucket only', async () => {
      const res = await downloadAs(staff, world.docs.general);
      const url = new URL(res.body.download_url);
      expect((await fetch(`${url.origin}${url.pathname}`)).status).toBe(403);
      expect((await fetch(`${url.origin}/local/s3/other-bucket/x?X-Amz-Signature=1`)).status).toBe(404);
      expect((await fetch(res.body.download_url, { method: 'DELETE' })).status).toBe(405);
    });
  });

  describe('delete', () => {
    it('removes the record, its assignments and acknowledgements (audited), then the file; 404 the second time', async () => {
      const doc = await uploadText({ title: `Doomed ${world.tag}`, scope: 'individual', cohort_id: world.cohortA, student_username: world.alice.username, is_mandatory: 'true' });
      expect((await invoke(acknowledge, apiEvent('documents-acknowledge', { caller: world.alice, pathParameters: { id: doc.id } }))).status).toBe(200);
      expect(await objectExists(doc.s3_key)).toBe(true);

      const del = () => invoke(remove, apiEvent('documents-delete', { caller: staff, pathParameters: { id: doc.id } }));
      expect((await invoke(remove, apiEvent('documents-delete', { caller: world.alice, pathParameters: { id: doc.id } }))).status).toBe(403);
      expect(await del()).toMatchObject({ status: 200, body: { message: 'Document deleted successfully' } });
      expect(await objectExists(doc.s3_key)).toBe(false);
      const { Items = [] } = await db.send(
        new QueryCommand({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': documentKeys.collection(doc.id) } }),
      );
      expect(Items).toEqual([]);
      expect(await idsFor(world.alice)).not.toContain(doc.id);
      expect((await downloadAs(staff, doc.id)).status).toBe(404);
      expect((await del()).status).toBe(404);
      expect((await auditEntriesOf(doc.id)).find((i) => i.action === 'document.delete')).toMatchObject({ actor: 'doc-staff', before: { title: `Doomed ${world.tag}` } });
    });
  });

  it('lists the document categories for any signed-in user', async () => {
    const res = await invoke(categories, apiEvent('document-categories-list', { caller: world.alice }));
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ id: world.category, name: expect.any(String) });
    expect((await invoke(categories, apiEvent('document-categories-list', {}))).status).toBe(401);
  });
});
