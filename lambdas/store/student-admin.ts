/**
 * Student administration (issue 8): accounts, enrollments, charges and credits, sign-in on/off.
 * The table is written first (uniqueness of username and email decided there, atomically), then
 * Cognito; if Cognito refuses, the table writes are undone, so no half-created student remains.
 * Ledger entries are only ever added; every change carries its audit entry in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { Conflict, Invalid, NotFound } from '../domain/errors.js';
import type { Enrollment, LedgerEntry } from '../domain/ledger.js';
import { PROGRAM_TYPES, type ProgramType } from '../domain/programs.js';
import { logger } from '../observability/powertools.js';
import { auditPut } from './audit.js';
import { getCohort } from './cohorts.js';
import { createSignIn, deleteSignIn, setSignInEnabled } from './cognito-admin.js';
import { db, TABLE_NAME } from './dynamo.js';
import { catalogKeys, keys } from './keys.js';
import { emailMarkerItem, enrollmentItem, getStudentRef, ledgerItem, profileItem, type StudentProfile } from './students.js';
import { transactWrite } from './transact.js';

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

const profileKey = (username: string) => ({ pk: keys.student(username), sk: keys.studentProfile });

export async function createStudentAccount(input: NewStudent, actor: string): Promise<StudentProfile> {
  const cohort = await getCohort(input.cohortId);
  if (!cohort) throw new Invalid('cohort_id: is not an existing cohort');
  if (cohort.programType !== input.programType) throw new Invalid(`cohort_id: is a ${cohort.programType} cohort, not ${input.programType}`);
  const { temporaryPassword, ...fields } = input;
  const profile: StudentProfile = { ...fields, sub: '', createdAt: new Date().toISOString(), balanceCents: 0, signInEnabled: true };

  const written = await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: profileItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: emailMarkerItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Update: { TableName: TABLE_NAME, Key: { pk: catalogKeys.cohort(cohort.id), sk: catalogKeys.cohortItem }, UpdateExpression: 'ADD studentCount :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 } } },
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
    await undoCreate(profile, actor);
    throw error;
  }
  await db.send(new UpdateCommand({ TableName: TABLE_NAME, Key: profileKey(profile.username), UpdateExpression: 'SET #sub = :sub', ExpressionAttributeNames: { '#sub': 'sub' }, ExpressionAttributeValues: { ':sub': sub } }));
  return { ...profile, sub };
}

async function undoCreate(profile: StudentProfile, actor: string): Promise<void> {
  const undone = await transactWrite([
    { Delete: { TableName: TABLE_NAME, Key: profileKey(profile.username) } },
    { Delete: { TableName: TABLE_NAME, Key: { pk: keys.studentEmail(profile.email), sk: keys.studentEmail(profile.email) } } },
    { Update: { TableName: TABLE_NAME, Key: { pk: catalogKeys.cohort(profile.cohortId!), sk: catalogKeys.cohortItem }, UpdateExpression: 'ADD studentCount :minus', ExpressionAttributeValues: { ':minus': -1 } } },
    auditPut({ actor, action: 'student.create.undone', entityType: 'student', entityId: profile.username, before: profile }),
  ]);
  if (!undone.ok) logger.error('Could not undo a half-created student', { username: profile.username });
}

async function studentOrNotFound(username: string) {
  const ref = await getStudentRef(username);
  if (!ref) throw new NotFound('Student not found');
  return ref;
}

const balanceUpdate = (username: string, deltaCents: number) => ({
  Update: {
    TableName: TABLE_NAME, Key: profileKey(username), UpdateExpression: 'ADD balanceCents :delta',
    ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':delta': deltaCents },
  },
});

/** Enrolls a student in a program with its opening charge. 409 when already enrolled in it. */
export async function addEnrollment(username: string, e: Omit<Enrollment, 'enrolledAt'> & { amountDueCents: number }, actor: string): Promise<Enrollment> {
  const ref = await studentOrNotFound(username);
  const now = new Date().toISOString();
  const enrollment: Enrollment = { programType: e.programType, programId: e.programId, programName: e.programName, nextDueDate: e.nextDueDate, enrolledAt: now };
  const charge: LedgerEntry = { entryId: randomUUID(), kind: 'charge', programType: e.programType, programId: e.programId, amountCents: e.amountDueCents, createdAt: now, reason: 'Enrollment: tuition and fees' };
  const written = await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: enrollmentItem(ref, enrollment), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: ledgerItem(ref, charge), ConditionExpression: 'attribute_not_exists(pk)' } },
    balanceUpdate(username, e.amountDueCents),
    auditPut({ actor, action: 'student.enroll', entityType: 'student', entityId: username, after: { enrollment, charge } }),
  ]);
  if (!written.ok) throw new Conflict(`program_id: ${username} is already enrolled in ${e.programType} program ${e.programId}`);
  return enrollment;
}

/** Adds a charge or a credit (an adjustment) to one of the student's programs; past entries are never edited. */
export async function postLedgerEntry(
  username: string,
  p: { programType: ProgramType; programId: string; kind: 'charge' | 'credit'; amountCents: number; reason: string; nextDueDate?: string | null },
  actor: string,
): Promise<LedgerEntry> {
  const ref = await studentOrNotFound(username);
  const entry: LedgerEntry = { entryId: randomUUID(), kind: p.kind, programType: p.programType, programId: p.programId, amountCents: p.amountCents, createdAt: new Date().toISOString(), reason: p.reason };
  const enrollmentKey = { pk: keys.student(username), sk: keys.enrollment(p.programType, p.programId) };
  const written = await transactWrite([
    p.nextDueDate === undefined
      ? { ConditionCheck: { TableName: TABLE_NAME, Key: enrollmentKey, ConditionExpression: 'attribute_exists(pk)' } }
      : { Update: { TableName: TABLE_NAME, Key: enrollmentKey, UpdateExpression: 'SET nextDueDate = :d', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':d': p.nextDueDate } } },
    { Put: { TableName: TABLE_NAME, Item: ledgerItem(ref, entry), ConditionExpression: 'attribute_not_exists(pk)' } },
    balanceUpdate(username, p.kind === 'charge' ? p.amountCents : -p.amountCents),
    auditPut({ actor, action: `student.${p.kind}`, entityType: 'student', entityId: username, after: entry }),
  ]);
  if (!written.ok) throw new Invalid(`program_id: ${username} is not enrolled in ${p.programType} program ${p.programId}`);
  return entry;
}

/** Turns a student's sign-in off or on; their records stay. */
export async function setStudentSignIn(username: string, enabled: boolean, actor: string): Promise<void> {
  await studentOrNotFound(username);
  await setSignInEnabled(username, enabled);
  const written = await transactWrite([
    { Update: { TableName: TABLE_NAME, Key: profileKey(username), UpdateExpression: 'SET signInEnabled = :e', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':e': enabled } } },
    auditPut({ actor, action: enabled ? 'student.enable' : 'student.disable', entityType: 'student', entityId: username }),
  ]);
  if (!written.ok) {
    await setSignInEnabled(username, !enabled); // keep Cognito and the profile in agreement
    throw new NotFound('Student not found');
  }
}

/** Every student profile (of one program type, or all): one Query per program type on gsi2, no Scan. */
export async function listStudentProfiles(programType?: ProgramType): Promise<StudentProfile[]> {
  const types: Array<ProgramType | null> = programType ? [programType] : [...PROGRAM_TYPES, null];
  const pages = await Promise.all(types.map(async (type) => {
    const items: Record<string, unknown>[] = [];
    let startKey: QueryCommandOutput['LastEvaluatedKey'];
    do {
      const page = await db.send(new QueryCommand({
        TableName: TABLE_NAME, IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': keys.studentsOfProgram(type) },
        ExclusiveStartKey: startKey,
      }));
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }));
  return pages.flat().map((item) => {
    const { pk: _a, sk: _b, type: _c, gsi1pk: _d, gsi1sk: _e, gsi2pk: _f, gsi2sk: _g, ...profile } = item;
    return profile as unknown as StudentProfile;
  }).sort((a, b) => a.lastName.localeCompare(b.lastName) || a.username.localeCompare(b.username));
}
