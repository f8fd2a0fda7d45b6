/**
 * Helpers for the clinical placement handler tests: sites, courses and rotations made through the real
 * handlers by a file's own admin and coordinator, assignments, rosters and shares, and the items a rotation
 * keeps in DynamoDB (to show what a request did or did not write).
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, TABLE_NAME } from '../../../lambdas/store/dynamo.js';
import { rotationKeys } from '../../../lambdas/store/rotation.js';
import { studentKeys } from '../../../lambdas/store/student.js';
import type { RouteId } from '../../../lambdas/routes.js';
import type { CellRequest } from '../../security/authorization-matrix.js';
import { daysFromToday, newAdmin, newReviewer } from './compliance.js';
import type { Caller } from './events.js';
import { call } from './matrix-world.js';

export { call };

/** A file's own admin (sites) and coordinator (rotations, rosters, shares). */
export const clinicalStaff = () => ({ admin: newAdmin(), coordinator: newReviewer() });

/** Calls a route and fails loudly unless it answers `status`; answers the body. */
export async function ok(id: RouteId, caller: Caller | undefined, req: CellRequest, status = 200) {
  const res = await call(id, caller, req);
  if (res.status !== status) throw new Error(`${id}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A site's form; its name is new each time (site names are unique). */
export const siteBody = (over: Record<string, unknown> = {}) => ({
  name: `General ${randomUUID().slice(0, 8)}`,
  address: '1 Hospital Way, Springfield',
  units: ['Med-Surg', 'ICU'],
  contacts: [{ name: 'Una Manager', title: 'Unit manager', email: 'una@example.org', phone: '+1 555 0101' }],
  requirement_ids: [],
  ...over,
});

export const createSite = (admin: Caller, over: Record<string, unknown> = {}) => ok('clinical-sites-create', admin, { body: siteBody(over) }, 201);

export async function createCourse(admin: Caller): Promise<string> {
  const body = await ok('courses-create', admin, { body: { name: 'Phlebotomy', CRN: `CLN-${randomUUID().slice(0, 8)}`, credit_hours: 3, is_certificate_course: false } }, 201);
  return body.id as string;
}

export const rotationBody = (siteId: string, courseId: string, over: Record<string, unknown> = {}) => ({
  site_id: siteId,
  unit: 'Med-Surg',
  course_id: courseId,
  instructor: 'Ina Structor',
  instructor_email: 'ina@example.edu',
  starts_on: daysFromToday(30),
  ends_on: daysFromToday(90),
  capacity: 4,
  ...over,
});

export const createRotation = (caller: Caller, siteId: string, courseId: string, over: Record<string, unknown> = {}) =>
  ok('rotations-create', caller, { body: rotationBody(siteId, courseId, over) }, 201);

export const assign = (caller: Caller, id: string, body: unknown) => call('rotations-assign', caller, { pathParameters: { id }, body });
export const roster = (caller: Caller, id: string) => ok('rotations-roster', caller, { pathParameters: { id } });
export const share = (caller: Caller, id: string, body: unknown) => call('rotations-share', caller, { pathParameters: { id }, body });
export const openShared = (token: string, headers: Record<string, string> = {}) => call('shared-roster', undefined, { pathParameters: { token }, headers });
export const tokenOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Every item of a rotation's partition (the rotation and its roster), as stored. */
export async function rotationItems(id: string) {
  const out = await db.send(
    new QueryCommand({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': rotationKeys.collection(id) }, ConsistentRead: true }),
  );
  return (out.Items ?? []).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
}

/** The rotation copies in a student's partition. */
export async function placementsOf(username: string) {
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': studentKeys.student(username), ':prefix': rotationKeys.placementPrefix },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}
