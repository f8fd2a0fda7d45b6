/**
 * FERPA: a presenter per audience. Staff see who a document is assigned to; a student (or
 * anyone else who does not see every document) sees the document's own fields and whether it is
 * assigned to them, and only their own acknowledgement, never another student's username, name or
 * id, even on an individual document shared by several students. Against DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as acknowledge } from '../../lambdas/functions/documents/acknowledge.js';
import { handler as list } from '../../lambdas/functions/documents/list.js';
import { documentItems, type DocumentRecord } from '../../lambdas/store/document.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import type { StudentProfileRecord } from '../../lambdas/store/student.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createTestCohort, staff } from './support/documents.js';
import { createStudentRecord } from './support/fixtures.js';

type Listed = Record<string, unknown> & { id: string };
const listAs = async (caller: Caller, query: Record<string, string> = {}) => (await invoke(list, apiEvent('documents-list', { caller, query }))).body.results as Listed[];

/** Every way the other student could be named in an answer. */
const identifiersOf = (p: StudentProfileRecord) => [p.username, p.sub, p.email, p.firstName, p.lastName, `${p.firstName} ${p.lastName}`];

const w = {} as { tag: string; alice: StudentProfileRecord; bob: StudentProfileRecord; shared: string; aliceAlone: string };

function individual(id: string, title: string, cohortId: string, students: StudentProfileRecord[]): DocumentRecord {
  return {
    id,
    title,
    description: `Individual agreement ${title}`,
    scope: 'individual',
    categoryId: null,
    cohortId,
    programType: null,
    assignedStudents: students.map((s) => ({ id: s.sub, username: s.username, firstName: s.firstName, lastName: s.lastName })),
    fileName: 'agreement.txt',
    fileType: 'txt',
    fileSize: 10,
    s3Key: `documents/${id}/agreement.txt`,
    extractedText: 'Monthly installments.',
    isPublic: false,
    isMandatory: true,
    requiresSignature: false,
    uploadedAt: new Date().toISOString(),
    uploadedBy: 'staff',
    uploadedByName: 'Sam Rivera',
  };
}

describe('documents as each audience sees them (FERPA)', () => {
  beforeAll(async () => {
    const tag = `f${randomUUID().slice(0, 6)}`;
    const cohort = await createTestCohort('certificate', '2095-2096');
    const [alice, bob] = await Promise.all([
      createStudentRecord({ username: `alice-${tag}`, profile: { firstName: 'Alicia', lastName: `Quill${tag}`, programType: 'certificate', cohortId: cohort.id } }),
      createStudentRecord({ username: `bob-${tag}`, profile: { firstName: 'Bartholomew', lastName: `Vance${tag}`, programType: 'certificate', cohortId: cohort.id } }),
    ]);
    const shared = individual(`doc-shared-${tag}`, `Shared plan ${tag}`, cohort.id, [alice, bob]);
    const aliceAlone = individual(`doc-alice-${tag}`, `Alice plan ${tag}`, cohort.id, [alice]);
    for (const item of [...documentItems(shared), ...documentItems(aliceAlone)]) await db.send(new PutCommand({ TableName: TABLE_NAME, Item: item }));
    Object.assign(w, { tag, alice, bob, shared: shared.id, aliceAlone: aliceAlone.id });
    // bob acknowledges the shared document: alice must not see that he did
    expect((await invoke(acknowledge, apiEvent('documents-acknowledge', { caller: { username: bob.username }, pathParameters: { id: shared.id } }))).status).toBe(200);
  }, 60_000);

  it('staff still see every assigned student (their view is unchanged)', async () => {
    const doc = (await listAs(staff, { search: w.tag })).find((d) => d.id === w.shared)!;
    expect(doc.assigned_students).toEqual([
      { id: w.alice.sub, username: w.alice.username, full_name: `Alicia Quill${w.tag}` },
      { id: w.bob.sub, username: w.bob.username, full_name: `Bartholomew Vance${w.tag}` },
    ]);
    expect(doc).not.toHaveProperty('assigned_to_you');
  });

  it('a student sees a shared document as "assigned to you", with only their own acknowledgement, naming nobody else', async () => {
    const mine = await listAs({ username: w.alice.username }, { search: w.tag });
    expect(mine.map((d) => d.id).sort()).toEqual([w.aliceAlone, w.shared].sort());
    // the document's own fields (those staff see but the assignees), and `assigned_to_you` instead
    const staffFields = Object.keys((await listAs(staff, { search: w.tag }))[0]!);
    const studentFields = [...staffFields.filter((f) => f !== 'assigned_students'), 'assigned_to_you'].sort();
    for (const doc of mine) {
      expect(Object.keys(doc).sort()).toEqual(studentFields);
      expect(doc.assigned_to_you).toBe(true);
      expect(doc.acknowledged_at).toBeNull();
    }
    const text = JSON.stringify(mine).toLowerCase();
    for (const id of identifiersOf(w.bob)) expect(text, `alice's answer names bob by ${id}`).not.toContain(id.toLowerCase());

    const bobs = await listAs({ username: w.bob.username }, { search: w.tag });
    expect(bobs.map((d) => d.id)).toEqual([w.shared]);
    expect(bobs[0]).toMatchObject({ assigned_to_you: true, acknowledged_at: expect.any(String) });
    const bobText = JSON.stringify(bobs).toLowerCase();
    for (const id of identifiersOf(w.alice)) expect(bobText, `bob's answer names alice by ${id}`).not.toContain(id.toLowerCase());
  });

  it('a student\'s documents of the cohort or program are not "assigned to you"', async () => {
    const mine = await listAs({ username: w.alice.username });
    expect(mine.filter((d) => d.scope !== 'individual').every((d) => d.assigned_to_you === false)).toBe(true);
  });

  it('student_name (which matches assigned students) cannot tell a student who else a document is for', async () => {
    const all = (await listAs({ username: w.alice.username }, { search: w.tag })).map((d) => d.id).sort();
    for (const name of [w.bob.lastName, w.bob.username, 'no-such-student']) {
      expect((await listAs({ username: w.alice.username }, { search: w.tag, student_name: name })).map((d) => d.id).sort()).toEqual(all);
    }
  });

  it('a signed-in user without a student profile gets the reader presentation too', async () => {
    const docs = await listAs({ username: `nobody-${w.tag}` });
    for (const doc of docs) {
      expect(doc).not.toHaveProperty('assigned_students');
      expect(doc.assigned_to_you).toBe(false);
    }
  });

  it('finance read documents as staff do, who they are assigned to included', async () => {
    const doc = (await listAs({ username: `fin-${w.tag}`, roles: ['finance'] }, { search: w.tag })).find((d) => d.id === w.shared)!;
    expect(doc.assigned_students).toEqual((await listAs(staff, { search: w.tag })).find((d) => d.id === w.shared)!.assigned_students);
    expect(doc).not.toHaveProperty('assigned_to_you');
  });
});
