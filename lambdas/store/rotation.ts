/**
 * The Rotation: a clinical group at a site's unit for a course, its roster and its shared links.
 *  - The rotation (`ROTATION#<id>` / ROTATION) counts who is assigned, kept in the transaction of every
 *    assignment, so capacity is a condition and never a count read (two coordinators cannot overfill it).
 *    gsi1 `ROTATIONS` and gsi2 `SITE_ROTATIONS#<site>` list them by last day.
 *  - Its roster: one item per student in its partition (`STUDENT#<username>`), so rotation and roster are one
 *    Query; and a copy in the student's partition (`CLINICAL#ROTATION#<id>`), so a student's clinical file
 *    (their rotations, compliance and ledger) is one Query too. Both are written in one transaction.
 *  - A shared roster (`ROSTER_SHARE#<sha256 of the token>`): the snapshot the site may see, until it expires.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import * as z from '../contract/zod.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { auditPut, type AuditEntry } from './audit.js';
import { siteKeys } from './clinical-site.js';
import { entity, getItem, queryAll, queryPage, TABLE_NAME, transactWrite, type RecordOf, type TransactItems } from './dynamo.js';
import { studentKeys } from './student.js';

export const rotationKeys = {
  collection: (id: string) => `ROTATION#${id}`,
  rotation: (id: string) => ({ pk: `ROTATION#${id}`, sk: 'ROTATION' }),
  /** gsi1: every rotation; gsi2: a site's. Both by last day, so "not ended yet" is a range. */
  all: 'ROTATIONS',
  ofSite: (siteId: string) => `SITE_ROTATIONS#${siteId}`,
  byEnd: (endsOn: string, id: string) => `${endsOn}#${id}`,
  member: (id: string, username: string) => ({ pk: `ROTATION#${id}`, sk: `STUDENT#${username}` }),
  /** In the student's partition: sorts before COMPLIANCE#, ENROLL#, LEDGER# and PROFILE, after CHECKOUT#. */
  placementPrefix: 'CLINICAL#ROTATION#',
  placement: (username: string, id: string) => ({ pk: studentKeys.student(username), sk: `CLINICAL#ROTATION#${id}` }),
  share: (tokenHash: string) => ({ pk: `ROSTER_SHARE#${tokenHash}`, sk: 'SHARE' }),
} as const;

const RotationFields = () => ({
  id: z.string(),
  site_id: z.string(),
  site_name: z.string(),
  unit: z.string(),
  course_id: z.string(),
  course_name: z.string(),
  instructor: z.string(),
  instructor_email: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
});

export const Rotation = entity(
  'rotation',
  () => z.object({ ...RotationFields(), capacity: z.number(), assigned: z.number(), updated_at: z.string() }),
  (r) => ({
    ...rotationKeys.rotation(r.id),
    gsi1pk: rotationKeys.all,
    gsi1sk: rotationKeys.byEnd(r.ends_on, r.id),
    gsi2pk: rotationKeys.ofSite(r.site_id),
    gsi2sk: rotationKeys.byEnd(r.ends_on, r.id),
  }),
);
export type RotationRecord = RecordOf<typeof Rotation>;

/** A student on a rotation's roster, named as when assigned (the roster reads their clearance afresh). */
export const Member = entity(
  'rotation-member',
  () => z.object({ rotation_id: z.string(), username: z.string(), first_name: z.string(), last_name: z.string(), assigned_at: z.string(), assigned_by: z.string() }),
  (m) => rotationKeys.member(m.rotation_id, m.username),
);
export type MemberRecord = RecordOf<typeof Member>;

/** The rotation as its student sees it, in their partition (kept in step by every change of the rotation). */
export const Placement = entity(
  'rotation-placement',
  () => z.object({ ...RotationFields(), username: z.string() }),
  (p) => rotationKeys.placement(p.username, p.id),
);
export type PlacementRecord = RecordOf<typeof Placement>;

const placementOf = (r: RotationRecord, username: string): PlacementRecord => ({
  id: r.id,
  site_id: r.site_id,
  site_name: r.site_name,
  unit: r.unit,
  course_id: r.course_id,
  course_name: r.course_name,
  instructor: r.instructor,
  instructor_email: r.instructor_email,
  starts_on: r.starts_on,
  ends_on: r.ends_on,
  username,
});

export const Share = entity(
  'roster-share',
  () =>
    z.object({
      id: z.string(),
      rotation_id: z.string(),
      recipient: z.string(),
      shared_by: z.string(),
      shared_at: z.string(),
      expires_at: z.string(),
      override_reason: z.nullable(z.string()),
      /** What the site sees (contract/clinical.ts SharedRoster without the link's own dates), as it was when shared. */
      roster: z.object({
        site_name: z.string(),
        unit: z.string(),
        course_name: z.string(),
        instructor: z.string(),
        starts_on: z.string(),
        ends_on: z.string(),
        students: z.array(
          z.object({
            first_name: z.string(),
            last_name: z.string(),
            cleared: z.boolean(),
            requirements: z.array(z.object({ name: z.string(), status_label: z.string(), expires_on: z.nullable(z.string()) })),
          }),
        ),
      }),
      tokenHash: z.string(),
    }),
  (s) => rotationKeys.share(s.tokenHash),
  // DynamoDB's TTL removes the item some time after the link's end (up to days late): the read checks expires_at itself
  (s) => ({ expiresAt: Math.floor(Date.parse(s.expires_at) / 1000) + 30 * 86_400 }),
);
export type ShareRecord = RecordOf<typeof Share>;

export const rotationSubject = (r: Pick<RotationRecord, 'site_name' | 'unit' | 'starts_on'>) => `rotation ${r.site_name} ${r.unit} from ${r.starts_on}`;

export async function getRotation(id: string, options: { consistent?: boolean } = {}): Promise<RotationRecord | null> {
  const item = await getItem(rotationKeys.rotation(id), options);
  return item ? Rotation.fromItem(item) : null;
}

/** The rotation with its roster (by last name): one Query of its partition; null when there is no such rotation. */
export async function getRotationWithMembers(id: string): Promise<{ rotation: RotationRecord; members: MemberRecord[] } | null> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': rotationKeys.collection(id) }, ConsistentRead: true });
  const rotation = items.find((i) => i.type === Rotation.type);
  if (!rotation) return null;
  const members = items
    .filter((i) => i.type === Member.type)
    .map(Member.fromItem)
    .sort((a, b) => `${a.last_name}\u0000${a.first_name}`.toLowerCase().localeCompare(`${b.last_name}\u0000${b.first_name}`.toLowerCase()));
  return { rotation: Rotation.fromItem(rotation), members };
}

/** The rotation with its roster, or 404 (the routes of one rotation). */
export async function requireRotationWithMembers(id: string): Promise<{ rotation: RotationRecord; members: MemberRecord[] }> {
  const found = await getRotationWithMembers(id);
  if (!found) throw new NotFound('Rotation not found');
  return found;
}

/** One page of the rotations that end on or after `from` (a site's, or all), by last day. */
export async function listRotationsPage(filter: { from: string; siteId?: string }, limit: number, cursor?: Record<string, unknown>) {
  const index = filter.siteId ? 'gsi2' : 'gsi1';
  const page = await queryPage(
    {
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk AND ${index}sk >= :from`,
      ExpressionAttributeValues: { ':pk': filter.siteId ? rotationKeys.ofSite(filter.siteId) : rotationKeys.all, ':from': filter.from },
    },
    limit,
    cursor,
  );
  return { rotations: page.items.map(Rotation.fromItem), lastKey: page.lastKey };
}

/** Every rotation (a site's, or all) that ends on or after `from`: the daily alerts, a site's units in use. */
export async function rotationsEndingFrom(from: string, siteId?: string): Promise<RotationRecord[]> {
  const index = siteId ? 'gsi2' : 'gsi1';
  const items = await queryAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk AND ${index}sk >= :from`,
    ExpressionAttributeValues: { ':pk': siteId ? rotationKeys.ofSite(siteId) : rotationKeys.all, ':from': from },
  });
  return items.map(Rotation.fromItem);
}

export const newRotationId = () => randomUUID();

const siteCount = (siteId: string, delta: 1 | -1): TransactItems[number] => ({
  Update: {
    TableName: TABLE_NAME,
    Key: siteKeys.site(siteId),
    UpdateExpression: 'ADD rotations :delta',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':delta': delta },
  },
});

/** A new rotation, counted on its site (which must still exist: 409 otherwise), with its audit entry. */
export async function createRotation(rotation: RotationRecord, entry: AuditEntry): Promise<void> {
  await transactWrite(
    [
      { Put: { TableName: TABLE_NAME, Item: Rotation.item(rotation), ConditionExpression: 'attribute_not_exists(pk)' } },
      siteCount(rotation.site_id, 1),
      auditPut(entry, rotation.updated_at),
    ],
    () => {
      throw new Conflict('The clinical site was deleted meanwhile');
    },
  );
}

/**
 * Changes a rotation, on condition that it is as read (its `updated_at`) and holds the roster read (its count):
 * every member's copy is rewritten in the same transaction, and a move to another site moves the site counts.
 */
export async function updateRotation(rotation: RotationRecord, previous: RotationRecord, members: readonly MemberRecord[], entry: AuditEntry): Promise<void> {
  await transactWrite(
    [
      {
        Put: {
          TableName: TABLE_NAME,
          Item: Rotation.item(rotation),
          ConditionExpression: 'updated_at = :was AND assigned = :assigned',
          ExpressionAttributeValues: { ':was': previous.updated_at, ':assigned': members.length },
        },
      },
      ...members.map((m) => ({ Put: { TableName: TABLE_NAME, Item: Placement.item(placementOf(rotation, m.username)) } })),
      ...(rotation.site_id !== previous.site_id ? [siteCount(rotation.site_id, 1), siteCount(previous.site_id, -1)] : []),
      auditPut(entry, rotation.updated_at),
    ],
    () => {
      throw new Conflict('This rotation was changed meanwhile; reload it and try again');
    },
  );
}

/** Deletes a rotation with its roster and the students' copies, uncounted from its site, with its audit entry. */
export async function deleteRotation(rotation: RotationRecord, members: readonly MemberRecord[], entry: AuditEntry, at: string): Promise<void> {
  await transactWrite(
    [
      {
        Delete: {
          TableName: TABLE_NAME,
          Key: rotationKeys.rotation(rotation.id),
          ConditionExpression: 'assigned = :assigned',
          ExpressionAttributeValues: { ':assigned': members.length },
        },
      },
      ...members.flatMap((m) => [
        { Delete: { TableName: TABLE_NAME, Key: rotationKeys.member(rotation.id, m.username) } },
        { Delete: { TableName: TABLE_NAME, Key: rotationKeys.placement(m.username, rotation.id) } },
      ]),
      {
        Update: {
          TableName: TABLE_NAME,
          Key: siteKeys.site(rotation.site_id),
          UpdateExpression: 'ADD rotations :minus',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
      auditPut(entry, at),
    ],
    () => {
      throw new Conflict('This rotation was changed meanwhile; reload it and try again');
    },
  );
}

/** Why an assignment would overfill a rotation, in words. */
export const pastCapacity = (r: Pick<RotationRecord, 'capacity' | 'assigned'>, asked: number) =>
  new Conflict(`This rotation has room for ${Math.max(0, r.capacity - r.assigned)} more student${r.capacity - r.assigned === 1 ? '' : 's'}; ${asked} were asked`);

/**
 * Puts students on a rotation's roster (and the rotation in their partitions) with its audit entry, in one
 * transaction on condition that the rotation still has room for all of them and none is on it already: a
 * coordinator assigning at the same time gets a 409, never a rotation past its capacity.
 */
export async function assignMembers(rotation: RotationRecord, members: readonly MemberRecord[], entry: AuditEntry, at: string): Promise<void> {
  if (rotation.assigned + members.length > rotation.capacity) throw pastCapacity(rotation, members.length);
  if (members.length === 0) return;
  await transactWrite(
    [
      {
        Update: {
          TableName: TABLE_NAME,
          Key: rotationKeys.rotation(rotation.id),
          UpdateExpression: 'ADD assigned :n',
          // no arithmetic in conditions: "assigned + n <= capacity" as "assigned <= capacity - n", capacity as read
          // CAPACITY is a DynamoDB reserved word: named through #capacity
          ConditionExpression: 'assigned <= :most AND #capacity = :capacity',
          ExpressionAttributeNames: { '#capacity': 'capacity' },
          ExpressionAttributeValues: { ':n': members.length, ':most': rotation.capacity - members.length, ':capacity': rotation.capacity },
        },
      },
      ...members.flatMap((m) => [
        { Put: { TableName: TABLE_NAME, Item: Member.item(m), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: TABLE_NAME, Item: Placement.item(placementOf(rotation, m.username)) } },
      ]),
      auditPut(entry, at),
    ],
    async ([failed]) => {
      if (failed !== 0) throw new Conflict('A student was assigned to this rotation meanwhile; reload it and try again');
      const now = await getRotation(rotation.id, { consistent: true });
      if (!now) throw new NotFound('Rotation not found');
      throw pastCapacity(now, members.length);
    },
  );
}

/** Takes a student off a rotation's roster, with its audit entry (404 when they are not on it). */
export async function removeMember(rotationId: string, username: string, entry: AuditEntry, at: string): Promise<void> {
  await transactWrite(
    [
      { Delete: { TableName: TABLE_NAME, Key: rotationKeys.member(rotationId, username), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: TABLE_NAME, Key: rotationKeys.placement(username, rotationId) } },
      { Update: { TableName: TABLE_NAME, Key: rotationKeys.rotation(rotationId), UpdateExpression: 'ADD assigned :minus', ExpressionAttributeValues: { ':minus': -1 } } },
      auditPut(entry, at),
    ],
    () => {
      throw new NotFound('This student is not on the rotation');
    },
  );
}

/** The rotations in a student's record (their copies): one Query of their partition. */
export async function studentPlacements(username: string): Promise<PlacementRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': studentKeys.student(username), ':prefix': rotationKeys.placementPrefix },
  });
  return items.map(Placement.fromItem);
}

/** A new share's token (shown once, in the link) and the hash it is stored under, so the table never holds a usable link. */
export function newShareToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashShareToken(token) };
}
export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores a shared roster with its audit entry: the record of the disclosure (FERPA, 34 CFR 99.32). */
export async function createShare(share: ShareRecord, entry: AuditEntry): Promise<void> {
  await transactWrite([{ Put: { TableName: TABLE_NAME, Item: Share.item(share), ConditionExpression: 'attribute_not_exists(pk)' } }, auditPut(entry, share.shared_at)], () => {
    throw new Conflict('share link already exists');
  });
}

export async function getShare(token: string): Promise<ShareRecord | null> {
  const item = await getItem(rotationKeys.share(hashShareToken(token)));
  return item ? Share.fromItem(item) : null;
}
