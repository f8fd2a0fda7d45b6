/**
 * The Student: its keys, its item layouts and its reads. One item collection per student
 * (pk STUDENT#<username>) holds
 *   PROFILE                       name, contact, program, cohort, cached balance
 *   ENROLL#<type>#<programId>     one per program the student is enrolled in, with what it still owes
 *   LEDGER#<iso>#<entryId>        immutable charges, credits, payments, refunds
 *   CHECKOUT#… and PAYMENT#…      card payments (payment.ts)
 * so a student's whole bill is one Query. Profile, enrollments and ledger entries also sit in their
 * cohort's gsi1 collection, so a cohort roster with every member's bill is one Query too.
 * Ledger writes are in student-ledger.ts; account changes, which touch Cognito, in student-account.ts.
 */
import { PROGRAM_TYPES, type ProgramType } from '../contract/programs.js';
import * as z from '../contract/zod.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { totalsByProgram, type Enrollment, type LedgerEntry } from '../domain/ledger.js';
import { entity, getItem, queryAll, queryPage, TABLE_NAME, transactWrite, type Item, type ItemKeys, type RecordOf, lazy } from './dynamo.js';

const partition = (username: string) => `STUDENT#${username}`;
/** Enrollments sort first among the items of a bill; checkouts (CHECKOUT#, payment.ts) sort before them. */
const ENROLLMENT_PREFIX = 'ENROLL#';

export const studentKeys = {
  /** The student's partition: the profile, the bill, the payments and checkouts. */
  student: partition,
  profile: (username: string) => ({ pk: partition(username), sk: 'PROFILE' }),
  enrollment: (username: string, programType: ProgramType, programId: string) => ({ pk: partition(username), sk: `${ENROLLMENT_PREFIX}${programType}#${programId}` }),
  ledgerEntry: (username: string, createdAt: string, entryId: string) => ({ pk: partition(username), sk: `LEDGER#${createdAt}#${entryId}` }),
  /** Uniqueness marker: one student per email address. */
  email: (email: string) => {
    const key = `EMAIL#${email.trim().toLowerCase()}`;
    return { pk: key, sk: key };
  },
  /** gsi1: a cohort's roster, ordered by last name. */
  cohortMembers: (cohortId: string) => `COHORT#${cohortId}`,
  rosterSort: (lastName: string, username: string) => `STUDENT#${lastName.toLowerCase()}#${username}`,
  /**
   * gsi2 on profiles: the students of one program type ('none' without one), by last name, so
   * "every student" is four Queries and never a Scan (document audiences, the admin list).
   */
  studentsOfProgram: (programType: ProgramType | null) => `STUDENTS#${programType ?? 'none'}`,
  studentsSort: (lastName: string, username: string) => `${lastName.toLowerCase()}#${username}`,
} as const;

/** What an item of a student's collection needs to know to also sit in their cohort's roster (gsi1). */
export type StudentRef = { username: string; lastName: string; cohortId: string | null };

/**
 * Where an item of the student's collection sits in their cohort's gsi1 collection: grouped per
 * student by last name, so a roster with every member's bill is one Query over the cohort.
 */
const rosterIndex = (ref: StudentRef, sk: string): Partial<ItemKeys> =>
  ref.cohortId ? { gsi1pk: studentKeys.cohortMembers(ref.cohortId), gsi1sk: `${studentKeys.rosterSort(ref.lastName, ref.username)}#${sk}` } : {};

/** The program type a record is filed under; payments' layouts read it too. */
export const ProgramTypeField = lazy(() => z.enum(PROGRAM_TYPES));

export const StudentProfile = entity(
  'student',
  () =>
    z.object({
      username: z.string(),
      /** The Cognito user's id ('' until the sign-in exists). */
      sub: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.nullable(z.string()),
      createdAt: z.string(),
      onPaymentPlan: z.boolean(),
      programType: z.nullable(ProgramTypeField()),
      programName: z.nullable(z.string()),
      cohortId: z.nullable(z.string()),
      /**
       * Cached sum of the ledger (charges - credits - payments + refunds), in cents, changed in the same
       * transaction as every ledger entry; it lets the admin list filter by balance without reading
       * every ledger. Bills are always computed from the entries themselves.
       */
      balanceCents: z.optional(z.number()),
      /**
       * Counts every change of the ledger (student-ledger.ts `balanceUpdate`). A write that decides from
       * what is owed is conditional on the version it read, so two changes cannot both take one balance.
       */
      ledgerVersion: z.optional(z.number()),
      /** False once an admin disabled the student's sign-in. */
      signInEnabled: z.optional(z.boolean()),
      /**
       * A VA education beneficiary (chapter 31 or 33) and whether a VA payment is pending: while it is, no late fee
       * and no financial hold (38 U.S.C. 3679(e)).
       */
      vaBenefit: z.optional(z.object({ chapter: z.enum(['31', '33']), paymentPending: z.boolean() })),
      /** The student's Stripe Customer (saved cards and bank accounts for payment plans), made when first needed. */
      stripeCustomerId: z.optional(z.string()),
    }),
  (p) => ({
    ...studentKeys.profile(p.username),
    ...rosterIndex(p, studentKeys.profile(p.username).sk),
    gsi2pk: studentKeys.studentsOfProgram(p.programType),
    gsi2sk: studentKeys.studentsSort(p.lastName, p.username),
  }),
);
export type StudentProfileRecord = RecordOf<typeof StudentProfile>;

/**
 * An enrollment, with `owedCents`: what is still owed on the program (charges - credits - payments +
 * refunds), moved in the same transaction as every ledger entry of the program (student-ledger.ts).
 * Absent on enrollments written before the field existed until the first ledger change sets it.
 */
export const StudentEnrollment = entity(
  'enrollment',
  () =>
    z.object({
      username: z.string(),
      programType: ProgramTypeField(),
      programId: z.string(),
      programName: z.string(),
      nextDueDate: z.nullable(z.string()),
      enrolledAt: z.string(),
      owedCents: z.optional(z.number()),
    }),
  (e) => studentKeys.enrollment(e.username, e.programType, e.programId),
);
export type EnrollmentRecord = RecordOf<typeof StudentEnrollment>;

/** A ledger entry: only ever added, never edited. */
export const StudentLedgerEntry = entity(
  'ledger',
  () =>
    z.object({
      username: z.string(),
      entryId: z.string(),
      kind: z.enum(['charge', 'credit', 'payment', 'refund']),
      programType: ProgramTypeField(),
      programId: z.string(),
      amountCents: z.number(),
      createdAt: z.string(),
      /** Payments only. */
      status: z.optional(z.enum(['succeeded', 'pending', 'failed', 'refunded'])),
      method: z.optional(z.string()),
      reference: z.optional(z.string()),
      reason: z.optional(z.string()),
    }),
  (x) => studentKeys.ledgerEntry(x.username, x.createdAt, x.entryId),
);
export type LedgerEntryRecord = RecordOf<typeof StudentLedgerEntry>;

export const enrollmentItem = (ref: StudentRef, e: Enrollment, owedCents: number): Item => ({
  ...StudentEnrollment.item({ ...e, username: ref.username, owedCents }),
  ...rosterIndex(ref, studentKeys.enrollment(ref.username, e.programType, e.programId).sk),
});

export const ledgerItem = (ref: StudentRef, entry: LedgerEntry): Item => ({
  ...StudentLedgerEntry.item({ ...entry, username: ref.username }),
  ...rosterIndex(ref, studentKeys.ledgerEntry(ref.username, entry.createdAt, entry.entryId).sk),
});

/** Reserves an email address for one student (a second student with it is a conflict). */
export const emailMarkerItem = (p: Pick<StudentProfileRecord, 'email' | 'username'>): Item => ({ ...studentKeys.email(p.email), type: 'studentEmail', username: p.username });
/** The email marker: who holds the address. */
export const EmailMarker = lazy(() => z.object({ username: z.string() }));

export interface StudentLedger {
  profile: StudentProfileRecord;
  enrollments: EnrollmentRecord[];
  entries: LedgerEntryRecord[];
}

/** What a new student's collection is made of (the create, the seeds): records not yet filed under the student. */
export interface NewStudentLedger {
  profile: StudentProfileRecord;
  enrollments: Enrollment[];
  entries: LedgerEntry[];
}

/** Sorts one student's items (profile, enrollments, ledger entries) into their ledger; null without a profile. */
export function ledgerFromItems(items: Item[]): StudentLedger | null {
  const profile = items.find((i) => i.type === StudentProfile.type);
  if (!profile) return null;
  return {
    profile: StudentProfile.fromItem(profile),
    enrollments: items.filter((i) => i.type === StudentEnrollment.type).map((i) => StudentEnrollment.fromItem(i)),
    entries: items.filter((i) => i.type === StudentLedgerEntry.type).map((i) => StudentLedgerEntry.fromItem(i)),
  };
}

/**
 * The student's collection from ENROLL# on, in one Query (paged only if a student ever outgrows 1 MB): enrollments,
 * ledger, payments, plans and the profile; never the checkouts.
 */
export function studentCollection(username: string): Promise<Item[]> {
  return queryAll({
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': studentKeys.student(username), ':from': ENROLLMENT_PREFIX },
  });
}

/** The whole bill in one Query. */
export async function getStudentLedger(username: string): Promise<StudentLedger | null> {
  return ledgerFromItems(await studentCollection(username));
}

/** Every member of a cohort with their bill: one Query over the cohort's gsi1 collection, never one per student. */
export async function getCohortLedgers(cohortId: string): Promise<StudentLedger[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': studentKeys.cohortMembers(cohortId) },
  });
  const byStudent = new Map<string, Item[]>();
  for (const item of items) {
    const username = String(item.username);
    byStudent.set(username, [...(byStudent.get(username) ?? []), item]);
  }
  // the index is ordered by last name, and Map keeps insertion order
  return [...byStudent.values()].map(ledgerFromItems).filter((l): l is StudentLedger => l !== null);
}

/** What the entries add up to over the enrolled programs (what the cached balanceCents must equal). */
export function ledgerBalanceCents(enrollments: Enrollment[], entries: LedgerEntry[]): number {
  return totalsByProgram(enrollments, entries).reduce((sum, t) => sum + t.dueCents - t.paidCents, 0);
}

/** All items of a student's collection, its cached balance computed (createStudent and the local demo seed). */
export function studentItems({ profile, enrollments, entries }: NewStudentLedger): Item[] {
  const withBalance = { signInEnabled: true, ...profile, balanceCents: ledgerBalanceCents(enrollments, entries) };
  const owed = new Map(totalsByProgram(enrollments, entries).map((t) => [`${t.enrollment.programType}#${t.enrollment.programId}`, t.dueCents - t.paidCents]));
  return [
    StudentProfile.item(withBalance),
    ...enrollments.map((e) => enrollmentItem(profile, e, owed.get(`${e.programType}#${e.programId}`) ?? 0)),
    ...entries.map((x) => ledgerItem(profile, x)),
  ];
}

/**
 * Creates a student with enrollments and opening ledger entries, and reserves their email, in one
 * transaction: either all of it exists afterwards or none of it (409 when the username or the email
 * is taken). DynamoDB transactions take at most 100 items.
 */
export async function createStudent(ledger: NewStudentLedger): Promise<void> {
  const items = [...studentItems(ledger), emailMarkerItem(ledger.profile)];
  await transactWrite(
    items.map((Item) => ({ Put: { TableName: TABLE_NAME, Item, ConditionExpression: 'attribute_not_exists(pk)' } })),
    () => {
      throw new Conflict(`username: ${ledger.profile.username} or email: ${ledger.profile.email} is already taken`);
    },
  );
}

/** A student's ref, name and sign-in switch: what a change needs to file its items and to describe itself in its audit entry. */
const NamedStudentRef = lazy(() => z.pick(StudentProfile.shape, { username: true, firstName: true, lastName: true, cohortId: true, signInEnabled: true }));
export type NamedStudentRef = z.infer<ReturnType<typeof NamedStudentRef>>;

/** The fields a change needs to file its ledger entries in the student's roster collection too. */
export async function getStudentRef(username: string): Promise<NamedStudentRef | null> {
  const item = await getItem(studentKeys.profile(username));
  return item ? NamedStudentRef().parse(item) : null;
}

/** The whole profile (consistent), or null. */
export async function getStudentProfile(username: string): Promise<StudentProfileRecord | null> {
  const item = await getItem(studentKeys.profile(username), { consistent: true });
  return item ? StudentProfile.fromItem(item) : null;
}

/** The student's ref, or 404 (admin changes to an unknown username). */
export async function requireStudentRef(username: string): Promise<NamedStudentRef> {
  const ref = await getStudentRef(username);
  if (!ref) throw new NotFound('Student not found');
  return ref;
}

const SignInSwitch = lazy(() => z.pick(StudentProfile.shape, { signInEnabled: true }));

/**
 * The school's sign-in switch of a student-group user: `missing` when there is no profile
 * under that (canonical) username, which the sign-in steps refuse like `disabled`. One consistent read,
 * so a disable that just committed is seen by the next refresh.
 */
export async function studentSignIn(username: string): Promise<'enabled' | 'disabled' | 'missing'> {
  const item = await getItem(studentKeys.profile(username), { consistent: true });
  if (!item) return 'missing';
  return SignInSwitch().parse(item).signInEnabled === false ? 'disabled' : 'enabled';
}

const Contact = lazy(() => z.pick(StudentProfile.shape, { email: true, firstName: true, lastName: true }));

/** Where and how to address a student (notifications), or null when there is no such student. */
export async function getStudentContact(username: string): Promise<{ email: string; name: string } | null> {
  const item = await getItem(studentKeys.profile(username));
  if (!item) return null;
  const c = Contact().parse(item);
  return { email: c.email.trim(), name: `${c.firstName} ${c.lastName}`.trim() };
}

/** Who a student is, as far as document visibility and acknowledgements need to know. */
const StudentSummary = lazy(() => z.pick(StudentProfile.shape, { username: true, sub: true, firstName: true, lastName: true, programType: true, cohortId: true }));
export type StudentSummary = z.infer<ReturnType<typeof StudentSummary>>;
const SUMMARY_READ = { ProjectionExpression: 'username, #sub, firstName, lastName, programType, cohortId', ExpressionAttributeNames: { '#sub': 'sub' } };

export async function getStudentSummary(username: string): Promise<StudentSummary | null> {
  const item = await getItem(studentKeys.profile(username));
  return item ? StudentSummary().parse(item) : null;
}

/** Students of one program type (null: those without one), by last name: one Query on gsi2. */
export async function listStudentsOfProgram(programType: ProgramType | null): Promise<StudentSummary[]> {
  return (
    await queryAll({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': studentKeys.studentsOfProgram(programType) },
      ...SUMMARY_READ,
    })
  ).map((i) => StudentSummary().parse(i));
}

/** Every student: one Query per program type plus those without one (four, whatever the count; no Scan). */
export async function listAllStudents(): Promise<StudentSummary[]> {
  const groups = await Promise.all([...PROGRAM_TYPES, null].map(listStudentsOfProgram));
  return groups.flat();
}

/** A cohort's members without their bills: the roster Query, keeping only profile items. */
export async function listStudentsOfCohort(cohortId: string): Promise<StudentSummary[]> {
  return (
    await queryAll({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: '#type = :student',
      ExpressionAttributeValues: { ':pk': studentKeys.cohortMembers(cohortId), ':student': StudentProfile.type },
      ProjectionExpression: `${SUMMARY_READ.ProjectionExpression}, #type`,
      ExpressionAttributeNames: { ...SUMMARY_READ.ExpressionAttributeNames, '#type': 'type' },
    })
  ).map((i) => StudentSummary().parse(i));
}

const programsOf = (type?: ProgramType): Array<ProgramType | null> => (type ? [type] : [...PROGRAM_TYPES, null]);
const byName = (a: StudentProfileRecord, b: StudentProfileRecord) => a.lastName.localeCompare(b.lastName) || a.username.localeCompare(b.username);

/** Every student profile (of one program type, or all) for the admin list: one Query per program type on gsi2, no Scan. */
export async function listStudentProfiles(programType?: ProgramType): Promise<StudentProfileRecord[]> {
  const groups = await Promise.all(
    programsOf(programType).map((type) =>
      queryAll({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': studentKeys.studentsOfProgram(type) },
      }),
    ),
  );
  return groups
    .flat()
    .map((i) => StudentProfile.fromItem(i))
    .sort(byName);
}

export interface ProfilePage {
  profiles: StudentProfileRecord[];
  /** The sort key (`<last name>#<username>`) to continue after, or undefined on the last page. */
  after: string | undefined;
}

/**
 * One page of profiles ordered by last name: one Query per program type (four without a type, one
 * with), each reading at most `limit` profiles after `after`, merged. The request count does not
 * grow with the number of students, and a cursor stays valid whichever collection it ended in.
 */
export async function listStudentProfilesPage(programType: ProgramType | undefined, limit: number, after?: string): Promise<ProfilePage> {
  const pages = await Promise.all(
    programsOf(programType).map((type) =>
      queryPage(
        {
          IndexName: 'gsi2',
          KeyConditionExpression: after === undefined ? 'gsi2pk = :pk' : 'gsi2pk = :pk AND gsi2sk > :after',
          ExpressionAttributeValues: { ':pk': studentKeys.studentsOfProgram(type), ...(after === undefined ? {} : { ':after': after }) },
        },
        limit,
      ),
    ),
  );
  const read = pages.flatMap((page) => page.items);
  const items = read.sort((a, b) => (String(a.gsi2sk) < String(b.gsi2sk) ? -1 : 1)).slice(0, limit);
  const more = read.length > limit || pages.some((page) => page.lastKey);
  return { profiles: items.map((i) => StudentProfile.fromItem(i)), after: more && items.length ? String(items[items.length - 1].gsi2sk) : undefined };
}
