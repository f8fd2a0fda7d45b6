/**
 * The Notification: a person's inbox, their email preferences, and the log of the emails sent to
 * them. One item collection per person (pk INBOX#<username>) holds
 *   N#<id>       one notice, newest first (ids sort by time)
 *   STATE        the unread count and the time of the last "mark all read"
 *   PREFS        email preferences (absent: the defaults)
 *   M#<id>       the email of notice <id>, with its delivery status
 * so the bell, the inbox page and a student's message log are each one Query or GetItem.
 *
 * Exactly once per key: a notice is written with a marker item keyed by its idempotency key
 * (domain/notification-rules.ts `noticeKey`) in one transaction, so the same event delivered twice
 * writes one notice and one email. The digest rule's "first email of the day" is a marker too
 * (EMAILDAY#…), claimed in the same transaction as the email it lets through.
 */
import { EMAIL_CHOICES, MESSAGE_STATUSES, NOTIFICATION_CATEGORIES, type MessageStatus, type NotificationPreferences } from '../contract/notifications.js';
import * as z from '../contract/zod.js';
import { nowIso } from '../domain/clock.js';
import { Invalid, NotFound } from '../domain/errors.js';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, entity, getItem, lazy, queryAll, queryPage, TABLE_NAME, transactWrite, updateIf, type RecordOf, type TransactItems } from './dynamo.js';

const inbox = (username: string) => `INBOX#${username}`;
const DAY_SECONDS = 86_400;

export const notificationKeys = {
  notice: (username: string, id: string) => ({ pk: inbox(username), sk: `N#${id}` }),
  state: (username: string) => ({ pk: inbox(username), sk: 'STATE' }),
  preferences: (username: string) => ({ pk: inbox(username), sk: 'PREFS' }),
  message: (username: string, id: string) => ({ pk: inbox(username), sk: `M#${id}` }),
  /** One notice per idempotency key. */
  noticeKey: (key: string) => ({ pk: `NOTICEKEY#${key}`, sk: 'NOTICEKEY' }),
  /** The digest rule: the first email of a category to a person on a school day. */
  emailDay: (username: string, category: string, day: string) => {
    const key = `EMAILDAY#${username}#${category}#${day}`;
    return { pk: key, sk: key };
  },
  /** An address that bounced or complained: no more email to it. */
  suppression: (address: string) => ({ pk: `SUPPRESS#${address.trim().toLowerCase()}`, sk: 'SUPPRESS' }),
  /** gsi1: emails held for the digest (sparse: the attribute goes when the digest sends them). */
  held: 'HELD',
} as const;

export const Notice = entity(
  'notice',
  () =>
    z.object({
      id: z.string(),
      username: z.string(),
      category: z.enum(NOTIFICATION_CATEGORIES),
      title: z.string(),
      body: z.string(),
      link: z.nullable(z.string()),
      createdAt: z.string(),
      readAt: z.nullable(z.string()),
      /** The idempotency key it was written under. */
      key: z.string(),
    }),
  (n) => notificationKeys.notice(n.username, n.id),
);
export type NoticeRecord = RecordOf<typeof Notice>;

export const EmailMessage = entity(
  'emailMessage',
  () =>
    z.object({
      id: z.string(),
      username: z.string(),
      address: z.string(),
      category: z.enum(NOTIFICATION_CATEGORIES),
      subject: z.string(),
      /** What to render (notify/templates.ts) when it is sent: kept so a retry or the digest sends the same. */
      template: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
      status: z.enum(MESSAGE_STATUSES),
      sesMessageId: z.optional(z.string()),
      /** The announcement it belongs to, to flag a suppressed recipient there. */
      announcementId: z.optional(z.string()),
      detail: z.optional(z.string()),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  (m) => ({
    ...notificationKeys.message(m.username, m.id),
    ...(m.status === 'held' ? { gsi1pk: notificationKeys.held, gsi1sk: `${m.username}#${m.category}#${m.createdAt}#${m.id}` } : {}),
  }),
);
export type EmailMessageRecord = RecordOf<typeof EmailMessage>;

const InboxState = lazy(() => z.object({ unread: z._default(z.number(), 0), readAllAt: z._default(z.nullable(z.string()), null) }));
const Preferences = lazy(() => z.object({ announcement: z.enum(EMAIL_CHOICES), reminder: z.enum(EMAIL_CHOICES) }));
const NoticeKeyMarker = lazy(() => z.object({ username: z.string(), noticeId: z.string() }));
const Suppression = lazy(() => z.object({ address: z.string(), reason: z.enum(['bounced', 'complained']), at: z.string() }));
export type SuppressionRecord = z.infer<ReturnType<typeof Suppression>>;

/** Whether a notice is read: marked one by one, or older than the last "mark all read". */
const isRead = (n: NoticeRecord, readAllAt: string | null) => n.readAt !== null || (readAllAt !== null && n.createdAt <= readAllAt);

async function inboxState(username: string) {
  const item = await getItem(notificationKeys.state(username), { consistent: true });
  return InboxState().parse(item ?? {});
}

export interface NoticePage {
  notices: Array<NoticeRecord & { read: boolean }>;
  lastKey: Record<string, unknown> | undefined;
  unread: number;
}

/** A cursor must continue this person's list: one naming another's partition is refused, not followed. */
function ownCursor(username: string, prefix: string, cursor: Record<string, unknown> | undefined) {
  if (cursor && (cursor.pk !== inbox(username) || typeof cursor.sk !== 'string' || !cursor.sk.startsWith(prefix))) throw new Invalid('cursor: does not belong to this list');
  return cursor;
}

/** One page of a person's inbox, newest first, with the unread count (one Query and one GetItem). */
export async function listNotices(username: string, limit: number, cursor?: Record<string, unknown>): Promise<NoticePage> {
  ownCursor(username, 'N#', cursor);
  const [page, state] = await Promise.all([
    queryPage(
      { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :n)', ExpressionAttributeValues: { ':pk': inbox(username), ':n': 'N#' }, ScanIndexForward: false },
      limit,
      cursor,
    ),
    inboxState(username),
  ]);
  const notices = page.items.map(Notice.fromItem).map((n) => ({ ...n, read: isRead(n, state.readAllAt) }));
  return { notices, lastKey: page.lastKey, unread: Math.max(0, state.unread) };
}

/** Marks one notice read; answers the count left unread. A notice already read changes nothing. */
export async function markNoticeRead(username: string, id: string): Promise<number> {
  const [item, state] = await Promise.all([getItem(notificationKeys.notice(username, id), { consistent: true }), inboxState(username)]);
  if (!item) throw new NotFound('Notification not found');
  const notice = Notice.fromItem(item);
  if (isRead(notice, state.readAllAt)) return Math.max(0, state.unread);
  const at = nowIso();
  const result = await transactWrite([
    {
      Update: {
        TableName: TABLE_NAME,
        Key: notificationKeys.notice(username, id),
        UpdateExpression: 'SET readAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND readAt = :null',
        ExpressionAttributeValues: { ':at': at, ':null': null },
      },
    },
    {
      Update: {
        TableName: TABLE_NAME,
        Key: notificationKeys.state(username),
        UpdateExpression: 'SET unread = if_not_exists(unread, :zero) - :one',
        ConditionExpression: 'unread > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      },
    },
  ]);
  // a failed condition: read by a concurrent request meanwhile (or the count was already 0)
  if (!result.ok) return Math.max(0, (await inboxState(username)).unread);
  return Math.max(0, state.unread - 1);
}

/** Marks every notice read at once: O(1), whatever the inbox holds (`readAllAt`). */
export async function markAllNoticesRead(username: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: notificationKeys.state(username),
      UpdateExpression: 'SET unread = :zero, readAllAt = :at, #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':zero': 0, ':at': nowIso(), ':type': 'inboxState' },
    }),
  );
}

export async function getPreferences(username: string): Promise<NotificationPreferences | null> {
  const item = await getItem(notificationKeys.preferences(username));
  return item ? Preferences().parse(item) : null;
}

export async function putPreferences(username: string, prefs: NotificationPreferences): Promise<void> {
  await transactWrite([{ Put: { TableName: TABLE_NAME, Item: { ...notificationKeys.preferences(username), type: 'notificationPreferences', ...prefs, updatedAt: nowIso() } } }]);
}

export async function getSuppression(address: string): Promise<SuppressionRecord | null> {
  const item = await getItem(notificationKeys.suppression(address));
  return item ? Suppression().parse(item) : null;
}

/** Stops email to an address (a hard bounce or a complaint); the first reason is kept. */
export async function suppressAddress(address: string, reason: SuppressionRecord['reason']): Promise<void> {
  await transactWrite([
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...notificationKeys.suppression(address), type: 'suppression', address: address.trim().toLowerCase(), reason, at: nowIso() },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

export interface NewNotice {
  notice: NoticeRecord;
  /** The email that goes with it, if any (status queued, held or suppressed). */
  email: EmailMessageRecord | null;
  /** The school day of the digest rule, when the email is `queued` (it claims that day). */
  emailDay: string | null;
}

export type WriteOutcome = 'written' | 'duplicate' | 'day-taken';

/**
 * Writes a notice, its email and the markers in one transaction: `duplicate` when the key was used
 * (nothing written), `day-taken` when another email of the category already went today (nothing
 * written: the caller holds this one for the digest and writes again).
 */
export async function writeNotice({ notice, email, emailDay }: NewNotice): Promise<WriteOutcome> {
  const items: TransactItems = [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...notificationKeys.noticeKey(notice.key), type: 'noticeKey', username: notice.username, noticeId: notice.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { TableName: TABLE_NAME, Item: Notice.item(notice) } },
    {
      Update: {
        TableName: TABLE_NAME,
        Key: notificationKeys.state(notice.username),
        UpdateExpression: 'SET #type = :type ADD unread :one',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':one': 1, ':type': 'inboxState' },
      },
    },
  ];
  if (email) items.push({ Put: { TableName: TABLE_NAME, Item: EmailMessage.item(email) } });
  if (email && emailDay) {
    const key = notificationKeys.emailDay(notice.username, email.category, emailDay);
    // kept 3 days: long enough for the day it guards, then TTL clears it
    const expiresAt = Math.floor(Date.parse(notice.createdAt) / 1000) + 3 * DAY_SECONDS;
    items.push({ Put: { TableName: TABLE_NAME, Item: { ...key, type: 'emailDay', expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' } });
  }
  const result = await transactWrite(items);
  if (result.ok) return 'written';
  return result.failedConditions.includes(0) ? 'duplicate' : 'day-taken';
}

/** The notice written under a key, and its email: what a redelivered event finds. */
export async function noticeByKey(key: string): Promise<{ notice: NoticeRecord; email: EmailMessageRecord | null } | null> {
  const marker = await getItem(notificationKeys.noticeKey(key), { consistent: true });
  if (!marker) return null;
  const { username, noticeId } = NoticeKeyMarker().parse(marker);
  const [notice, email] = await Promise.all([getItem(notificationKeys.notice(username, noticeId), { consistent: true }), getEmailMessage(username, noticeId)]);
  return notice ? { notice: Notice.fromItem(notice), email } : null;
}

export async function getEmailMessage(username: string, id: string): Promise<EmailMessageRecord | null> {
  const item = await getItem(notificationKeys.message(username, id), { consistent: true });
  return item ? EmailMessage.fromItem(item) : null;
}

/** How a status may move: SES's events can arrive out of order, and a final word is not overwritten by an earlier one. */
const RANK: Record<MessageStatus, number> = { queued: 0, held: 0, sent: 1, digested: 1, delivered: 2, failed: 3, suppressed: 3, bounced: 3, complained: 4 };

/**
 * Sets an email's status (and SES's message id when it was sent), unless it already has a later
 * one. Answers whether it changed. Holding mail leaves the digest index when it is sent.
 */
export async function setEmailStatus(username: string, id: string, status: MessageStatus, extra: { sesMessageId?: string; detail?: string } = {}): Promise<boolean> {
  const allowedFrom = (Object.keys(RANK) as MessageStatus[]).filter((s) => RANK[s] < RANK[status] || (s === status && status === 'held'));
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':status': status, ':at': nowIso() };
  let update = 'SET #status = :status, updatedAt = :at';
  if (extra.sesMessageId) {
    update += ', sesMessageId = :ses';
    values[':ses'] = extra.sesMessageId;
  }
  if (extra.detail) {
    update += ', detail = :detail';
    values[':detail'] = extra.detail;
  }
  if (status !== 'held') update += ' REMOVE gsi1pk, gsi1sk';
  const from = allowedFrom.map((s, i) => {
    values[`:from${i}`] = s;
    return `:from${i}`;
  });
  return updateIf({
    Key: notificationKeys.message(username, id),
    UpdateExpression: update,
    ConditionExpression: `attribute_exists(pk) AND #status IN (${from.join(', ')})`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/**
 * Claims a queued email for sending: only the claimer sends it, so a redelivered event racing the
 * first delivery cannot send it twice. A claim older than `staleBefore` (its sender stopped before
 * SES answered) may be taken over; SES may then have it twice, the one duplicate left possible.
 */
export async function claimEmailSend(username: string, id: string, at: string, staleBefore: string): Promise<boolean> {
  return updateIf({
    Key: notificationKeys.message(username, id),
    UpdateExpression: 'SET sendingAt = :at',
    ConditionExpression: '#status = :queued AND (attribute_not_exists(sendingAt) OR sendingAt < :stale)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':at': at, ':queued': 'queued', ':stale': staleBefore },
  });
}

/** One page of a person's emails, newest first (the staff message log). */
export async function listEmailMessages(username: string, limit: number, cursor?: Record<string, unknown>) {
  ownCursor(username, 'M#', cursor);
  const page = await queryPage(
    { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)', ExpressionAttributeValues: { ':pk': inbox(username), ':m': 'M#' }, ScanIndexForward: false },
    limit,
    cursor,
  );
  return { messages: page.items.map(EmailMessage.fromItem), lastKey: page.lastKey };
}

/** Every email held for the digest, by person and category (the sparse gsi1 collection). */
export async function listHeldEmails(): Promise<EmailMessageRecord[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': notificationKeys.held } });
  return items.map(EmailMessage.fromItem);
}

/** Claims a school day's one email of a category for a person (the digest); false when taken. */
export async function claimEmailDay(username: string, category: string, day: string, at: string): Promise<boolean> {
  const expiresAt = Math.floor(Date.parse(at) / 1000) + 3 * DAY_SECONDS;
  const result = await transactWrite([
    {
      Put: { TableName: TABLE_NAME, Item: { ...notificationKeys.emailDay(username, category, day), type: 'emailDay', expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' },
    },
  ]);
  return result.ok;
}
