/**
 * Student accounts: creating one and turning its sign-in off or on, the changes that touch Cognito.
 * They are apart from student.ts and student-ledger.ts so the routes that need no Cognito client do
 * not bundle one.
 * The table is written first (uniqueness of username and email decided there, atomically), then
 * Cognito; if Cognito refuses, the table writes are undone, so no half-created student remains.
 * Every change carries its audit entry in the same transaction.
 */
import { Conflict, Invalid, NotFound } from '../domain/errors.js';
import type { ProgramType } from '../contract/programs.js';
import type { CreateStudentRequest } from '../contract/new-student.js';
import { logger } from '../observability/powertools.js';
import { studentSubject } from '../domain/audit-subjects.js';
import { auditPut } from './audit.js';
import { cohortKeys, getCohort } from './cohort.js';
import { createSignIn, setSignInEnabled, signOutEverywhere } from './cognito-admin.js';
import { TABLE_NAME, transactWrite, type TransactItems } from './dynamo.js';
import { emailMarkerItem, requireStudentRef, StudentProfile, studentKeys, type StudentProfileRecord } from './student.js';

export interface NewStudent {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  programType: ProgramType;
  programName: string;
  cohortId: string;
  onPaymentPlan: boolean;
  temporaryPassword?: string;
}

/** A validated create request (one POST /api/students/ or one row of a CSV import) as the account it asks for. */
export function newStudentOf(request: ReturnType<typeof CreateStudentRequest.parse>): NewStudent {
  return {
    username: request.username,
    firstName: request.first_name,
    lastName: request.last_name,
    email: request.email,
    phone: request.phone_number || null,
    programType: request.program_type,
    programName: request.program_name,
    cohortId: request.cohort_id,
    onPaymentPlan: request.on_payment_plan,
    temporaryPassword: request.temporary_password,
  };
}

const profileKey = studentKeys.profile;

/**
 * `also`: writes that belong to the finished account (its welcome notice's outbox write), stored in the
 * transaction that completes it, so they exist only for an account whose sign-in was created.
 */
export async function createStudentAccount(input: NewStudent, actor: string, also: TransactItems = []): Promise<StudentProfileRecord> {
  const cohort = await getCohort(input.cohortId);
  if (!cohort) throw new Invalid('cohort_id: is not an existing cohort');
  if (cohort.programType !== input.programType) throw new Invalid(`cohort_id: is a ${cohort.programType} cohort, not ${input.programType}`);
  const { temporaryPassword, ...fields } = input;
  const profile: StudentProfileRecord = { ...fields, sub: '', createdAt: new Date().toISOString(), balanceCents: 0, signInEnabled: true };

  const written = await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: StudentProfile.item(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: emailMarkerItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        TableName: TABLE_NAME,
        Key: cohortKeys.cohort(cohort.id),
        UpdateExpression: 'ADD studentCount :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    auditPut({ actor, action: 'student.create', entityType: 'student', entityId: profile.username, after: profile }),
  ]);
  if (!written.ok) {
    const [failed] = written.failedConditions;
    if (failed === 0) throw new Conflict(`username: ${profile.username} is already taken`);
    if (failed === 1) throw new Conflict(`email: ${profile.email} is already used by another student`);
    throw new Invalid('cohort_id: is not an existing cohort');
  }

  let sub: string;
  try {
    sub = await createSignIn({ ...profile, temporaryPassword });
  } catch (error) {
    await undoCreate(profile, cohort.id, actor);
    throw error;
  }
  await transactWrite([
    {
      Update: {
        TableName: TABLE_NAME,
        Key: profileKey(profile.username),
        UpdateExpression: 'SET #sub = :sub',
        ExpressionAttributeNames: { '#sub': 'sub' },
        ExpressionAttributeValues: { ':sub': sub },
      },
    },
    ...also,
  ]);
  return { ...profile, sub };
}

async function undoCreate(profile: StudentProfileRecord, cohortId: string, actor: string): Promise<void> {
  const undone = await transactWrite([
    { Delete: { TableName: TABLE_NAME, Key: profileKey(profile.username) } },
    { Delete: { TableName: TABLE_NAME, Key: studentKeys.email(profile.email) } },
    { Update: { TableName: TABLE_NAME, Key: cohortKeys.cohort(cohortId), UpdateExpression: 'ADD studentCount :minus', ExpressionAttributeValues: { ':minus': -1 } } },
    auditPut({ actor, action: 'student.create.undone', entityType: 'student', entityId: profile.username, before: profile }),
  ]);
  if (!undone.ok) logger.error('Could not undo a half-created student', { username: profile.username });
}

/**
 * Turns a student's sign-in off or on; their records stay. Turning it off also signs them out
 * everywhere: their refresh tokens die at once, so no session outlives the switch by more
 * than what is left of an access token already issued (15 minutes at most).
 */
export async function setStudentSignIn(username: string, enabled: boolean, actor: string): Promise<void> {
  const ref = await requireStudentRef(username);
  await setSignInEnabled(username, enabled);
  if (!enabled) await signOutEverywhere(username);
  const written = await transactWrite([
    {
      Update: {
        TableName: TABLE_NAME,
        Key: profileKey(username),
        UpdateExpression: 'SET signInEnabled = :e',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':e': enabled },
      },
    },
    auditPut({
      actor,
      action: enabled ? 'student.enable' : 'student.disable',
      entityType: 'student',
      entityId: username,
      subject: studentSubject(ref),
      before: { signInEnabled: ref.signInEnabled ?? true },
      after: { signInEnabled: enabled },
    }),
  ]);
  if (!written.ok) {
    await setSignInEnabled(username, !enabled); // keep Cognito and the profile in agreement
    throw new NotFound('Student not found');
  }
}
