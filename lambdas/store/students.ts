/**
 * Student entity: one item collection per student (pk STUDENT#<username>) holding
 *   PROFILE                       name, contact, program, cohort (gsi1: cohort roster)
 *   ENROLL#<type>#<programId>     one per program the student is enrolled in
 *   LEDGER#<iso>#<entryId>        immutable charges, credits, payments, refunds
 * so a student's whole bill is one Query.
 */
import { QueryCommand, TransactWriteCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { Enrollment, LedgerEntry } from '../domain/ledger.js';
import type { ProgramType } from '../domain/programs.js';
import { db, TABLE_NAME } from './dynamo.js';
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
}

export interface StudentLedger {
  profile: StudentProfile;
  enrollments: Enrollment[];
  entries: LedgerEntry[];
}

export type Item = Record<string, unknown>;

function profileItem(p: StudentProfile): Item {
  return {
    pk: keys.student(p.username), sk: keys.studentProfile, type: 'student', ...p,
    ...(p.cohortId ? { gsi1pk: keys.cohortMembers(p.cohortId), gsi1sk: keys.rosterSort(p.lastName, p.username) } : {}),
  };
}

function enrollmentItem(username: string, e: Enrollment): Item {
  return { pk: keys.student(username), sk: keys.enrollment(e.programType, e.programId), type: 'enrollment', ...e };
}

export function ledgerItem(username: string, entry: LedgerEntry): Item {
  return { pk: keys.student(username), sk: keys.ledgerEntry(entry.createdAt, entry.entryId), type: 'ledger', username, ...entry };
}

const strip = <T>(item: Item): T => {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, username: _u, ...rest } = item;
  return rest as T;
};

/** The whole collection in one Query (paged only if a student ever outgrows 1 MB). */
export async function getStudentLedger(username: string): Promise<StudentLedger | null> {
  const items: Item[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db.send(new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.student(username) },
      ExclusiveStartKey: startKey,
    }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  const profileRow = items.find((i) => i.sk === keys.studentProfile);
  if (!profileRow) return null;
  const { pk: _pk, sk: _sk, type: _t, gsi1pk: _g1, gsi1sk: _g2, ...profile } = profileRow;
  return {
    profile: profile as unknown as StudentProfile,
    enrollments: items.filter((i) => String(i.sk).startsWith(prefixes.enrollment)).map((i) => strip<Enrollment>(i)),
    entries: items.filter((i) => String(i.sk).startsWith(prefixes.ledger)).map((i) => strip<LedgerEntry>(i)),
  };
}

/**
 * Creates a student with enrollments and opening ledger entries in one transaction: either all
 * of it exists afterwards or none of it. Fails (ConditionalCheckFailed) if the username is taken.
 * DynamoDB transactions take at most 100 items.
 */
/** All items of a student's collection (used by createStudent and by the local demo seed). */
export function studentItems({ profile, enrollments, entries }: StudentLedger): Item[] {
  return [
    profileItem(profile),
    ...enrollments.map((e) => enrollmentItem(profile.username, e)),
    ...entries.map((x) => ledgerItem(profile.username, x)),
  ];
}

export async function createStudent(ledger: StudentLedger): Promise<void> {
  const { profile, enrollments, entries } = ledger;
  await db.send(new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: TABLE_NAME, Item: profileItem(profile), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...enrollments.map((e) => ({ Put: { TableName: TABLE_NAME, Item: enrollmentItem(profile.username, e) } })),
      ...entries.map((x) => ({ Put: { TableName: TABLE_NAME, Item: ledgerItem(profile.username, x), ConditionExpression: 'attribute_not_exists(pk)' } })),
    ],
  }));
}
