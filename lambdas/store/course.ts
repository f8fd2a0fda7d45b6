/**
 * The Course: its keys, its item layout, its reads and its writes.
 *
 * A CRN belongs to one course: a `CRN#<crn>` marker item is written in the same transaction as the
 * course, so two creates with one CRN cannot both succeed (no read-then-write). Every change carries
 * its audit entry in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import * as z from '../contract/zod.js';
import { courseSubject } from '../domain/audit-subjects.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { auditPut } from './audit.js';
import { entity, getItem, queryAll, queryPage, TABLE_NAME, transactWrite, type QueryInput, type RecordOf, lazy } from './dynamo.js';

export const courseKeys = {
  course: (id: string) => ({ pk: `COURSE#${id}`, sk: 'COURSE' }),
  /** gsi1: every course by name. */
  all: 'COURSES',
  /** gsi2: the certificate courses, or the others, by name (the catalog's two filters, no Scan). */
  ofKind: (isCertificate: boolean) => (isCertificate ? 'COURSES#certificate' : 'COURSES#other'),
  /** Lower-case name first, so a name search is a begins_with on the sort key. */
  byName: (name: string, id: string) => `${name.toLowerCase()}#${id}`,
  /** Uniqueness marker: a CRN belongs to one course. */
  crn: (crn: string) => ({ pk: `CRN#${crn.toUpperCase()}`, sk: `CRN#${crn.toUpperCase()}` }),
} as const;

/** A price nobody set is null (absent on items written without it). */
const cents = lazy(() => z._default(z.nullable(z.number()), null));

export const Course = entity(
  'course',
  () =>
    z.object({
      id: z.string(),
      name: z.string(),
      crn: z.string(),
      creditHours: z.number(),
      applicationPriceCents: cents(),
      tuitionPriceCents: cents(),
      isCertificateCourse: z.boolean(),
    }),
  (c) => ({
    ...courseKeys.course(c.id),
    gsi1pk: courseKeys.all,
    gsi1sk: courseKeys.byName(c.name, c.id),
    gsi2pk: courseKeys.ofKind(c.isCertificateCourse),
    gsi2sk: courseKeys.byName(c.name, c.id),
  }),
);
export type CourseRecord = RecordOf<typeof Course>;
export type CourseFields = Omit<CourseRecord, 'id'>;

/** The CRN's marker: keyed by the CRN, pointing to the course holding it. */
const crnMarkerItem = (c: Pick<CourseRecord, 'crn' | 'id'>) => ({ ...courseKeys.crn(c.crn), type: 'crn', courseId: c.id });
const CrnMarker = lazy(() => z.object({ courseId: z.string() }));

/** The course and its CRN marker (the create, and the demo seed). */
export const courseItems = (c: CourseRecord) => [Course.item(c), crnMarkerItem(c)];

export interface CourseFilter {
  namePrefix?: string;
  isCertificate?: boolean;
}

/** The Query on the collection that fits the filters; a name filter matches the start of the name. */
function courseQuery(filter: CourseFilter): QueryInput {
  const [index, pkName, skName, pkValue] =
    filter.isCertificate === undefined ? ['gsi1', 'gsi1pk', 'gsi1sk', courseKeys.all] : ['gsi2', 'gsi2pk', 'gsi2sk', courseKeys.ofKind(filter.isCertificate)];
  const prefix = filter.namePrefix?.toLowerCase();
  return {
    IndexName: index,
    KeyConditionExpression: prefix ? `${pkName} = :pk AND begins_with(${skName}, :prefix)` : `${pkName} = :pk`,
    ExpressionAttributeValues: { ':pk': pkValue, ...(prefix ? { ':prefix': prefix } : {}) },
  };
}

/** Every course that fits the filters, by name (the catalog, its statistics, the unpaged list). */
export async function listCourses(filter: CourseFilter = {}): Promise<CourseRecord[]> {
  return (await queryAll(courseQuery(filter))).map(Course.fromItem);
}

/** One page of that list (one Query), and the key to continue after it. */
export async function listCoursesPage(filter: CourseFilter, limit: number, cursor?: Record<string, unknown>) {
  const { items, lastKey } = await queryPage(courseQuery(filter), limit, cursor);
  return { courses: items.map(Course.fromItem), lastKey };
}

export async function getCourse(id: string): Promise<CourseRecord | null> {
  const item = await getItem(courseKeys.course(id));
  return item ? Course.fromItem(item) : null;
}

/** The name of the course holding a CRN (the marker points to it), so the refusal can say which one. */
async function holderOf(crn: string): Promise<string | null> {
  const marker = await getItem(courseKeys.crn(crn));
  return marker ? ((await getCourse(CrnMarker().parse(marker).courseId))?.name ?? null) : null;
}

/** Answers a failed condition: at one of `crnTakenAt`, the CRN is someone else's; anywhere else, the course is gone. */
const refusal =
  (crn: string, crnTakenAt: number[]) =>
  async (failed: number[]): Promise<never> => {
    if (failed.some((i) => crnTakenAt.includes(i))) throw new Conflict(`CRN: ${crn} is already used by ${(await holderOf(crn)) ?? 'another course'}`);
    throw new NotFound('Course not found');
  };

export async function createCourse(fields: CourseFields, actor: string): Promise<CourseRecord> {
  const course: CourseRecord = { id: randomUUID(), ...fields };
  await transactWrite(
    [
      { Put: { TableName: TABLE_NAME, Item: Course.item(course), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: TABLE_NAME, Item: crnMarkerItem(course), ConditionExpression: 'attribute_not_exists(pk)' } },
      auditPut({ actor, action: 'course.create', entityType: 'course', entityId: course.id, subject: courseSubject(course), after: course }),
    ],
    refusal(course.crn, [1]),
  );
  return course;
}

export async function updateCourse(id: string, fields: CourseFields, actor: string): Promise<CourseRecord> {
  const before = await getCourse(id);
  if (!before) throw new NotFound('Course not found');
  const after: CourseRecord = { id, ...fields };
  const crnChanged = before.crn.toUpperCase() !== after.crn.toUpperCase();
  await transactWrite(
    [
      // the course must still be the one we read (a concurrent CRN change would otherwise orphan a marker)
      { Put: { TableName: TABLE_NAME, Item: Course.item(after), ConditionExpression: 'attribute_exists(pk) AND crn = :crn', ExpressionAttributeValues: { ':crn': before.crn } } },
      ...(crnChanged
        ? [
            { Put: { TableName: TABLE_NAME, Item: crnMarkerItem(after), ConditionExpression: 'attribute_not_exists(pk)' } },
            { Delete: { TableName: TABLE_NAME, Key: courseKeys.crn(before.crn), ConditionExpression: 'courseId = :id', ExpressionAttributeValues: { ':id': id } } },
          ]
        : []),
      auditPut({ actor, action: 'course.update', entityType: 'course', entityId: id, subject: courseSubject(after), before, after }),
    ],
    refusal(after.crn, crnChanged ? [1] : []),
  );
  return after;
}

export async function deleteCourse(id: string, actor: string): Promise<void> {
  const before = await getCourse(id);
  if (!before) throw new NotFound('Course not found');
  await transactWrite(
    [
      { Delete: { TableName: TABLE_NAME, Key: courseKeys.course(id), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: TABLE_NAME, Key: courseKeys.crn(before.crn), ConditionExpression: 'courseId = :id', ExpressionAttributeValues: { ':id': id } } },
      auditPut({ actor, action: 'course.delete', entityType: 'course', entityId: id, subject: courseSubject(before), before }),
    ],
    refusal(before.crn, []),
  );
}
