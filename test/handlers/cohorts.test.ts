/** Cohort calls on DynamoDB Local: list, roster with bills in one Query, uniqueness, moves, roles. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as addStudent } from '../../lambdas/functions/cohorts/add-student.js';
import { handler as create } from '../../lambdas/functions/cohorts/create.js';
import { handler as list } from '../../lambdas/functions/cohorts/list.js';
import { handler as roster } from '../../lambdas/functions/cohorts/students.js';
import { handler as update } from '../../lambdas/functions/cohorts/update.js';
import { handler as studentsList } from '../../lambdas/functions/students/list.js';
import { handler as getStudent } from '../../lambdas/functions/students/get.js';
import { studentItems } from '../../lambdas/store/student.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createStudentRecord, putItems, uniqueName } from './support/fixtures.js';
import { countRequests } from './support/request-counter.js';

const admin: Caller = { username: 'cohort-admin', roles: ['admin'] };
const staff: Caller = { username: 'cohort-staff', roles: ['staff'] };
let year = 2100;
const cohortBody = (over: Record<string, unknown> = {}) => ({
  academic_year: `${year}-${year + 1}`,
  cohort_number: 1,
  program_type: 'certificate',
  program_name: 'Phlebotomy',
  start_date: '2100-09-01',
  end_date: null,
  is_active: true,
  ...over,
});
const createCohort = (body: unknown, caller = admin) => invoke(create, apiEvent('cohorts-create', { caller, body }));
const moveInto = (cohortId: string, username: string) =>
  invoke(addStudent, apiEvent('cohorts-add-student', { caller: admin, pathParameters: { id: cohortId }, body: { username } }));
const rosterOf = (id: string, caller = staff) => invoke(roster, apiEvent('cohorts-students', { caller, pathParameters: { id } }));

const enrollment = { programType: 'certificate' as const, programId: 'phleb', programName: 'Phlebotomy', nextDueDate: '2100-12-01', enrolledAt: '2100-09-01T00:00:00.000Z' };
const charge = (cents: number) => ({
  entryId: randomUUID(),
  kind: 'charge' as const,
  programType: 'certificate' as const,
  programId: 'phleb',
  amountCents: cents,
  createdAt: '2100-09-01T00:00:00.000Z',
});

describe('cohorts', () => {
  beforeAll(() => {
    year += Math.floor(Math.random() * 500);
  });

  it('creates a cohort and lists it with its member count; a duplicate number in the same year and type is 409', async () => {
    const res = await createCohort(cohortBody({ cohort_number: 7 }));
    expect(res).toMatchObject({
      status: 201,
      body: { academic_year: `${year}-${year + 1}`, cohort_number: 7, student_count: 0, is_active: true, start_date: '2100-09-01', end_date: null },
    });
    expect(await createCohort(cohortBody({ cohort_number: 7 }))).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^cohort_number: cohort 7 already exists/) } });
    // the same number is fine for another program type or year
    expect((await createCohort(cohortBody({ cohort_number: 7, program_type: 'diploma' }))).status).toBe(201);
    const listed = (await invoke(list, apiEvent('cohorts-list', { caller: staff }))).body as Array<{ id: string }>;
    expect(listed.map((c) => c.id)).toContain(res.body.id);
  });

  it('validates input, naming the field', async () => {
    expect((await createCohort(cohortBody({ academic_year: '2025' }))).body.error).toMatch(/^academic_year: /);
    expect((await createCohort(cohortBody({ program_type: 'phd' }))).body.error).toBe('program_type: must be certificate, diploma or associates');
    expect((await createCohort(cohortBody({ start_date: '2100-09-01', end_date: '2100-01-01' }))).body.error).toBe('end_date: must not be before start_date');
  });

  it('edits a cohort, moving its number; 404 for an unknown one', async () => {
    const a = (await createCohort(cohortBody({ cohort_number: 20 }))).body;
    await createCohort(cohortBody({ cohort_number: 21 }));
    const edit = (id: string, body: unknown) => invoke(update, apiEvent('cohorts-update', { caller: admin, pathParameters: { id }, body }));
    expect(await edit(a.id, cohortBody({ cohort_number: 22, is_active: false }))).toMatchObject({ status: 200, body: { cohort_number: 22, is_active: false } });
    expect((await edit(a.id, cohortBody({ cohort_number: 21 }))).status).toBe(409);
    expect((await createCohort(cohortBody({ cohort_number: 20 }))).status).toBe(201); // 20 was freed
    expect((await edit('missing', cohortBody({ cohort_number: 23 }))).status).toBe(404);
  });

  it('is for admin and staff to read and admin to change (403 otherwise)', async () => {
    expect((await invoke(list, apiEvent('cohorts-list', { caller: { username: 's' } }))).status).toBe(403);
    expect((await invoke(list, apiEvent('cohorts-list', { caller: { username: 'f', roles: ['finance'] } }))).status).toBe(403);
    expect((await createCohort(cohortBody({ cohort_number: 30 }), staff)).status).toBe(403);
  });

  it('moves students between cohorts: roster, counts and the student record follow', async () => {
    const from = (await createCohort(cohortBody({ cohort_number: 40 }))).body;
    const to = (await createCohort(cohortBody({ cohort_number: 41, program_type: 'diploma', program_name: 'Patient Care Technician' }))).body;
    const student = await createStudentRecord({ enrollments: [enrollment], entries: [charge(120_000)] });
    expect((await moveInto(from.id, student.username)).status).toBe(200);
    expect((await moveInto(to.id, student.username)).status).toBe(200);
    const counts = Object.fromEntries(
      ((await invoke(list, apiEvent('cohorts-list', { caller: admin }))).body as Array<{ id: string; student_count: number }>).map((c) => [c.id, c.student_count]),
    );
    expect([counts[from.id], counts[to.id]]).toEqual([0, 1]);
    expect((await rosterOf(from.id)).body).toEqual([]);
    expect((await rosterOf(to.id)).body).toEqual([expect.objectContaining({ username: student.username, cohort_id: to.id, program: 'Patient Care Technician' })]);
    const record = (await invoke(getStudent, apiEvent('students-get', { caller: admin, pathParameters: { username: student.username } }))).body;
    expect(record.payment_details.certificate_courses[0].amount_due).toBe(1200);
    expect((await moveInto('missing', student.username)).status).toBe(404);
    expect((await moveInto(to.id, uniqueName('ghost'))).status).toBe(404);
  });

  it('answers a 200-student roster with every bill in a bounded number of requests, whatever its size', async () => {
    const cohort = (await createCohort(cohortBody({ cohort_number: 50 }))).body;
    const small = (await createCohort(cohortBody({ cohort_number: 51 }))).body;
    const seed = async (cohortId: string, n: number) => {
      const items = Array.from({ length: n }, (_, i) =>
        studentItems({
          profile: {
            username: uniqueName(`r${i}`),
            sub: '',
            firstName: 'R',
            lastName: `Last${String(i).padStart(3, '0')}`,
            email: 'r@example.edu',
            phone: null,
            createdAt: '2100-09-01T00:00:00.000Z',
            onPaymentPlan: false,
            programType: 'certificate',
            programName: 'Phlebotomy',
            cohortId,
          },
          enrollments: [enrollment],
          entries: [charge(100_000 + i)],
        }),
      ).flat();
      await putItems(items);
    };
    await Promise.all([seed(cohort.id, 200), seed(small.id, 5)]);
    const big = await countRequests(() => rosterOf(cohort.id));
    const few = await countRequests(() => rosterOf(small.id));
    expect(big.result.body).toHaveLength(200);
    expect(few.result.body).toHaveLength(5);
    expect(big.result.body[0].payment_details.certificate_courses[0].amount_due).toBe(1000);
    // one GetItem for the cohort plus the roster Query (paged by size, never per student), then the read's audit entry
    expect(big.commands).toEqual(['GetItemCommand', 'QueryCommand', 'PutItemCommand']);
    expect(few.commands).toEqual(big.commands);
    const fallback = await countRequests(() => invoke(studentsList, apiEvent('students-list', { caller: staff, query: { cohort_id: cohort.id } })));
    expect(fallback.result.body).toHaveLength(200);
    expect(fallback.commands).toEqual(['QueryCommand', 'PutItemCommand']);
    // without cohort_id it is the admin list: profiles with cached balances, no bills
    const all = (await invoke(studentsList, apiEvent('students-list', { caller: staff }))).body;
    expect(all.length).toBeGreaterThanOrEqual(205);
    expect(all[0]).not.toHaveProperty('payment_details');
  });
});
