/**
 * Courses. A CRN belongs to one course: a `CRN#<crn>` marker item is written in the same
 * transaction as the course, so two creates with one CRN cannot both succeed (no read-then-write).
 * Every change carries its audit entry in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { Conflict, Invalid, NotFound } from '../domain/errors.js';
import { courseSubject } from '../domain/audit-subjects.js';
import { auditPut } from './audit.js';
import { courseItem, crnMarkerItem, type CourseRecord } from './catalog-items.js';
import { db, TABLE_NAME } from './dynamo.js';
import { catalogKeys as k } from './keys.js';

export type CourseFields = Omit<CourseRecord, 'id'>;

const strip = (item: Record<string, unknown>): CourseRecord => ({
  id: String(item.id), name: String(item.name), crn: String(item.crn), creditHours: Number(item.creditHours),
  applicationPriceCents: (item.applicationPriceCents ?? null) as number | null,
  tuitionPriceCents: (item.tuitionPriceCents ?? null) as number | null,
  isCertificateCourse: Boolean(item.isCertificateCourse),
});

export interface CourseFilter { namePrefix?: string; isCertificate?: boolean }

/** The Query on the collection that fits the filters; a name filter matches the start of the name. */
function courseQuery(filter: CourseFilter): QueryCommandInput {
  const [index, pkName, skName, pkValue] = filter.isCertificate === undefined
    ? ['gsi1', 'gsi1pk', 'gsi1sk', k.coursesCollection]
    : ['gsi2', 'gsi2pk', 'gsi2sk', k.coursesOfKind(filter.isCertificate)];
  const prefix = filter.namePrefix?.toLowerCase();
  return {
    TableName: TABLE_NAME,
    IndexName: index,
    KeyConditionExpression: prefix ? `${pkName} = :pk AND begins_with(${skName}, :prefix)` : `${pkName} = :pk`,
    ExpressionAttributeValues: { ':pk': pkValue, ...(prefix ? { ':prefix': prefix } : {}) },
  };
}

/** Every course that fits the filters, by name (the catalog, its statistics, the unpaged list). */
export async function listCourses(filter: CourseFilter = {}): Promise<CourseRecord[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db.send(new QueryCommand({ ...courseQuery(filter), ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.map(strip);
}

/** One page of that list (one Query), and the key to continue after it. */
export async function listCoursesPage(filter: CourseFilter, limit: number, cursor?: Record<string, unknown>) {
  let page;
  try {
    page = await db.send(new QueryCommand({ ...courseQuery(filter), Limit: limit, ExclusiveStartKey: cursor }));
  } catch (error) {
    if (cursor && (error as Error).name === 'ValidationException') throw new Invalid('cursor: does not belong to this list');
    throw error;
  }
  return { courses: (page.Items ?? []).map(strip), lastKey: page.LastEvaluatedKey };
}

export async function getCourse(id: string): Promise<CourseRecord | null> {
  const found = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: k.course(id), sk: k.courseItem } }));
  return found.Item ? strip(found.Item) : null;
}

/** The name of the course holding a CRN (the marker points to it), so the refusal can say which one. */
async function holderOf(crn: string): Promise<string | null> {
  const marker = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: k.crn(crn), sk: k.crn(crn) } }));
  const courseId = marker.Item?.courseId;
  return typeof courseId === 'string' ? ((await getCourse(courseId))?.name ?? null) : null;
}

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/** Runs the transaction; a failed condition at one of `conflictAt` means the CRN is taken. */
async function write(items: TransactItems, crn: string, conflictAt: number[]): Promise<void> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
    if (conflictAt.some((i) => reasons[i]?.Code === 'ConditionalCheckFailed')) {
      throw new Conflict(`CRN: ${crn} is already used by ${await holderOf(crn) ?? 'another course'}`);
    }
    if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw new NotFound('Course not found');
    throw error;
  }
}

export async function createCourse(fields: CourseFields, actor: string): Promise<CourseRecord> {
  const course: CourseRecord = { id: randomUUID(), ...fields };
  await write([
    { Put: { TableName: TABLE_NAME, Item: courseItem(course), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: crnMarkerItem(course), ConditionExpression: 'attribute_not_exists(pk)' } },
    auditPut({ actor, action: 'course.create', entityType: 'course', entityId: course.id, subject: courseSubject(course), after: course }),
  ], course.crn, [1]);
  return course;
}

export async function updateCourse(id: string, fields: CourseFields, actor: string): Promise<CourseRecord> {
  const before = await getCourse(id);
  if (!before) throw new NotFound('Course not found');
  const after: CourseRecord = { id, ...fields };
  const crnChanged = before.crn.toUpperCase() !== after.crn.toUpperCase();
  await write([
    // the course must still be the one we read (a concurrent CRN change would otherwise orphan a marker)
    { Put: { TableName: TABLE_NAME, Item: courseItem(after), ConditionExpression: 'attribute_exists(pk) AND crn = :crn', ExpressionAttributeValues: { ':crn': before.crn } } },
    ...(crnChanged ? [
      { Put: { TableName: TABLE_NAME, Item: crnMarkerItem(after), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Delete: { TableName: TABLE_NAME, Key: { pk: k.crn(before.crn), sk: k.crn(before.crn) }, ConditionExpression: 'courseId = :id', ExpressionAttributeValues: { ':id': id } } },
    ] : []),
    auditPut({ actor, action: 'course.update', entityType: 'course', entityId: id, subject: courseSubject(after), before, after }),
  ], after.crn, crnChanged ? [1] : []);
  return after;
}

export async function deleteCourse(id: string, actor: string): Promise<void> {
  const before = await getCourse(id);
  if (!before) throw new NotFound('Course not found');
  await write([
    { Delete: { TableName: TABLE_NAME, Key: { pk: k.course(id), sk: k.courseItem }, ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: TABLE_NAME, Key: { pk: k.crn(before.crn), sk: k.crn(before.crn) }, ConditionExpression: 'courseId = :id', ExpressionAttributeValues: { ':id': id } } },
    auditPut({ actor, action: 'course.delete', entityType: 'course', entityId: id, subject: courseSubject(before), before }),
  ], before.crn, []);
}
