/**
 * The Announcement: what staff sent (or scheduled) to an audience, how many it reached, and who could
 * not be emailed. Keyed ANNOUNCEMENT#<id>; every announcement sits in gsi1 (newest first, the staff
 * list), and a scheduled one also in gsi2 by its send time until it goes out (the due-sweep's Query).
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ANNOUNCEMENT_STATUSES, AUDIENCES } from '../contract/notifications.js';
import { PROGRAM_TYPES } from '../contract/programs.js';
import * as z from '../contract/zod.js';
import { auditPut } from './audit.js';
import { db, entity, getItem, queryAll, queryPage, TABLE_NAME, transactWrite, type RecordOf, type TransactItems } from './dynamo.js';

export const announcementKeys = {
  announcement: (id: string) => ({ pk: `ANNOUNCEMENT#${id}`, sk: 'ANNOUNCEMENT' }),
  /** gsi1: every announcement, newest first. */
  all: 'ANNOUNCEMENTS',
  /** gsi2: the scheduled ones by send time (sparse: removed when sent). */
  due: 'ANNOUNCEMENTS_DUE',
} as const;

export const Announcement = entity(
  'announcement',
  () =>
    z.object({
      id: z.string(),
      subject: z.string(),
      body: z.string(),
      audience: z.enum(AUDIENCES),
      programType: z.nullable(z.enum(PROGRAM_TYPES)),
      cohortId: z.nullable(z.string()),
      usernames: z.array(z.string()),
      sendEmail: z.boolean(),
      sendAt: z.nullable(z.string()),
      status: z.enum(ANNOUNCEMENT_STATUSES),
      recipientCount: z.number(),
      /** Recipients who got the notice in-app only because their address bounced or complained, by username. */
      flagged: z.record(z.string(), z.object({ name: z.string(), reason: z.enum(['bounced', 'complained']) })),
      createdBy: z.string(),
      createdAt: z.string(),
      sentAt: z.nullable(z.string()),
    }),
  (a) => ({
    ...announcementKeys.announcement(a.id),
    gsi1pk: announcementKeys.all,
    gsi1sk: `${a.createdAt}#${a.id}`,
    ...(a.status === 'scheduled' && a.sendAt ? { gsi2pk: announcementKeys.due, gsi2sk: `${a.sendAt}#${a.id}` } : {}),
  }),
);
export type AnnouncementRecord = RecordOf<typeof Announcement>;
export type NewAnnouncement = Omit<AnnouncementRecord, 'id' | 'recipientCount' | 'flagged' | 'sentAt'> & { status: 'scheduled' | 'sending' };

/**
 * Stores it with its audit entry and what it starts (`also`, made from the stored record, in the same
 * transaction): for one sent now (status `sending`) its notification event, for one scheduled its run at
 * `sendAt` (in the due index until then). So an error answer stores nothing, and a stored one is never
 * left without what sends it.
 */
export async function createAnnouncement(fields: NewAnnouncement, also: (record: AnnouncementRecord) => TransactItems): Promise<AnnouncementRecord> {
  const record: AnnouncementRecord = { id: randomUUID(), ...fields, recipientCount: 0, flagged: {}, sentAt: null };
  await transactWrite(
    [
      { Put: { TableName: TABLE_NAME, Item: Announcement.item(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      auditPut({
        actor: fields.createdBy,
        action: 'announcement.create',
        entityType: 'announcement',
        entityId: record.id,
        subject: `announcement "${fields.subject}"`,
        after: {
          audience: record.audience,
          programType: record.programType,
          cohortId: record.cohortId,
          recipients: record.usernames.length,
          sendEmail: record.sendEmail,
          sendAt: record.sendAt,
        },
      }),
      ...also(record),
    ],
    () => {
      throw new Error(`announcement ${record.id} already exists`);
    },
  );
  return record;
}

export async function getAnnouncement(id: string): Promise<AnnouncementRecord | null> {
  const item = await getItem(announcementKeys.announcement(id), { consistent: true });
  return item ? Announcement.fromItem(item) : null;
}

/** One page of announcements, newest first. */
export async function listAnnouncements(limit: number, cursor?: Record<string, unknown>) {
  const page = await queryPage(
    { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': announcementKeys.all }, ScanIndexForward: false },
    limit,
    cursor,
  );
  return { announcements: page.items.map(Announcement.fromItem), lastKey: page.lastKey };
}

/** The scheduled announcements whose time has come (gsi2, send time up to `at`). */
export async function dueAnnouncements(at: string): Promise<AnnouncementRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :at',
    ExpressionAttributeValues: { ':pk': announcementKeys.due, ':at': `${at}#\uffff` },
  });
  return items.map(Announcement.fromItem);
}

/**
 * Takes a scheduled announcement out of the due index, with its event's outbox write (`also`) in the same transaction: the
 * event is written exactly once, by whichever send took it. False when another send took it first.
 */
export async function takeDueAnnouncement(id: string, also: TransactItems): Promise<boolean> {
  const taken = await transactWrite([
    {
      Update: {
        TableName: TABLE_NAME,
        Key: announcementKeys.announcement(id),
        UpdateExpression: 'SET #status = :sending REMOVE gsi2pk, gsi2sk',
        ConditionExpression: '#status = :scheduled',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':scheduled': 'scheduled' },
      },
    },
    ...also,
  ]);
  return taken.ok;
}

/** Every recipient's delivery is queued: the announcement is sent. */
export async function markAnnouncementSent(id: string, recipientCount: number, at: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: announcementKeys.announcement(id),
      UpdateExpression: 'SET #status = :sent, recipientCount = :n, sentAt = :at',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':n': recipientCount, ':at': at },
    }),
  );
}

/** Flags a recipient who could not be emailed (idempotent: one entry per username). */
export async function flagRecipient(id: string, username: string, name: string, reason: 'bounced' | 'complained'): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: announcementKeys.announcement(id),
      UpdateExpression: 'SET flagged.#u = :f',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#u': username },
      ExpressionAttributeValues: { ':f': { name, reason } },
    }),
  );
}
