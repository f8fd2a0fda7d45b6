/**
 * Cohorts. A cohort number is unique within its academic year and program type: a marker item
 * written in the same transaction as the cohort enforces it. Member counts change in the same
 * transaction as the move that changes them. Every change carries its audit entry.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { Conflict, NotFound } from '../domain/errors.js';
import { cohortName, cohortSubject, studentSubject } from '../domain/audit-subjects.js';
import { auditPut } from './audit.js';
import { cohortItem, cohortNumberMarkerItem, type CohortRecord } from './catalog-items.js';
import { db, TABLE_NAME } from './dynamo.js';
import { catalogKeys as k, keys } from './keys.js';

export type CohortFields = Omit<CohortRecord, 'id' | 'studentCount'>;
type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
type Item = Record<string, unknown>;

const strip = (item: Item): CohortRecord => {
  const { pk: _a, sk: _b, type: _c, gsi1pk: _d, gsi1sk: _e, ...rest } = item;
  return { studentCount: 0, ...rest } as CohortRecord;
};

/** All cohorts, ordered by academic year and number (one Query on gsi1). */
export async function listCohorts(): Promise<CohortRecord[]> {
  const items: Item[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db.send(new QueryCommand({
      TableName: TABLE_NAME, IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': k.cohortsCollection },
      ExclusiveStartKey: startKey,
    }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.map(strip);
}

export async function getCohort(id: string): Promise<CohortRecord | null> {
  const found = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: k.cohort(id), sk: k.cohortItem } }));
  return found.Item ? strip(found.Item) : null;
}

const duplicate = (c: CohortFields) =>
  new Conflict(`cohort_number: cohort ${c.cohortNumber} already exists for ${c.academicYear} ${c.programType} programs`);

async function write(items: TransactItems, onConditionFailed: (index: number) => Error): Promise<void> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
    const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
    if (failed >= 0) throw onConditionFailed(failed);
    throw error;
  }
}

export async function createCohort(fields: CohortFields, actor: string): Promise<CohortRecord> {
  const cohort: CohortRecord = { id: randomUUID(), ...fields, studentCount: 0 };
  await write([
    { Put: { TableName: TABLE_NAME, Item: cohortItem(cohort), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: cohortNumberMarkerItem(cohort), ConditionExpression: 'attribute_not_exists(pk)' } },
    auditPut({ actor, action: 'cohort.create', entityType: 'cohort', entityId: cohort.id, subject: cohortSubject(cohort), after: cohort }),
  ], () => duplicate(fields));
  return cohort;
}

export async function updateCohort(id: string, fields: CohortFields, actor: string): Promise<CohortRecord> {
  const before = await getCohort(id);
  if (!before) throw new NotFound('Cohort not found');
  const after: CohortRecord = { ...before, ...fields };
  const oldMarker = cohortNumberMarkerItem(before);
  const newMarker = cohortNumberMarkerItem(after);
  const renumbered = oldMarker.pk !== newMarker.pk;
  await write([
    {
      Update: {
        TableName: TABLE_NAME, Key: { pk: k.cohort(id), sk: k.cohortItem },
        UpdateExpression: 'SET academicYear = :y, cohortNumber = :n, programType = :t, programName = :p, startDate = :s, endDate = :e, isActive = :a, gsi1sk = :sort',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':y': after.academicYear, ':n': after.cohortNumber, ':t': after.programType, ':p': after.programName,
          ':s': after.startDate, ':e': after.endDate, ':a': after.isActive, ':sort': cohortItem(after).gsi1sk,
        },
      },
    },
    ...(renumbered ? [
      { Put: { TableName: TABLE_NAME, Item: newMarker, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Delete: { TableName: TABLE_NAME, Key: { pk: oldMarker.pk, sk: oldMarker.sk }, ConditionExpression: 'cohortId = :id', ExpressionAttributeValues: { ':id': id } } },
    ] : []),
    auditPut({ actor, action: 'cohort.update', entityType: 'cohort', entityId: id, subject: cohortSubject(after), before, after }),
  ], (index) => (index === 1 ? duplicate(fields) : new NotFound('Cohort not found')));
  return after;
}

/** DynamoDB transactions take 100 items; a move rewrites every item of the student's collection. */
const MAX_ITEMS_PER_MOVE = 95;

/**
 * Moves a student (profile, enrollments and ledger entries: their roster keys) into a cohort and
 * adjusts both cohorts' member counts, all in one transaction.
 */
export async function moveStudentToCohort(username: string, cohortId: string, actor: string): Promise<void> {
  const [cohort, collection] = await Promise.all([
    getCohort(cohortId),
    db.send(new QueryCommand({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.student(username) } })),
  ]);
  if (!cohort) throw new NotFound('Cohort not found');
  const items = (collection.Items ?? []).filter((i) => i.type === 'student' || i.type === 'enrollment' || i.type === 'ledger');
  const profile = items.find((i) => i.type === 'student');
  if (!profile) throw new NotFound('Student not found');
  const fromCohort = (profile.cohortId as string | null) ?? null;
  if (fromCohort === cohortId) return;
  if (items.length > MAX_ITEMS_PER_MOVE) throw new Conflict(`username: ${username} has too many ledger entries to move in one step`);

  const roster = keys.cohortMembers(cohortId);
  const sortPrefix = keys.rosterSort(String(profile.lastName), username);
  await write([
    { Update: { TableName: TABLE_NAME, Key: { pk: k.cohort(cohortId), sk: k.cohortItem }, UpdateExpression: 'ADD studentCount :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 } } },
    ...(fromCohort ? [{ Update: { TableName: TABLE_NAME, Key: { pk: k.cohort(fromCohort), sk: k.cohortItem }, UpdateExpression: 'ADD studentCount :minus', ExpressionAttributeValues: { ':minus': -1 } } }] : []),
    ...items.map((item) => ({
      Update: {
        TableName: TABLE_NAME, Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: item.type === 'student'
          ? 'SET gsi1pk = :pk, gsi1sk = :sk, cohortId = :cohort, programType = :type, programName = :name, gsi2pk = :students, gsi2sk = :studentsSort'
          : 'SET gsi1pk = :pk, gsi1sk = :sk',
        // the profile must still be in the cohort we read, or a concurrent move would double-count
        ...(item.type === 'student' ? { ConditionExpression: fromCohort ? 'cohortId = :from' : 'attribute_not_exists(cohortId) OR cohortId = :null' } : {}),
        ExpressionAttributeValues: {
          ':pk': roster, ':sk': `${sortPrefix}#${item.sk}`,
          ...(item.type === 'student' ? {
            ':cohort': cohortId, ':type': cohort.programType, ':name': cohort.programName,
            // the profile follows its new program type into that type's students collection (gsi2)
            ':students': keys.studentsOfProgram(cohort.programType), ':studentsSort': keys.studentsSort(String(profile.lastName), username),
            ...(fromCohort ? { ':from': fromCohort } : { ':null': null }),
          } : {}),
        },
      },
    })),
    auditPut({
      actor, action: 'student.move', entityType: 'student', entityId: username,
      subject: studentSubject({ username, firstName: profile.firstName as string | undefined, lastName: profile.lastName as string | undefined }),
      // the cohort moved into by name too (the one moved out of is only an id here: naming it would cost a read)
      before: { cohortId: fromCohort }, after: { cohortId, cohort: cohortName(cohort) },
    }),
  ], (index) => (index === 0 ? new NotFound('Cohort not found') : new Conflict('The student was moved by someone else meanwhile; try again')));
}
