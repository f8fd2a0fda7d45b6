/**
 * Student entity: one item collection per student (pk STUDENT#<username>) holding
 *   PROFILE                       name, contact, program, cohort
 *   ENROLL#<type>#<programId>     one per program the student is enrolled in
 *   LEDGER#<iso>#<entryId>        immutable charges, credits, payments, refunds
 *   PAYMENT#<iso>#<intentId>      card payments (store/payments.ts)
 * so a student's whole bill is one Query. Profile, enrollments and ledger entries also sit in their
 * cohort's gsi1 collection, so a cohort roster with every member's bill is one Query too.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { NotFound } from '../domain/errors.js';
import { totalsByProgram, type Enrollment, type LedgerEntry } from '../domain/ledger.js';
import { PROGRAM_TYPES, type ProgramType } from '../contract/programs.js';
import { db, queryAll, TABLE_NAME } from './dynamo.js';
import { keys, prefixes } from './keys.js';

export interface StudentProfile {
  username: string;
  sub: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  createdAt: string;
  onPaymentPlan: boolean;
  programType: ProgramType | null;
  programName: string | null;
  cohortId: string | null;
  /**
   * Cached sum of the ledger (charges - credits - payments + refunds), in cents, changed in the same
   * transaction as every ledger entry; it lets the admin list filter by balance without reading
   * every ledger. Bills are always computed from the entries themselves.
   */
  balanceCents?: number;
  /**
   * Counts every change of the ledger (added with balanceCents by `balanceUpdate`). A write that
   * decides from what is owed (a payment's excess) is conditional on the version it read, so two
   * payments applied at once cannot both take the same balance.
   */
  ledgerVersion?: number;
  /** False once an admin disabled the student's sign-in. */
  signInEnabled?: boolean;
}

/**
 * An enrollment as stored: with `owedCents`, what is still owed on the program (charges - credits -
 * payments + refunds), moved in the same transaction as every ledger entry of the program. A payment
 * is applied only while it fits (`owedCents >= what it applies`), so two payments applied at once
 * cannot both take the same balance (store/program-balances.ts). Absent on enrollments written
 * before the field existed until the first ledger change sets it.
 */
export type StoredEnrollment = Enrollment & { owedCents?: number };

export interface StudentLedger {
  profile: StudentProfile;
  enrollments: StoredEnrollment[];
  entries: LedgerEntry[];
}

export type Item = Record<string, unknown>;

/** What an item of a student's collection needs to know to also sit in their cohort's roster (gsi1). */
export type StudentRef = Pick<StudentProfile, 'username' | 'lastName' | 'cohortId'>;

/**
 * Every item of a student's collection is also in their cohort's gsi1 collection, grouped per
 * student by last name, so a roster with every member's bill is one Query over the cohort.
 */
function studentKeys(ref: StudentRef, sk: string): Item {
  return {
    pk: keys.student(ref.username), sk, username: ref.username,
    ...(ref.cohortId ? { gsi1pk: keys.cohortMembers(ref.cohortId), gsi1sk: `${keys.rosterSort(ref.lastName, ref.username)}#${sk}` } : {}),
  };
}

/** Profiles also sit in their program type's gsi2 collection (who a document applies to). */
export const profileItem = (p: StudentProfile): Item => ({
  ...p, ...studentKeys(p, keys.studentProfile), type: 'student',
  gsi2pk: keys.studentsOfProgram(p.programType), gsi2sk: keys.studentsSort(p.lastName, p.username),
});

export const enrollmentItem = (ref: StudentRef, e: Enrollment, owedCents: number): Item =>
  ({ ...e, owedCents, ...studentKeys(ref, keys.enrollment(e.programType, e.programId)), type: 'enrollment' });

export const ledgerItem = (ref: StudentRef, entry: LedgerEntry): Item =>
  ({ ...entry, ...studentKeys(ref, keys.ledgerEntry(entry.createdAt, entry.entryId)), type: 'ledger' });

const strip = <T>(item: Item): T => {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, username: _u, ...rest } = item;
  return rest as T;
};

/** Sorts one student's items (profile, enrollments, ledger entries) into their ledger; null without a profile. */
function ledgerFromItems(items: Item[]): StudentLedger | null {
  const profileRow = items.find((i) => i.sk === keys.studentProfile);
  if (!profileRow) return null;
  const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, ...profile } = profileRow;
  return {
    profile: profile as unknown as StudentProfile,
    enrollments: items.filter((i) => String(i.sk).startsWith(prefixes.enrollment)).map((i) => strip<StoredEnrollment>(i)),
    entries: items.filter((i) => String(i.sk).startsWith(prefixes.ledger)).map((i) => strip<LedgerEntry>(i)),
  };
}


/** The whole collection in one Query (paged only if a student ever outgrows 1 MB). */
export async function getStudentLedger(username: string): Promise<StudentLedger | null> {
  return ledgerFromItems(await queryAll({
    TableName: TABLE_NAME,
    // from ENROLL# on: enrollments, ledger, payments and the profile; never the checkouts (CHECKOUT#)
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': keys.student(username), ':from': prefixes.enrollment },
  }));
}

/** Every member of a cohort with their bill: one Query over the cohort's gsi1 collection, never one per student. */
export async function getCohortLedgers(cohortId: string): Promise<StudentLedger[]> {
  const items = await queryAll({
    TableName: TABLE_NAME,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.cohortMembers(cohortId) },
  });
  const byStudent = new Map<string, Item[]>();
  for (const item of items) {
    const username = String(item.username);
    byStudent.set(username, [...(byStudent.get(username) ?? []), item]);
  }
  // the index is ordered by last name, and Map keeps insertion order
  return [...byStudent.values()].map(ledgerFromItems).filter((l): l is StudentLedger => l !== null);
}

/**
 * The TransactWrite item that keeps the cached balance in step with the ledger entries of the same
 * transaction, and counts the change. With `expectVersion` the transaction only commits if the ledger
 * is still the one the caller read (null: a profile that never had a ledger change).
 */
export function balanceUpdate(username: string, deltaCents: number, expectVersion?: number | null) {
  const versionCheck = expectVersion === undefined ? ''
    : expectVersion === null ? ' AND attribute_not_exists(ledgerVersion)' : ' AND ledgerVersion = :version';
  return {
    Update: {
      TableName: TABLE_NAME, Key: { pk: keys.student(username), sk: keys.studentProfile },
      UpdateExpression: 'ADD balanceCents :delta, ledgerVersion :one',
      ConditionExpression: `attribute_exists(pk)${versionCheck}`,
      ExpressionAttributeValues: { ':delta': deltaCents, ':one': 1, ...(typeof expectVersion === 'number' ? { ':version': expectVersion } : {}) },
    },
  };
}

/** What the entries add up to over the enrolled programs (what the cached balanceCents must equal). */
export function ledgerBalanceCents(enrollments: Enrollment[], entries: LedgerEntry[]): number {
  return totalsByProgram(enrollments, entries).reduce((sum, t) => sum + t.dueCents - t.paidCents, 0);
}

/** All items of a student's collection, its cached balance computed (createStudent and the local demo seed). */
export function studentItems({ profile, enrollments, entries }: StudentLedger): Item[] {
  const withBalance = { signInEnabled: true, ...profile, balanceCents: ledgerBalanceCents(enrollments, entries) };
  const owed = new Map(totalsByProgram(enrollments, entries).map((t) => [`${t.enrollment.programType}#${t.enrollment.programId}`, t.dueCents - t.paidCents]));
  return [
    profileItem(withBalance),
    ...enrollments.map((e) => enrollmentItem(profile, e, owed.get(`${e.programType}#${e.programId}`) ?? 0)),
    ...entries.map((x) => ledgerItem(profile, x)),
  ];
}

/** Reserves an email address for one student (a second student with it is a conflict). */
export const emailMarkerItem = (p: Pick<StudentProfile, 'email' | 'username'>): Item =>
  ({ pk: keys.studentEmail(p.email), sk: keys.studentEmail(p.email), type: 'studentEmail', username: p.username });

/** A student's ref, name and sign-in switch: what a change needs to file its items and to describe itself in its audit entry. */
export type NamedStudentRef = StudentRef & Partial<Pick<StudentProfile, 'firstName' | 'signInEnabled'>>;

/** The fields a payment needs to file its ledger entries in the student's roster collection too. */
export async function getStudentRef(username: string): Promise<NamedStudentRef | null> {
  const found = await db.send(new GetCommand({
    TableName: TABLE_NAME,
    Key: { pk: keys.student(username), sk: keys.studentProfile },
    ProjectionExpression: 'username, firstName, lastName, cohortId, signInEnabled',
  }));
  return found.Item ? (found.Item as NamedStudentRef) : null;
}

/** The student's ref, or 404 (admin changes to an unknown username). */
export async function requireStudentRef(username: string): Promise<NamedStudentRef> {
  const ref = await getStudentRef(username);
  if (!ref) throw new NotFound('Student not found');
  return ref;
}

/**
 * The school's sign-in switch of a student-group user: `missing` when there is no profile
 * under that (canonical) username, which the sign-in steps refuse like `disabled`. One consistent read,
 * so a disable that just committed is seen by the next refresh.
 */
export async function studentSignIn(username: string): Promise<'enabled' | 'disabled' | 'missing'> {
  const found = await db.send(new GetCommand({
    TableName: TABLE_NAME, Key: { pk: keys.student(username), sk: keys.studentProfile },
    ProjectionExpression: 'pk, signInEnabled', ConsistentRead: true,
  }));
  if (!found.Item) return 'missing';
  return found.Item.signInEnabled === false ? 'disabled' : 'enabled';
}

/**
 * Creates a student with enrollments and opening ledger entries, and reserves their email, in one
 * transaction: either all of it exists afterwards or none of it. Fails (TransactionCanceled) if the
 * username or the email is taken. DynamoDB transactions take at most 100 items.
 */
export async function createStudent(ledger: StudentLedger): Promise<void> {
  const items = [...studentItems(ledger), emailMarkerItem(ledger.profile)];
  await db.send(new TransactWriteCommand({
    TransactItems: items.map((Item) => ({ Put: { TableName: TABLE_NAME, Item, ConditionExpression: 'attribute_not_exists(pk)' } })),
  }));
}

/** Who a student is, as far as document visibility and acknowledgements need to know. */
export type StudentSummary = Pick<StudentProfile, 'username' | 'sub' | 'firstName' | 'lastName' | 'programType' | 'cohortId'>;

const SUMMARY_FIELDS = 'username, #sub, firstName, lastName, programType, cohortId';
const SUMMARY_NAMES = { '#sub': 'sub' };

const toSummary = (item: Item): StudentSummary => ({
  username: String(item.username), sub: String(item.sub ?? ''), firstName: String(item.firstName ?? ''), lastName: String(item.lastName ?? ''),
  programType: (item.programType ?? null) as ProgramType | null, cohortId: (item.cohortId ?? null) as string | null,
});

export async function getStudentSummary(username: string): Promise<StudentSummary | null> {
  const found = await db.send(new GetCommand({
    TableName: TABLE_NAME,
    Key: { pk: keys.student(username), sk: keys.studentProfile },
    ProjectionExpression: SUMMARY_FIELDS, ExpressionAttributeNames: SUMMARY_NAMES,
  }));
  return found.Item ? toSummary(found.Item) : null;
}

/** Students of one program type (null: those without one), by last name: one Query on gsi2. */
export async function listStudentsOfProgram(programType: ProgramType | null): Promise<StudentSummary[]> {
  return (await queryAll({
    TableName: TABLE_NAME, IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': keys.studentsOfProgram(programType) },
    ProjectionExpression: SUMMARY_FIELDS, ExpressionAttributeNames: SUMMARY_NAMES,
  })).map(toSummary);
}

/** Every student: one Query per program type plus those without one (four, whatever the count; no Scan). */
export async function listAllStudents(): Promise<StudentSummary[]> {
  const groups = await Promise.all([...PROGRAM_TYPES, null].map(listStudentsOfProgram));
  return groups.flat();
}

/** A cohort's members without their bills: the roster Query, keeping only profile items. */
export async function listStudentsOfCohort(cohortId: string): Promise<StudentSummary[]> {
  return (await queryAll({
    TableName: TABLE_NAME, IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk', FilterExpression: '#type = :student',
    ExpressionAttributeValues: { ':pk': keys.cohortMembers(cohortId), ':student': 'student' },
    ProjectionExpression: `${SUMMARY_FIELDS}, #type`, ExpressionAttributeNames: { ...SUMMARY_NAMES, '#type': 'type' },
  })).map(toSummary);
}
