import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/functions/students/get.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createStudentRecord, uniqueName } from './support/fixtures.js';

const getStudent = (username: string, caller?: Caller) => invoke(handler, apiEvent('students-get', { caller, pathParameters: { username } }));

describe('GET /api/students/{username}/ (DynamoDB Local)', () => {
  let owner: string;

  beforeAll(async () => {
    owner = (
      await createStudentRecord({
        profile: { firstName: 'Rosa', lastName: 'Parks', programName: 'Nursing Assistant', programType: 'certificate', cohortId: 'cohort-x' },
        enrollments: [
          { programType: 'certificate', programId: 'na', programName: 'Nursing Assistant', nextDueDate: '2026-12-15', enrolledAt: '2026-09-01T00:00:00.000Z' },
          { programType: 'associates', programId: 'ma', programName: '', nextDueDate: '2027-02-01', enrolledAt: '2026-09-01T00:00:00.000Z' },
        ],
        entries: [
          { entryId: 'c1', kind: 'charge', programType: 'certificate', programId: 'na', amountCents: 240_000, createdAt: '2026-09-01T00:00:00.000Z' },
          {
            entryId: 'p1',
            kind: 'payment',
            programType: 'certificate',
            programId: 'na',
            amountCents: 50_050,
            createdAt: '2026-09-15T00:00:00.000Z',
            status: 'succeeded',
            method: 'card',
            reference: 'pi_1',
          },
          {
            entryId: 'p2',
            kind: 'payment',
            programType: 'certificate',
            programId: 'na',
            amountCents: 10_000,
            createdAt: '2026-10-15T00:00:00.000Z',
            status: 'failed',
            method: 'card',
            reference: 'pi_2',
          },
          { entryId: 'c2', kind: 'charge', programType: 'associates', programId: 'ma', amountCents: 100_000, createdAt: '2026-09-01T00:00:00.000Z' },
        ],
      })
    ).username;
  });

  it('lets a student read their own record, with the bill computed from the ledger', async () => {
    const { status, body } = await getStudent(owner, { username: owner });
    expect(status).toBe(200);
    expect(body).toMatchObject({ username: owner, first_name: 'Rosa', last_name: 'Parks', program: 'Nursing Assistant', cohort_id: 'cohort-x' });
    const cert = body.payment_details.certificate_courses[0];
    expect(cert).toMatchObject({ id: 'na', program_name: 'Nursing Assistant', amount_due: 2400, amount_paid: 500.5 });
    // failed payments are listed in the history but not counted as paid
    expect(cert.payment_history.map((p: { reference: string }) => p.reference)).toEqual(['pi_2', 'pi_1']);
    expect(body.payment_details.associate_programs[0]).toMatchObject({ amount_due: 1000, amount_paid: 0 });
    expect(body.payment_details.diploma_programs).toEqual([]);
    expect(body.payment_details.next_due_date).toBe('2026-12-15');
  });

  it("refuses a student another student's record, existing or not (403)", async () => {
    const other = await createStudentRecord();
    expect(await getStudent(owner, { username: other.username })).toMatchObject({ status: 403, body: { error: expect.any(String) } });
    expect((await getStudent(uniqueName('ghost'), { username: other.username })).status).toBe(403);
  });

  it('lets staff, finance and admin read any record', async () => {
    for (const role of ['staff', 'finance', 'admin'] as const) {
      expect((await getStudent(owner, { username: uniqueName(role), roles: [role] })).status).toBe(200);
    }
  });

  it('answers 404 for an unknown username (staff caller)', async () => {
    expect(await getStudent(uniqueName('ghost'), { username: 'someone', roles: ['admin'] })).toMatchObject({ status: 404, body: { error: 'Student not found' } });
  });

  it('answers 401 without a token', async () => {
    expect(await getStudent(owner)).toMatchObject({ status: 401, body: { error: 'Authentication required' } });
  });
});
