/**
 * The data the authorization matrix (test/security/authorization-matrix.ts) walks over, made through
 * the real handlers, stores, cognito-local and the local Stripe sandbox; every name is unique per run.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiEvent, ApiResult } from '../../../lambdas/http/types.js';
import { routeById, type RouteId } from '../../../lambdas/routes.js';
import { db, TABLE_NAME } from '../../../lambdas/store/dynamo.js';
import { auditKeys } from '../../../lambdas/store/audit.js';
import { studentKeys } from '../../../lambdas/store/student.js';
import { stripe } from '../../../lambdas/store/payment-gateway.js';
import { createCohort } from '../../../lambdas/store/cohort.js';
import { writeNotice } from '../../../lambdas/store/notification.js';
import { activeRequirements, createSubmission, requirementSet, type SubmissionRecord } from '../../../lambdas/store/compliance.js';
import { newUploadKey, putFile } from '../../../lambdas/store/document-files.js';
import { getPlanSettings } from '../../../lambdas/store/plan-template.js';
import { getStudentProfile } from '../../../lambdas/store/student.js';
import { addEnrollment } from '../../../lambdas/store/student-ledger.js';
import { handler as createPlan } from '../../../lambdas/functions/payment-plans/create.js';
import { ensureCustomer } from '../../../lambdas/store/stripe-customer.js';
import { presentHoldRules, presentTemplate } from '../../../lambdas/presenters/payment-plan.js';
import { noticeId } from '../../../lambdas/domain/notification-rules.js';
import { cohortForm, multipart, siteForm, type CellRequest, type MatrixWorld, type Who } from '../../security/authorization-matrix.js';
import { putTemplates, template } from './compliance.js';
import { apiEvent, invoke, type Caller } from './events.js';
import { bareStudentProfile, createSignIn, createStudentRecord } from './fixtures.js';
import { offerTemplate } from './plans.js';
import { deliver, succeeded } from './stripe-events.js';
import { signInFully, totpFresh } from './totp.js';

type Handler = (event: ApiEvent, context: unknown) => Promise<ApiResult>;

/** A card saved on the student's own Stripe Customer (made when first needed). */
async function savedCard(username: string): Promise<string> {
  const profile = await getStudentProfile(username);
  if (!profile) throw new Error(`no student ${username}`);
  const customer = await ensureCustomer(profile);
  return (await (await stripe()).paymentMethods.attach('pm_card_visa', { customer })).id;
}
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

/** A part of a URL as sent: any string may arrive here, lone surrogates included (which encodeURIComponent refuses). */
export const urlPart = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'));

/** The API Gateway event for a cell's request. */
export function eventFor(id: RouteId, caller: Caller | undefined, req: CellRequest): ApiEvent {
  const event = apiEvent(id, { caller, query: req.query, body: req.body, rawBody: req.rawBody });
  const rawPath = routeById(id).path.replace(/\{(\w+)\}/g, (_, name) => urlPart(req.pathParameters?.[name] ?? ''));
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
  const users = { studentA: user('alice'), studentB: user('bob'), staff: user('staff'), finance: user('finance'), compliance: user('compliance'), admin: user('admin') };
  const callers: Record<Who, Caller | undefined> = {
    anonymous: undefined,
    studentOwn: { username: users.studentA.username },
    studentOther: { username: users.studentA.username },
    staff: { username: users.staff.username, roles: ['staff'] },
    finance: { username: users.finance.username, roles: ['finance'] },
    compliance: { username: users.compliance.username, roles: ['compliance'] },
    admin: { username: users.admin.username, roles: ['admin'] },
  };
  const lastNameB = `Brown${tag}`;
  await Promise.all([
    createSignIn({ ...users.studentA, firstName: 'Alice', lastName: `Adams${tag}` }),
    createSignIn({ ...users.studentB, firstName: 'Bob', lastName: lastNameB }),
    createSignIn({ ...users.staff, group: 'staff' }),
    createSignIn({ ...users.finance, group: 'finance' }),
    createSignIn({ ...users.admin, group: 'admin' }),
    // only the compliance group, no student record (the fixture's `group` predates the group)
    createSignIn({ ...users.compliance, profile: false }).then(() =>
      new CognitoIdentityProviderClient({}).send(
        new AdminAddUserToGroupCommand({ UserPoolId: process.env.USER_POOL_ID!, Username: users.compliance.username, GroupName: 'compliance' }),
      ),
    ),
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

  // Compliance: a template of each student's cohort, written as the store writes one, never through PUT: the
  // whole set is PUT, and a set of this world's alone would retire the templates other test files are using.
  const requirement = async (name: string, cohortId: string) => {
    const id = `mx-${randomUUID().slice(0, 8)}`;
    await putTemplates([template(cohortId, { id, name: `${name} ${tag}`, guidelines: 'Front and back of the American Heart Association BLS provider card.' })]);
    return id;
  };
  const requirementA = await requirement('BLS card', cohortA);
  const requirementB = await requirement('BLS card', cohortB);

  const MAY_UPLOAD: readonly Who[] = ['studentOwn', 'studentOther', 'compliance', 'admin'];
  const pdf = () => new Uint8Array(Buffer.from(`%PDF-1.4\n% BLS provider card ${randomUUID()}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`));
  /** A PDF in the S3 stand-in under the upload prefix of `caller`: the presigned PUT where they may ask for one. */
  const uploadAs = async (who: Who, caller: Caller | undefined, username: string) => {
    const bytes = pdf();
    if (!caller || !MAY_UPLOAD.includes(who)) {
      const key = newUploadKey(username, 'BLS card.pdf');
      await putFile(key, bytes, 'application/pdf');
      return key;
    }
    const res = await call('compliance-upload-url', caller, { body: { file_name: 'BLS card.pdf', file_size: bytes.byteLength, content_type: 'application/pdf' } });
    if (res.status !== 200) throw new Error(`compliance upload-url failed: ${res.status} ${JSON.stringify(res.body)}`);
    const put = await fetch(res.body.upload_url, { method: 'PUT', headers: res.body.headers, body: bytes });
    if (put.status !== 200) throw new Error(`presigned PUT failed: ${put.status} ${await put.text()}`);
    return res.body.upload_key as string;
  };
  const callerOfCell = (who: Who) => (who === 'studentOther' ? callers.studentOwn : callers[who]);
  const usernameOfCell = (who: Who) => callerOfCell(who)?.username ?? users.studentA.username;
  const complianceUpload = (who: Who) => uploadAs(who, callerOfCell(who), usernameOfCell(who));

  /** A student's own evidence for their requirement, through the submit handler (pending review). */
  const submitOwn = async (who: 'studentOwn', student: Caller, requirementId: string) => {
    const res = await call('compliance-submit', student, {
      body: {
        requirement_id: requirementId,
        upload_keys: [await uploadAs(who, student, student.username)],
        completed_on: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    if (res.status !== 201) throw new Error(`compliance submit failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const submissionA = await submitOwn('studentOwn', callers.studentOwn!, requirementA);
  const submissionB = await submitOwn('studentOwn', { username: users.studentB.username }, requirementB);

  /** A's submission waiting for review, written as the submit handler writes one (submitted at `at`). */
  const pendingOfA = async (at: string) => {
    const record: SubmissionRecord = {
      id: randomUUID(),
      username: users.studentA.username,
      lastName: `Adams${tag}`,
      cohortId: cohortA,
      requirement_id: requirementA,
      kind: 'evidence',
      alternative: null,
      files: [],
      completed_on: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
      expires_on: null,
      attested: false,
      note: 'Renewed at the hospital',
      status: 'pending',
      reason: null,
      submitted_by: users.studentA.username,
      submitted_at: at,
      decided_by: null,
      decided_at: null,
    };
    await createSubmission(record, {
      actor: users.studentA.username,
      action: 'compliance.submit',
      entityType: 'compliance-submission',
      entityId: record.id,
      subject: `compliance-submission BLS card of ${users.studentA.username}`,
      after: { requirement: requirementA, kind: 'evidence', files: 0, status: 'pending' },
    });
    return record.id;
  };
  // long ago (a millisecond of its own), before any other test's fixtures (request-budget.test.ts queues from 1990 back):
  // at the head of the review queue, oldest first, whatever else waits in it
  const queuedA = await pendingOfA(new Date(Date.UTC(1000, 0, 1) + Math.floor(Math.random() * 86_400_000)).toISOString());

  // Clinical placements: a site with its agreement (a PDF the admin uploaded), a course, a rotation with A on it, a shared roster
  const siteOf = async (agreement?: { upload_key: string }) => {
    const form = siteForm({ tag });
    const res = await call('clinical-sites-create', callers.admin, {
      body: { ...form, ...(agreement ? { agreement: { starts_on: '2026-01-01', ends_on: '2031-12-31', ...agreement } } : {}) },
    });
    if (res.status !== 201) throw new Error(`clinical site failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const agreementUpload = async () => {
    const bytes = pdf();
    const res = await call('compliance-upload-url', callers.admin, { body: { file_name: 'Agreement.pdf', file_size: bytes.byteLength, content_type: 'application/pdf' } });
    if (res.status !== 200) throw new Error(`agreement upload-url failed: ${res.status} ${JSON.stringify(res.body)}`);
    const put = await fetch(res.body.upload_url, { method: 'PUT', headers: res.body.headers, body: bytes });
    if (put.status !== 200) throw new Error(`agreement PUT failed: ${put.status} ${await put.text()}`);
    return res.body.upload_key as string;
  };
  const site = await siteOf({ upload_key: await agreementUpload() });
  const courseRes = await call('courses-create', callers.admin, {
    body: { name: 'Phlebotomy', CRN: `MXC-${randomUUID().slice(0, 8)}`, credit_hours: 3, is_certificate_course: false },
  });
  if (courseRes.status !== 201) throw new Error(`course failed: ${courseRes.status} ${JSON.stringify(courseRes.body)}`);
  const course = courseRes.body.id as string;
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const rotationAt = async (opts: { withA?: boolean } = {}) => {
    const res = await call('rotations-create', callers.admin, {
      body: { site_id: site, unit: 'Med-Surg', course_id: course, instructor: 'Ina Structor', starts_on: day(30), ends_on: day(120), capacity: 5 },
    });
    if (res.status !== 201) throw new Error(`rotation failed: ${res.status} ${JSON.stringify(res.body)}`);
    const id = res.body.id as string;
    if (opts.withA) {
      const assigned = await call('rotations-assign', callers.admin, { pathParameters: { id }, body: { usernames: [users.studentA.username] } });
      if (assigned.status !== 200) throw new Error(`assign failed: ${assigned.status} ${JSON.stringify(assigned.body)}`);
    }
    return id;
  };
  const rotation = await rotationAt({ withA: true });
  const shared = await call('rotations-share', callers.admin, { pathParameters: { id: rotation }, body: { recipient: 'Matrix General', override_reason: 'For the matrix' } });
  if (shared.status !== 201) throw new Error(`share failed: ${shared.status} ${JSON.stringify(shared.body)}`);
  const shareToken = String(shared.body.path).split('/').pop()!;

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
    requirementA,
    requirementB,
    submissionA,
    submissionB,
    queuedA,
    site,
    course,
    rotation,
    shareToken,
    fresh: {
      site: () => siteOf(),
      rotation: rotationAt,
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
      complianceUpload,
      pendingSubmission: () => pendingOfA(new Date().toISOString()),
      requirementSet: async () => {
        const { records, version } = await requirementSet();
        return { requirements: activeRequirements(records).map((r) => ({ ...r })), version };
      },
      planTemplate: async () => {
        const name = `Matrix offer ${world.tag}`;
        const existing = (await getPlanSettings()).templates.find((t) => t.name === name);
        if (existing) return existing.id;
        const id = `matrix-offer-${world.tag}`.toLowerCase();
        await offerTemplate(id, name, [world.program.type], { installments: 3 });
        return id;
      },
      savedCard,
      plan: async (username: string) => {
        const programId = `matrix-plan-${randomUUID().slice(0, 8)}`;
        await addEnrollment(username, { programType: world.program.type, programId, programName: 'Matrix Plan Program', nextDueDate: null, amountDueCents: 90_000 }, 'matrix');
        const profile = await getStudentProfile(username);
        const res = await invoke(
          createPlan,
          apiEvent('students-payment-plans-create', {
            caller: { username },
            pathParameters: { username },
            body: {
              program_type: world.program.type,
              program_id: programId,
              template_id: await world.fresh.planTemplate(),
              typed_name: `${profile?.firstName} ${profile?.lastName}`,
              accept_agreement: true,
              payment_method_id: await savedCard(username),
            },
          }),
        );
        if (res.status !== 201) throw new Error(`no plan for ${username}: ${res.status} ${JSON.stringify(res.body)}`);
        return String(res.body.id);
      },
      planSettings: async () => {
        const { templates, holdRules, version } = await getPlanSettings();
        return { templates: templates.map((t) => ({ ...presentTemplate(t) })), hold_rules: { ...presentHoldRules(holdRules) }, version };
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
