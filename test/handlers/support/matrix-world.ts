/**
 * The data the authorization matrix (test/security/authorization-matrix.ts) walks over, made through
 * the real handlers, stores, cognito-local and the local Stripe sandbox; every name is unique per run.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiEvent, ApiResult } from '../../../lambdas/http/types.js';
import { routeById, type RouteId } from '../../../lambdas/routes.js';
import { db, TABLE_NAME } from '../../../lambdas/store/dynamo.js';
import { auditKeys } from '../../../lambdas/store/audit.js';
import { studentKeys } from '../../../lambdas/store/student.js';
import { stripe } from '../../../lambdas/store/payment-gateway.js';
import { createCohort } from '../../../lambdas/store/cohort.js';
import { writeNotice } from '../../../lambdas/store/notification.js';
import { noticeId } from '../../../lambdas/domain/notification-rules.js';
import { cohortForm, multipart, type CellRequest, type MatrixWorld, type Who } from '../../security/authorization-matrix.js';
import { apiEvent, invoke, type Caller } from './events.js';
import { bareStudentProfile, createSignIn, createStudentRecord } from './fixtures.js';
import { deliver, succeeded } from './stripe-events.js';
import { signInFully, totpFresh } from './totp.js';

type Handler = (event: ApiEvent, context: unknown) => Promise<ApiResult>;
const LAMBDAS = path.resolve(import.meta.dirname, '../../../lambdas');
const loaded = new Map<string, Promise<Handler>>();

/** The route's handler module, as the gateway and the cloud load it (by the row's `handler`). */
export function handlerOf(id: RouteId): Promise<Handler> {
  const file = routeById(id).handler;
  if (!loaded.has(file))
    loaded.set(
      file,
      import(path.join(LAMBDAS, file)).then((m) => m.handler as Handler),
    );
  return loaded.get(file)!;
}

/** The API Gateway event for a cell's request. */
export function eventFor(id: RouteId, caller: Caller | undefined, req: CellRequest): ApiEvent {
  const event = apiEvent(id, { caller, query: req.query, body: req.body, rawBody: req.rawBody });
  // any string may arrive as a parameter here, lone surrogates included (which encodeURIComponent refuses)
  const rawPath = routeById(id).path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent((req.pathParameters?.[name] ?? '').replace(/\p{Cs}/gu, '\ufffd')));
  Object.assign(event, { pathParameters: req.pathParameters, rawPath });
  event.requestContext.http.path = rawPath;
  Object.assign(event.headers, req.headers ?? {});
  event.isBase64Encoded = req.isBase64Encoded ?? false;
  return event;
}

export async function call(id: RouteId, caller: Caller | undefined, req: CellRequest) {
  const res = await invoke(await handlerOf(id), eventFor(id, caller, req));
  return { ...res, status: res.status ?? 200 };
}

const PROGRAM = { type: 'certificate' as const, id: 'mx-na' };

export async function buildMatrixWorld(): Promise<{ world: MatrixWorld; callers: Record<Who, Caller | undefined> }> {
  const tag = `mx${randomUUID().slice(0, 6)}`;
  const user = (role: string) => ({ username: `${tag}-${role}`, password: `Mx!${randomUUID().slice(0, 8)}aA1` });
  const users = { studentA: user('alice'), studentB: user('bob'), staff: user('staff'), finance: user('finance'), admin: user('admin') };
  const callers: Record<Who, Caller | undefined> = {
    anonymous: undefined,
    studentOwn: { username: users.studentA.username },
    studentOther: { username: users.studentA.username },
    staff: { username: users.staff.username, roles: ['staff'] },
    finance: { username: users.finance.username, roles: ['finance'] },
    admin: { username: users.admin.username, roles: ['admin'] },
  };
  const lastNameB = `Brown${tag}`;
  await Promise.all([
    createSignIn({ ...users.studentA, firstName: 'Alice', lastName: `Adams${tag}` }),
    createSignIn({ ...users.studentB, firstName: 'Bob', lastName: lastNameB }),
    createSignIn({ ...users.staff, group: 'staff' }),
    createSignIn({ ...users.finance, group: 'finance' }),
    createSignIn({ ...users.admin, group: 'admin' }),
  ]);

  const newCohort = async () => {
    const f = cohortForm();
    return (
      await createCohort(
        {
          academicYear: f.academic_year,
          cohortNumber: f.cohort_number,
          programType: 'certificate',
          programName: f.program_name,
          isActive: true,
          startDate: null,
          endDate: null,
        },
        users.admin.username,
      )
    ).id;
  };
  const [cohortA, cohortB] = [await newCohort(), await newCohort()];

  const newStudent = async (username: string, firstName: string, lastName: string, cohortId: string | null) => {
    await createStudentRecord({
      username,
      profile: { firstName, lastName, programType: PROGRAM.type, programName: 'Nursing Assistant', cohortId },
      enrollments: [{ programType: PROGRAM.type, programId: PROGRAM.id, programName: 'Nursing Assistant', nextDueDate: '2030-01-15', enrolledAt: '2026-09-01T00:00:00.000Z' }],
      entries: [{ entryId: 'c1', kind: 'charge', programType: PROGRAM.type, programId: PROGRAM.id, amountCents: 150_000, createdAt: '2026-09-01T00:00:00.000Z' }],
    });
    return username;
  };
  await newStudent(users.studentA.username, 'Alice', `Adams${tag}`, cohortA);
  await newStudent(users.studentB.username, 'Bob', lastNameB, cohortB);

  const upload = async (fields: Record<string, string>) => {
    const req = await multipart({ scope: 'general', is_public: 'true', ...fields }, { name: `${randomUUID().slice(0, 8)}.txt`, content: `Text of ${fields.title}` });
    const res = await call('documents-upload', callers.staff, req);
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const privateFor = (username: string, cohortId: string) =>
    upload({
      title: `Matrix private ${username} ${tag}`,
      scope: 'individual',
      cohort_id: cohortId,
      student_username: username,
      is_public: 'false',
      is_mandatory: 'true',
    });
  const docA = await privateFor(users.studentA.username, cohortA);
  const docB = await privateFor(users.studentB.username, cohortB);

  /** A card payment that succeeded at the (sandbox) provider and reached the ledger through the webhook. */
  const paidBy = async (caller: Caller, username: string) => {
    const res = await call('payments-create-intent', caller, {
      body: { username, totalCost: '20.00', idempotency_key: randomUUID(), items: [{ program_type: PROGRAM.type, program_id: PROGRAM.id, amount: '20.00' }] },
    });
    if (res.status !== 200) throw new Error(`create-intent failed: ${res.status} ${JSON.stringify(res.body)}`);
    const id = res.body.paymentIntentId as string;
    await (await stripe()).paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    const applied = await deliver(succeeded(id, 2_000));
    if (applied.body?.outcome !== 'applied') throw new Error(`webhook did not apply: ${JSON.stringify(applied.body)}`);
    return id;
  };
  const paymentA = await paidBy(callers.studentOwn!, users.studentA.username);
  const paymentB = await paidBy({ username: users.studentB.username }, users.studentB.username);

  let fresh = 0;
  const world: MatrixWorld = {
    users,
    lastNameB,
    cohortA,
    cohortB,
    docA,
    docB,
    tag,
    program: PROGRAM,
    paymentA,
    paymentB,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET!,
    fresh: {
      course: async () => {
        const res = await call('courses-create', callers.admin, {
          body: { name: 'Algebra', CRN: `MXF-${randomUUID().slice(0, 8)}`, credit_hours: 3, is_certificate_course: false },
        });
        if (res.status !== 201) throw new Error(`course failed: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.id as string;
      },
      document: () => upload({ title: `Matrix disposable ${tag}` }),
      cohort: newCohort,
      student: async () => {
        const username = `${tag}-fresh${++fresh}`;
        await createSignIn({ username, password: `Mx!${randomUUID().slice(0, 8)}aA1` });
        return newStudent(username, 'Fresh', `Student${tag}`, null);
      },
      challenge: async () => {
        const username = `${tag}-temp${++fresh}`;
        await new CognitoIdentityProviderClient({}).send(
          new AdminCreateUserCommand({
            UserPoolId: process.env.USER_POOL_ID!,
            Username: username,
            MessageAction: 'SUPPRESS',
            TemporaryPassword: 'Temp!Pass2345',
            UserAttributes: [{ Name: 'email', Value: `${username}@example.edu` }],
          }),
        );
        await bareStudentProfile(username); // a student needs a student record to sign in
        const res = await call('users-login', undefined, { body: { username, password: 'Temp!Pass2345' } });
        if (res.body?.code !== 'new_password_required') throw new Error(`no challenge: ${res.status} ${JSON.stringify(res.body)}`);
        return { username, session: res.body.session as string };
      },
      session: async ({ username, password }) => {
        // staff roles through their TOTP enrolment or code
        const user = await signInFully(username, password);
        return { username: user.username, refresh: user.refresh };
      },
      ...totpFresh(() => `${tag}-totp${++fresh}`),
      notice: async (username) => {
        const id = noticeId(new Date(), randomUUID().replace(/-/g, '').slice(0, 12));
        const notice = {
          id,
          username,
          category: 'account' as const,
          title: 'Matrix notice',
          body: 'For the matrix',
          link: null,
          createdAt: new Date().toISOString(),
          readAt: null,
          key: `matrix|${id}`,
        };
        await writeNotice({ notice, email: null, emailDay: null });
        return id;
      },
    },
  };
  return { world, callers };
}

async function count(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<number> {
  let total = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey }));
    total += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return total;
}

/** Audit entries written by `actor` (every change in the portal writes one in its own transaction). */
export const auditCount = (actor: string) =>
  count({ TableName: TABLE_NAME, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': auditKeys.byActor(actor) } });

/**
 * Audit entries of changes by `actor`: reads of student records (actions ending in ".read", written
 * by every successful staff read) left out.
 */
export const auditChangeCount = (actor: string) =>
  count({
    TableName: TABLE_NAME,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'NOT contains(#action, :read)',
    ExpressionAttributeNames: { '#action': 'action' },
    ExpressionAttributeValues: { ':pk': auditKeys.byActor(actor), ':read': '.read' },
  });

/** Items of a student's collection (profile, enrollments, ledger, payments). */
export const collectionCount = (username: string) =>
  count({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': studentKeys.student(username) } });
