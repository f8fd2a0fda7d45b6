/** Accounts, enrollments, charges and credits, sign-in on/off, CSV import — on the real stand-ins. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as createCohort } from '../../lambdas/functions/cohorts/create.js';
import { handler as listCohorts } from '../../lambdas/functions/cohorts/list.js';
import { handler as create } from '../../lambdas/functions/students/create.js';
import { handler as enroll } from '../../lambdas/functions/students/enroll.js';
import { handler as getStudent } from '../../lambdas/functions/students/get.js';
import { handler as importStudents } from '../../lambdas/functions/students/import.js';
import { handler as importReport } from '../../lambdas/functions/students/import-get.js';
import { handler as ledgerEntry } from '../../lambdas/functions/students/ledger-entry.js';
import { handler as list } from '../../lambdas/functions/students/list.js';
import { handler as signInSwitch } from '../../lambdas/functions/students/sign-in.js';
import { handler as login } from '../../lambdas/functions/users/login.js';
import { handler as newPassword } from '../../lambdas/functions/users/new-password.js';
import { buildPaymentDetails } from '../../lambdas/domain/ledger.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { getStudentLedger, ledgerBalanceCents, studentKeys } from '../../lambdas/store/student.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createSignIn, createStudentRecord, uniqueName } from './support/fixtures.js';

const admin: Caller = { username: 'records-admin', roles: ['admin'] };
const TEMP = 'Temp!pass123';
let cohortId: string;
let year = 2300;

const studentBody = (over: Record<string, unknown> = {}) => {
  const username = uniqueName('new').toLowerCase();
  return {
    username,
    first_name: 'Nia',
    last_name: 'Long',
    email: `${username}@example.edu`,
    phone_number: '555-0199',
    program_type: 'certificate',
    program_name: 'Phlebotomy',
    cohort_id: cohortId,
    on_payment_plan: true,
    temporary_password: TEMP,
    ...over,
  };
};
const createStudent = (body: unknown, caller = admin) => invoke(create, apiEvent('students-create', { caller, body }));
const record = async (username: string) => (await invoke(getStudent, apiEvent('students-get', { caller: admin, pathParameters: { username } }))).body;
const signIn = (username: string, password: string) => invoke(login, apiEvent('users-login', { body: { username, password } }));
const profileItem = async (username: string) => (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: studentKeys.profile(username) }))).Item;

beforeAll(async () => {
  year += Math.floor(Math.random() * 600);
  const res = await invoke(
    createCohort,
    apiEvent('cohorts-create', { caller: admin, body: { academic_year: `${year}-${year + 1}`, cohort_number: 1, program_type: 'certificate', program_name: 'Phlebotomy' } }),
  );
  cohortId = res.body.id;
});

describe('creating a student', () => {
  it('creates the sign-in and the profile together; the temporary password must be replaced at first sign-in', async () => {
    const body = studentBody();
    const res = await createStudent(body);
    expect(res).toMatchObject({ status: 201, body: { username: body.username, cohort_id: cohortId, balance: 0, sign_in_enabled: true } });
    expect(await record(body.username)).toMatchObject({ first_name: 'Nia', program: 'Phlebotomy', on_payment_plan: true, phone_number: '555-0199' });
    const count = ((await invoke(listCohorts, apiEvent('cohorts-list', { caller: admin }))).body as Array<{ id: string; student_count: number }>).find(
      (c) => c.id === cohortId,
    )!.student_count;
    expect(count).toBeGreaterThanOrEqual(1);

    const first = await signIn(body.username, TEMP);
    expect(first).toMatchObject({ status: 401, body: { code: 'new_password_required', session: expect.any(String) } });
    const done = await invoke(newPassword, apiEvent('users-new-password', { body: { username: body.username, session: first.body.session, new_password: 'Chosen!Pass42' } }));
    expect(done).toMatchObject({ status: 200, body: { username: body.username, isAdmin: false, token: expect.any(String) } });
    expect((await signIn(body.username, 'Chosen!Pass42')).status).toBe(200);
  });

  it('answers 409 for a taken username or email and leaves nothing half-created', async () => {
    const body = studentBody();
    expect((await createStudent(body)).status).toBe(201);
    expect(await createStudent({ ...body, email: `other-${body.email}` })).toMatchObject({ status: 409, body: { error: `username: ${body.username} is already taken` } });
    expect(await createStudent({ ...studentBody(), email: body.email.toUpperCase() })).toMatchObject({
      status: 409,
      body: { error: `email: ${body.email} is already used by another student` },
    });
  });

  it('undoes the profile when Cognito refuses (a sign-in with that username exists but no student)', async () => {
    const body = studentBody();
    await createSignIn({ username: body.username, password: 'Someone!Else9', profile: false });
    expect(await createStudent(body)).toMatchObject({ status: 409, body: { error: `username: ${body.username} is already taken` } });
    expect(await profileItem(body.username)).toBeUndefined();
    // the email was released too
    expect((await createStudent({ ...studentBody(), email: body.email })).status).toBe(201);
  });

  it('validates input naming the field, checks the cohort, and is for admins only', async () => {
    expect((await createStudent(studentBody({ email: 'not-an-email' }))).body.error).toBe('email: must be an email address');
    expect((await createStudent(studentBody({ username: 'Bad Name' }))).body.error).toMatch(/^username: /);
    expect((await createStudent(studentBody({ cohort_id: 'missing' }))).body.error).toBe('cohort_id: is not an existing cohort');
    expect((await createStudent(studentBody({ program_type: 'diploma' }))).body.error).toBe('cohort_id: is a certificate cohort, not diploma');
    expect((await createStudent(studentBody(), { username: 's', roles: ['staff'] })).status).toBe(403);
  });
});

describe('enrollments, charges and credits', () => {
  it('bills from the entries: enrollment charge, further charge, credit; the cached balance follows', async () => {
    const { username } = (await createStudent(studentBody())).body;
    const enrolled = await invoke(
      enroll,
      apiEvent('students-enroll', {
        caller: admin,
        pathParameters: { username },
        body: { program_type: 'certificate', program_name: 'Phlebotomy', amount_due: '1500.00', next_due_date: '2027-01-15' },
      }),
    );
    expect(enrolled).toMatchObject({ status: 201, body: { program_id: 'phlebotomy' } });
    expect(
      (
        await invoke(
          enroll,
          apiEvent('students-enroll', { caller: admin, pathParameters: { username }, body: { program_type: 'certificate', program_name: 'Phlebotomy', amount_due: 1 } }),
        )
      ).status,
    ).toBe(409);

    const post = (body: Record<string, unknown>) =>
      invoke(
        ledgerEntry,
        apiEvent('students-ledger-entry', { caller: admin, pathParameters: { username }, body: { program_type: 'certificate', program_id: 'phlebotomy', ...body } }),
      );
    expect((await post({ kind: 'charge', amount: 75.5, reason: 'Lab kit' })).status).toBe(201);
    expect((await post({ kind: 'credit', amount: '100', reason: 'Scholarship adjustment' })).status).toBe(201);
    expect((await post({ kind: 'credit', amount: 10, reason: '' })).body.error).toMatch(/^reason: /);
    expect((await post({ kind: 'charge', amount: 10, reason: 'Wrong program', program_id: 'nope' })).body.error).toMatch(/^program_id: .* is not enrolled/);

    const shown = await record(username);
    expect(shown.payment_details.certificate_courses[0]).toMatchObject({ amount_due: 1475.5, amount_paid: 0, next_due_date: '2027-01-15' });
    // the record lists every entry, newest first, with the admin's reasons; refused posts left none
    expect(shown.ledger_entries.map((e: { kind: string; amount: number; reason: string | null; program_name: string }) => [e.kind, e.amount, e.reason, e.program_name])).toEqual([
      ['credit', 100, 'Scholarship adjustment', 'Phlebotomy'],
      ['charge', 75.5, 'Lab kit', 'Phlebotomy'],
      ['charge', 1500, expect.any(String), 'Phlebotomy'],
    ]);
    const ledger = (await getStudentLedger(username))!;
    expect((await profileItem(username))!.balanceCents).toBe(ledgerBalanceCents(ledger.enrollments, ledger.entries));
    expect(buildPaymentDetails(ledger.enrollments, ledger.entries).certificate_courses[0]!.amount_due).toBe(1475.5);
    expect(
      (
        await invoke(
          enroll,
          apiEvent('students-enroll', { caller: admin, pathParameters: { username: 'ghost-x' }, body: { program_type: 'certificate', program_name: 'X', amount_due: 1 } }),
        )
      ).status,
    ).toBe(404);
  });
});

describe('sign-in on and off', () => {
  it('a disabled student cannot sign in; their records stay; re-enabled they can', async () => {
    const body = studentBody({ temporary_password: undefined });
    await createStudent({ ...body, temporary_password: TEMP });
    const first = await signIn(body.username, TEMP);
    await invoke(newPassword, apiEvent('users-new-password', { body: { username: body.username, session: first.body.session, new_password: 'Chosen!Pass42' } }));
    const toggle = (enabled: boolean) => invoke(signInSwitch, apiEvent('students-sign-in', { caller: admin, pathParameters: { username: body.username }, body: { enabled } }));
    expect((await record(body.username)).sign_in_enabled).toBe(true);
    expect((await toggle(false)).status).toBe(200);
    expect(await signIn(body.username, 'Chosen!Pass42')).toMatchObject({ status: 401 });
    expect(await record(body.username)).toMatchObject({ username: body.username, sign_in_enabled: false });
    expect((await toggle(true)).status).toBe(200);
    expect((await signIn(body.username, 'Chosen!Pass42')).status).toBe(200);
    expect((await record(body.username)).sign_in_enabled).toBe(true);
  });

  it('answers 409 for a student record that has no sign-in to switch, and changes nothing', async () => {
    const { username } = await createStudentRecord();
    const res = await invoke(signInSwitch, apiEvent('students-sign-in', { caller: admin, pathParameters: { username }, body: { enabled: false } }));
    expect(res).toMatchObject({ status: 409, body: { error: `username: ${username} has no sign-in to disable` } });
    expect((await record(username)).sign_in_enabled).toBe(true);
  });
});

describe('CSV import', () => {
  // answered at once (202); the import job creates the students through the stack's local queue
  it('checks every row, imports the valid ones and reports each row', async () => {
    const good1 = uniqueName('imp').toLowerCase();
    const good2 = uniqueName('imp').toLowerCase();
    const taken = (await createStudent(studentBody())).body.username;
    const csv = [
      'username,first_name,last_name,email,phone_number,program_type,program_name,cohort_id,on_payment_plan,temporary_password',
      `${good1},Ada,"Lovelace, Jr.",${good1}@example.edu,,certificate,Phlebotomy,${cohortId},yes,${TEMP}`,
      `${good2},Alan,Turing,${good2}@example.edu,555-1,certificate,Phlebotomy,${cohortId},no,`,
      `${taken},Dup,User,dup-${taken}@example.edu,,certificate,Phlebotomy,${cohortId},no,`,
      `bad name,No,Good,not-an-email,,phd,X,${cohortId},maybe,`,
      `${good1},Twice,Again,twice-${good1}@example.edu,,certificate,Phlebotomy,${cohortId},no,`,
      `${uniqueName('imp').toLowerCase()},Wrong,Cohort,wc@example.edu,,diploma,PCT,${cohortId},no,`,
    ].join('\n');
    const res = await invoke(importStudents, apiEvent('students-import', { caller: admin, body: { csv } }));
    expect(res).toMatchObject({ status: 202, body: { status: 'processing', total: 6 } });
    let report: any;
    await expect
      .poll(
        async () => {
          report = (await invoke(importReport, apiEvent('students-import-get', { caller: admin, pathParameters: { id: res.body.id } }))).body;
          return report.status;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe('done');
    expect(report).toMatchObject({ processed: 6, created: 2, skipped: 0, failed: 4 });
    const byLine = Object.fromEntries(report.rows.map((r: { line: number }) => [r.line, r]));
    expect(byLine[2]).toMatchObject({ outcome: 'created' });
    expect(byLine[4].reason).toBe(`Username ${taken} is already taken by another student.`);
    expect(byLine[5].reason).toMatch(/^Username .*Email must be an email address\..*Program type .*On payment plan /s);
    expect(byLine[6].reason).toBe('Username repeats line 2.');
    expect(byLine[7].reason).toBe('Cohort is a certificate cohort, not diploma.');
    expect((await record(good1)).last_name).toBe('Lovelace, Jr.');
    expect(await invoke(importStudents, apiEvent('students-import', { caller: admin, body: { csv: 'username,first_name\nx,y' } }))).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^file: missing columns/) },
    });
  });
});

describe('the admin student list', () => {
  it('filters by program type, search and balance status', async () => {
    const { username } = (await createStudent(studentBody({ last_name: 'Zephyrine' }))).body;
    await invoke(
      enroll,
      apiEvent('students-enroll', { caller: admin, pathParameters: { username }, body: { program_type: 'certificate', program_name: 'Phlebotomy', amount_due: 750 } }),
    );
    const query = (q: Record<string, string>) => invoke(list, apiEvent('students-list', { caller: { username: 'st', roles: ['staff'] }, query: q }));
    const found = (await query({ search: 'zephyr' })).body;
    expect(found).toEqual([expect.objectContaining({ username, balance: 750 })]);
    expect((await query({ search: 'zephyr', balance_status: 'overdue' })).body).toHaveLength(1);
    expect((await query({ search: 'zephyr', balance_status: 'current' })).body).toHaveLength(0);
    expect((await query({ search: 'zephyr', program_type: 'diploma' })).body).toHaveLength(0);
  });
});
