/**
 * The Cohort: its keys, its item layout, its reads and its writes.
 *
 * A cohort number is unique within its academic year and program type: a marker item written in the
 * same transaction as the cohort enforces it (no read-then-write). Member counts change in the same
 * transaction as the move that changes them, so no read counts members. Every change carries its
 * audit entry in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { PROGRAM_TYPES } from '../contract/programs.js';
import * as z from '../contract/zod.js';
import { cohortName, cohortSubject, studentSubject } from '../domain/audit-subjects.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { auditPut } from './audit.js';
import { entity, getItem, queryAll, TABLE_NAME, transactWrite, type RecordOf, lazy } from './dynamo.js';
import { movedSubmissionKeys, SUBMISSION_TYPE } from './compliance-keys.js';
import { StudentEnrollment, studentKeys, StudentLedgerEntry, StudentProfile } from './student.js';

export const cohortKeys = {
  cohort: (id: string) => ({ pk: `COHORT#${id}`, sk: 'COHORT' }),
  /** gsi1: every cohort, by academic year and number. */
  all: 'COHORTS',
  byYearAndNumber: (academicYear: string, cohortNumber: number, id: string) => `${academicYear}#${String(cohortNumber).padStart(4, '0')}#${id}`,
  /** Uniqueness marker: one cohort number per academic year and program type. */
  number: (academicYear: string, programType: string, cohortNumber: number) => {
    const key = `COHORTNUM#${academicYear}#${programType}#${cohortNumber}`;
    return { pk: key, sk: key };
  },
} as const;

export const Cohort = entity(
  'cohort',
  () =>
    z.object({
      id: z.string(),
      academicYear: z.string(),
      cohortNumber: z.number(),
      programType: z.enum(PROGRAM_TYPES),
      programName: z.string(),
      isActive: z.boolean(),
      startDate: z.nullable(z.string()),
      endDate: z.nullable(z.string()),
      /** Members, kept in the same transaction as every move in or out (no counting on reads). */
      studentCount: z._default(z.number(), 0),
    }),
  (c) => ({
    ...cohortKeys.cohort(c.id),
    gsi1pk: cohortKeys.all,
    gsi1sk: cohortKeys.byYearAndNumber(c.academicYear, c.cohortNumber, c.id),
  }),
);
export type CohortRecord = RecordOf<typeof Cohort>;
export type CohortFields = Omit<CohortRecord, 'id' | 'studentCount'>;

type Numbered = Pick<CohortRecord, 'id' | 'academicYear' | 'programType' | 'cohortNumber'>;
const numberKey = (c: Numbered) => cohortKeys.number(c.academicYear, c.programType, c.cohortNumber);
/** The cohort number's marker, pointing to the cohort holding it. */
const numberMarkerItem = (c: Numbered) => ({ ...numberKey(c), type: 'cohortNumber', cohortId: c.id });

/** The cohort and its number's marker (the demo seed). */
export const cohortItems = (c: CohortRecord) => [Cohort.item(c), numberMarkerItem(c)];

/** All cohorts, ordered by academic year and number (gsi1). */
export async function listCohorts(): Promise<CohortRecord[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': cohortKeys.all } });
  return items.map(Cohort.fromItem);
}

export async function getCohort(id: string): Promise<CohortRecord | null> {
  const item = await getItem(cohortKeys.cohort(id));
  return item ? Cohort.fromItem(item) : null;
}

const duplicate = (c: CohortFields) => new Conflict(`cohort_number: cohort ${c.cohortNumber} already exists for ${c.academicYear} ${c.programType} programs`);

export async function createCohort(fields: CohortFields, actor: string): Promise<CohortRecord> {
  const cohort: CohortRecord = { id: randomUUID(), ...fields, studentCount: 0 };
  await transactWrite(
    [
      { Put: { TableName: TABLE_NAME, Item: Cohort.item(cohort), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: TABLE_NAME, Item: numberMarkerItem(cohort), ConditionExpression: 'attribute_not_exists(pk)' } },
      auditPut({ actor, action: 'cohort.create', entityType: 'cohort', entityId: cohort.id, subject: cohortSubject(cohort), after: cohort }),
    ],
    () => {
      throw duplicate(fields);
    },
  );
  return cohort;
}

export async function updateCohort(id: string, fields: CohortFields, actor: string): Promise<CohortRecord> {
  const before = await getCohort(id);
  if (!before) throw new NotFound('Cohort not found');
  const after: CohortRecord = { ...before, ...fields };
  const renumbered = numberKey(before).pk !== numberKey(after).pk;
  await transactWrite(
    [
      {
        // an Update, not a Put: the member count may change meanwhile (a move), and is not ours to set
        Update: {
          TableName: TABLE_NAME,
          Key: cohortKeys.cohort(id),
          UpdateExpression: 'SET academicYear = :y, cohortNumber = :n, programType = :t, programName = :p, startDate = :s, endDate = :e, isActive = :a, gsi1sk = :sort',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':y': after.academicYear,
            ':n': after.cohortNumber,
            ':t': after.programType,
            ':p': after.programName,
            ':s': after.startDate,
            ':e': after.endDate,
            ':a': after.isActive,
            ':sort': Cohort.keysOf(after).gsi1sk,
          },
        },
      },
      ...(renumbered
        ? [
            { Put: { TableName: TABLE_NAME, Item: numberMarkerItem(after), ConditionExpression: 'attribute_not_exists(pk)' } },
            { Delete: { TableName: TABLE_NAME, Key: numberKey(before), ConditionExpression: 'cohortId = :id', ExpressionAttributeValues: { ':id': id } } },
          ]
        : []),
      auditPut({ actor, action: 'cohort.update', entityType: 'cohort', entityId: id, subject: cohortSubject(after), before, after }),
    ],
    ([failed]) => {
      throw failed === 1 ? duplicate(fields) : new NotFound('Cohort not found');
    },
  );
  return after;
}

/** DynamoDB transactions take 100 items; a move rewrites every item of the student's collection. */
const MAX_ITEMS_PER_MOVE = 95;

/** The items of a student's collection that sit on their cohort's roster (gsi1), read with their keys. */
const ROSTER_TYPES: string[] = [StudentProfile.type, StudentEnrollment.type, StudentLedgerEntry.type];
/** Items that follow the student into the new cohort's compliance grid (store/compliance.ts, gsi1). */
const GRID_TYPES: string[] = [SUBMISSION_TYPE];
const StudentItem = lazy(() => z.object({ pk: z.string(), sk: z.string(), type: z.string() }));

/**
 * Moves a student (profile, enrollments and ledger entries: their roster keys) into a cohort and
 * adjusts both cohorts' member counts, all in one transaction.
 */
export async function moveStudentToCohort(username: string, cohortId: string, actor: string): Promise<void> {
  const [cohort, collection] = await Promise.all([
    getCohort(cohortId),
    queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': studentKeys.student(username) } }),
  ]);
  if (!cohort) throw new NotFound('Cohort not found');
  const onRoster = collection.filter((i) => ROSTER_TYPES.includes(String(i.type)));
  const onGrid = collection.filter((i) => GRID_TYPES.includes(String(i.type)));
  const profileItem = onRoster.find((i) => i.type === StudentProfile.type);
  if (!profileItem) throw new NotFound('Student not found');
  const profile = StudentProfile.fromItem(profileItem);
  const fromCohort = profile.cohortId;
  if (fromCohort === cohortId) return;
  if (onRoster.length + onGrid.length > MAX_ITEMS_PER_MOVE) throw new Conflict(`username: ${username} has too many ledger entries to move in one step`);

  const roster = studentKeys.cohortMembers(cohortId);
  const sortPrefix = studentKeys.rosterSort(profile.lastName, username);
  await transactWrite(
    [
      {
        Update: {
          TableName: TABLE_NAME,
          Key: cohortKeys.cohort(cohortId),
          UpdateExpression: 'ADD studentCount :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      ...(fromCohort
        ? [{ Update: { TableName: TABLE_NAME, Key: cohortKeys.cohort(fromCohort), UpdateExpression: 'ADD studentCount :minus', ExpressionAttributeValues: { ':minus': -1 } } }]
        : []),
      ...onRoster
        .map((i) => StudentItem().parse(i))
        .map(({ pk, sk, type }) => ({
          Update: {
            TableName: TABLE_NAME,
            Key: { pk, sk },
            UpdateExpression:
              type === StudentProfile.type
                ? 'SET gsi1pk = :pk, gsi1sk = :sk, cohortId = :cohort, programType = :type, programName = :name, gsi2pk = :students, gsi2sk = :studentsSort'
                : 'SET gsi1pk = :pk, gsi1sk = :sk',
            // the profile must still be in the cohort we read, or a concurrent move would double-count
            ...(type === StudentProfile.type ? { ConditionExpression: fromCohort ? 'cohortId = :from' : 'attribute_not_exists(cohortId) OR cohortId = :null' } : {}),
            ExpressionAttributeValues: {
              ':pk': roster,
              ':sk': `${sortPrefix}#${sk}`,
              ...(type === StudentProfile.type
                ? {
                    ':cohort': cohortId,
                    ':type': cohort.programType,
                    ':name': cohort.programName,
                    // the profile follows its new program type into that type's students collection (gsi2)
                    ':students': studentKeys.studentsOfProgram(cohort.programType),
                    ':studentsSort': studentKeys.studentsSort(profile.lastName, username),
                    ...(fromCohort ? { ':from': fromCohort } : { ':null': null }),
                  }
                : {}),
            },
          },
        })),
      ...onGrid.map((i) => {
        const { pk, sk } = StudentItem().parse(i);
        const keys = movedSubmissionKeys(i, profile.lastName, cohortId);
        return {
          Update: {
            TableName: TABLE_NAME,
            Key: { pk, sk },
            UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk, cohortId = :cohort',
            ExpressionAttributeValues: { ':pk': keys.gsi1pk, ':sk': keys.gsi1sk, ':cohort': cohortId },
          },
        };
      }),
      auditPut({
        actor,
        action: 'student.move',
        entityType: 'student',
        entityId: username,
        subject: studentSubject({ username, firstName: profile.firstName, lastName: profile.lastName }),
        // the cohort moved into by name too (the one moved out of is only an id here: naming it would cost a read)
        before: { cohortId: fromCohort },
        after: { cohortId, cohort: cohortName(cohort) },
      }),
    ],
    ([failed]) => {
      throw failed === 0 ? new NotFound('Cohort not found') : new Conflict('The student was moved by someone else meanwhile; try again');
    },
  );
}
