/**
 * Students acknowledge (or sign) the documents that apply to them; staff see who has and who has
 * not. Against DynamoDB Local, with students found by program type and cohort without a Scan.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteDocument } from '../../lambdas/store/document.js';
import { handler as addStudent } from '../../lambdas/functions/cohorts/add-student.js';
import { handler as acknowledge } from '../../lambdas/functions/documents/acknowledge.js';
import { handler as acknowledgements } from '../../lambdas/functions/documents/acknowledgements.js';
import { handler as list } from '../../lambdas/functions/documents/list.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { admin, createTestCohort, staff, uploadText } from './support/documents.js';
import { createStudentRecord } from './support/fixtures.js';

const ack = (caller: Caller, id: string, body?: unknown) => invoke(acknowledge, apiEvent('documents-acknowledge', { caller, pathParameters: { id }, body }));
const whoAcknowledged = (id: string, caller: Caller = staff) => invoke(acknowledgements, apiEvent('documents-acknowledgements', { caller, pathParameters: { id } }));

const w = {} as {
  tag: string;
  cohortA: string;
  alice: Caller;
  carl: Caller;
  bob: Caller;
  mandatory: string;
  toSign: string;
  optional: string;
  otherCohort: string;
  privateCohort: string;
  forBob: string;
};

describe('acknowledgements', () => {
  beforeAll(async () => {
    const tag = randomUUID().slice(0, 6);
    const [a, b] = await Promise.all([createTestCohort('associates', '2093-2094'), createTestCohort('associates', '2094-2095')]);
    const [alice, carl, bob] = await Promise.all([
      createStudentRecord({ username: `alice-${tag}`, profile: { firstName: 'Alice', lastName: 'Smith', programType: 'associates', cohortId: a.id } }),
      createStudentRecord({ username: `carl-${tag}`, profile: { firstName: 'Carl', lastName: 'Adams', programType: 'associates', cohortId: a.id } }),
      createStudentRecord({ username: `bob-${tag}`, profile: { firstName: 'Bob', lastName: 'Brown', programType: 'associates', cohortId: b.id } }),
    ]);
    const up = (title: string, fields: Record<string, string>) => uploadText({ title: `${title} ${tag}`, ...fields }).then((d) => d.id);
    Object.assign(w, {
      tag,
      cohortA: a.id,
      alice: { username: alice.username },
      carl: { username: carl.username },
      bob: { username: bob.username },
      mandatory: await up('Safety rules', { scope: 'cohort', cohort_id: a.id, is_mandatory: 'true' }),
      toSign: await up('Clinical agreement', { scope: 'cohort', cohort_id: a.id, requires_signature: 'true' }),
      optional: await up('Optional reading', { scope: 'cohort', cohort_id: a.id }),
      otherCohort: await up('Other cohort rules', { scope: 'cohort', cohort_id: b.id, is_mandatory: 'true' }),
      privateCohort: await up('Staff notes', { scope: 'cohort', cohort_id: a.id, is_mandatory: 'true', is_public: 'false' }),
      forBob: await up('Bob agreement', { scope: 'individual', cohort_id: a.id, student_username: bob.username, requires_signature: 'true', is_public: 'false' }),
    });
  }, 60_000);

  it('acknowledges a mandatory document without a body, once: a second call answers the first', async () => {
    const first = await ack(w.alice, w.mandatory);
    expect(first).toMatchObject({ status: 200, body: { document_id: w.mandatory, username: w.alice.username, full_name: 'Alice Smith', signature: null } });
    const second = await ack(w.alice, w.mandatory, {});
    expect(second).toMatchObject({ status: 200, body: first.body });
    const mine = (await invoke(list, apiEvent('documents-list', { caller: w.alice, query: { search: w.tag } }))).body.results as Array<{
      id: string;
      acknowledged_at: string | null;
    }>;
    expect(mine.find((d) => d.id === w.mandatory)?.acknowledged_at).toBe(first.body.acknowledged_at);
    expect(mine.find((d) => d.id === w.toSign)?.acknowledged_at).toBeNull();
  });

  it('signs a document that requires it only with the full name, ignoring case and spaces', async () => {
    expect(await ack(w.alice, w.toSign)).toMatchObject({ status: 400, body: { error: 'signature: Please type your full name to sign' } });
    expect(await ack(w.alice, w.toSign, { signature: 'Alice Smyth' })).toMatchObject({ status: 400, body: { error: 'signature: must be your full name (Alice Smith)' } });
    const signed = await ack(w.alice, w.toSign, { signature: '  aLiCe   SMITH ' });
    expect(signed).toMatchObject({ status: 200, body: { signature: 'aLiCe   SMITH', full_name: 'Alice Smith' } });
  });

  it('a student acknowledges only documents that apply to them and ask for it', async () => {
    expect((await ack(w.alice, w.otherCohort)).status).toBe(403);
    expect((await ack(w.alice, w.privateCohort)).status).toBe(403);
    expect((await ack(w.alice, w.forBob, { signature: 'Alice Smith' })).status).toBe(403);
    expect((await ack(w.alice, 'no-such-document')).status).toBe(404);
    expect(await ack(w.alice, w.optional)).toMatchObject({ status: 400, body: { error: 'id: this document does not ask for an acknowledgement' } });
    expect((await ack(staff, w.mandatory)).status).toBe(403);
    expect((await ack(w.bob, w.forBob, { signature: 'bob brown' })).status).toBe(200);
  });

  it('shows staff who has acknowledged and who has not (the students the document applies to)', async () => {
    await ack(w.alice, w.mandatory);
    const res = await whoAcknowledged(w.mandatory);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      document_id: w.mandatory,
      acknowledged: [{ username: w.alice.username, full_name: 'Alice Smith', signature: null, acknowledged_at: expect.any(String) }],
      pending: [{ username: w.carl.username, full_name: 'Carl Adams' }],
    });
    // an individual document: only its assigned student
    expect((await whoAcknowledged(w.forBob)).body).toMatchObject({ acknowledged: [{ username: w.bob.username, signature: 'bob brown' }], pending: [] });
    // nobody is expected to acknowledge a document that does not ask for it, nor a private one
    expect((await whoAcknowledged(w.optional)).body.pending).toEqual([]);
    expect((await whoAcknowledged(w.privateCohort)).body.pending).toEqual([]);
    expect((await whoAcknowledged('no-such-document')).status).toBe(404);
    expect((await whoAcknowledged(w.mandatory, w.alice)).status).toBe(403);
  });

  it('expects every student for a general document and the students of a program type for a program one, following moves', async () => {
    const general = await uploadText({ title: `Handbook ${w.tag}`, scope: 'general', is_mandatory: 'true' });
    const pending = (await whoAcknowledged(general.id, admin)).body.pending.map((p: { username: string }) => p.username);
    expect(pending).toEqual(expect.arrayContaining([w.alice.username, w.bob.username, w.carl.username]));

    const erin = await createStudentRecord({ username: `erin-${w.tag}`, profile: { firstName: 'Erin', lastName: 'Zed', programType: 'certificate', cohortId: null } });
    const diplomaDoc = await uploadText({ title: `Diploma rules ${w.tag}`, scope: 'program', program_type: 'diploma', is_mandatory: 'true' });
    const expected = async () => (await whoAcknowledged(diplomaDoc.id)).body.pending.map((p: { username: string }) => p.username);
    expect(await expected()).not.toContain(erin.username);
    const diplomaCohort = await createTestCohort('diploma', '2095-2096');
    const moved = await invoke(addStudent, apiEvent('cohorts-add-student', { caller: admin, pathParameters: { id: diplomaCohort.id }, body: { username: erin.username } }));
    expect(moved.status).toBe(200);
    expect(await expected()).toContain(erin.username);
    expect(await expected()).not.toContain(w.alice.username);
    // gone, so the notices to every student of the shared test table are not delivered (notify/deliver.ts)
    for (const id of [general.id, diplomaDoc.id]) await deleteDocument(id, admin.username);
  });
});
