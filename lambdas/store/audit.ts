/**
 * The audit log: who changed what, when, written in the same transaction as the change it
 * describes (so there is never a change without its entry, nor an entry without its change),
 * and who read which student records (FERPA), written before the record is answered.
 * Entries are only ever put, never updated or deleted: no store function does either, no route
 * can (lambdas/routes.test.ts), and the cloud's IAM denies it (lib/constructs/api-function.ts).
 *
 * Reading it, newest first, never with a Scan:
 *  - by user: one Query of gsi1 (`AUDIT_BY#<actor>`), by action: one Query of gsi2
 *    (`AUDIT_ACTION#<action>`), both ranged on the time in the sort key; user and action together
 *    read the user's entries and filter by action (the waste is bounded by that user's entries);
 *  - neither: the day partitions (`AUDIT#<day>`) from the newest day of the range back, one Query
 *    per day until the page is full, so the range is capped (contract/audit.ts).
 * A page's cursor is the sort key of the last entry it covered (`<iso>#<id>`): every key the next
 * Query starts after is built from it here, so a forged cursor can only move within the log.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction } from '../contract/audit-actions.js';
import * as z from '../contract/zod.js';
import { subjectFromEntry } from '../domain/audit-subjects.js';
import { required } from '../domain/required.js';
import { db, entity, queryPage, TABLE_NAME, type Item, type QueryInput, type RecordOf } from './dynamo.js';

/** One partition per day; gsi1 by actor, gsi2 by action, each sorted by time. */
export const auditKeys = {
  day: (at: string) => `AUDIT#${at.slice(0, 10)}`,
  entry: (at: string, id: string) => `${at}#${id}`,
  byActor: (actor: string) => `AUDIT_BY#${actor}`,
  byAction: (action: string) => `AUDIT_ACTION#${action}`,
} as const;

export const Audit = entity(
  'audit',
  () =>
    z.object({
      id: z.string(),
      at: z.string(),
      actor: z.string(),
      /**
       * e.g. "course.create"; reads end in ".read". Writers name one of AUDIT_ACTIONS (AuditEntry's type); read back as
       * any string, so an entry of an action since renamed still lists.
       */
      action: z.string(),
      entityType: z.string(),
      entityId: z.string(),
      /**
       * The subject in words ("course Physics (40101)", domain/audit-subjects.ts), kept on the entry so
       * a later rename or deletion does not change it. Writers name it from what they have at hand; an
       * entry without one is labelled from its own snapshot when it is written.
       */
      subject: z.optional(z.string()),
      before: z.optional(z.unknown()),
      after: z.optional(z.unknown()),
      /** What a read showed (the usernames on a roster, a list's filters): "who looked at what". */
      detail: z.optional(z.unknown()),
    }),
  (e) => ({
    pk: auditKeys.day(e.at),
    sk: auditKeys.entry(e.at, e.id),
    gsi1pk: auditKeys.byActor(e.actor),
    gsi1sk: auditKeys.entry(e.at, e.id),
    gsi2pk: auditKeys.byAction(e.action),
    gsi2sk: auditKeys.entry(e.at, e.id),
  }),
);
export type AuditRecord = RecordOf<typeof Audit>;
/** What a writer says; the entry's id and time are added when it is written. */
export type AuditEntry = Omit<AuditRecord, 'id' | 'at' | 'action'> & { action: AuditAction };

/** The stored item of `entry` (also how tests and the budget fixtures write entries directly). */
export function auditItem(entry: AuditEntry, at = new Date().toISOString(), id: string = randomUUID()): Item {
  return Audit.item({ ...entry, id, at, subject: entry.subject ?? subjectFromEntry(entry) });
}

/** A TransactWrite item that records `entry`; add it to the transaction making the change. */
export function auditPut(entry: AuditEntry, at = new Date().toISOString()) {
  return { Put: { TableName: TABLE_NAME, Item: auditItem(entry, at), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/**
 * Records an entry on its own (one PutItem), for what is not a transaction of this table: a change
 * made elsewhere (a refund at Stripe, recorded before it is asked for) or a read.
 */
export async function recordEntry(entry: AuditEntry): Promise<void> {
  await db.send(new PutCommand(auditPut(entry).Put));
}

/**
 * Records a read of another person's student record: one PutItem, whatever the read returned.
 * Callers await it before answering, so a failure fails the read (fail closed): a record is never
 * shown without its entry.
 */
export const recordRead = (entry: AuditEntry & { action: `${string}.read` }): Promise<void> => recordEntry(entry);

/**
 * Records `actor`'s read of `username`'s student record (recordRead) with what it showed; a student's read of their
 * own record needs no entry.
 */
export async function recordStudentRead(
  actor: string,
  username: string,
  action: AuditEntry['action'] & `${string}.read`,
  shown: Pick<AuditEntry, 'subject' | 'detail' | 'after'> = {},
): Promise<void> {
  if (actor === username) return;
  await recordRead({ actor, action, entityType: 'student', entityId: username, ...shown });
}

/** Most usernames one read entry names (about 40 KB, far under DynamoDB's 400 KB item limit). */
export const MAX_NAMED_STUDENTS = 1_000;

/** The detail of a read that showed several students: how many, and who (the first 1,000). */
export function studentsShown(usernames: readonly string[]) {
  const unique = [...new Set(usernames)];
  return { count: unique.length, students: unique.slice(0, MAX_NAMED_STUDENTS), ...(unique.length > MAX_NAMED_STUDENTS ? { truncated: true } : {}) };
}

/** What a roster read names: the collection read (a cohort, a rotation), in words too. */
export type RosterOf = Pick<AuditEntry, 'entityType' | 'entityId' | 'subject'>;

/** Records `actor`'s read of a roster (recordRead), naming the students it shows (studentsShown). */
export function recordRosterRead(actor: string, action: AuditEntry['action'] & `${string}.read`, roster: RosterOf, usernames: readonly string[]): Promise<void> {
  return recordRead({ actor, action, ...roster, detail: studentsShown(usernames) });
}

export interface AuditQuery {
  actor?: string;
  action?: string;
  /** Days YYYY-MM-DD, both included; required when neither actor nor action is given. */
  from?: string;
  to?: string;
  limit: number;
  /** Sort key of the last entry already shown. */
  after?: string;
}

export interface AuditResults {
  records: AuditRecord[];
  /** Where the next page starts, or null when nothing is left. */
  after: string | null;
}

/** The sort key of an entry (`<iso>#<uuid>`), the only cursor shape the list accepts. */
export const AUDIT_SORT_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f-]{36}$/;

/** Queries a filtered page reads at most (each up to FILTERED_BATCH entries) before answering a short page. */
const MAX_FILTERED_QUERIES = 5;
const FILTERED_BATCH = 100;

export async function listAuditEntries(q: AuditQuery): Promise<AuditResults> {
  if (q.actor) return listFromIndex(q, ['gsi1', 'gsi1pk', 'gsi1sk', auditKeys.byActor(q.actor)]);
  if (q.action) return listFromIndex(q, ['gsi2', 'gsi2pk', 'gsi2sk', auditKeys.byAction(q.action)]);
  return listByDay(q);
}

/** An index to read the entries of one actor or one action by: its name, key attributes and partition. */
type AuditIndex = readonly [index: 'gsi1' | 'gsi2', pkName: string, skName: string, pkValue: string];

async function listFromIndex(q: AuditQuery, [index, pkName, skName, pkValue]: AuditIndex): Promise<AuditResults> {
  const filtered = Boolean(q.actor && q.action);
  const input: QueryInput = {
    IndexName: index,
    ScanIndexForward: false,
    KeyConditionExpression: `${pkName} = :pk AND ${skName} BETWEEN :lo AND :hi`,
    ExpressionAttributeValues: { ':pk': pkValue, ':lo': q.from ?? '0', ':hi': `${q.to ?? '9999-12-31'}\uffff`, ...(filtered ? { ':action': q.action } : {}) },
    ...(filtered ? { FilterExpression: '#action = :action', ExpressionAttributeNames: { '#action': 'action' } } : {}),
  };
  const startAfter = (sk: string) => ({ pk: auditKeys.day(sk), sk, [pkName]: pkValue, [skName]: sk });

  const records: AuditRecord[] = [];
  let start = q.after ? startAfter(q.after) : undefined;
  for (let queries = 1; ; queries++) {
    const want = q.limit - records.length;
    const { items, lastKey } = await queryPage(input, filtered ? Math.max(want, FILTERED_BATCH) : want, start);
    records.push(...items.slice(0, want).map((i) => Audit.fromItem(i)));
    if (records.length === q.limit) {
      const more = items.length > want || lastKey !== undefined;
      return { records, after: more ? sortKeyOf(records[records.length - 1]) : null };
    }
    if (!lastKey) return { records, after: null };
    const readTo = String(lastKey[skName]);
    // a sparse filter: answer what was found so far and carry on from where reading stopped
    if (queries >= (filtered ? MAX_FILTERED_QUERIES : 1)) return { records, after: readTo };
    start = startAfter(readTo);
  }
}

async function listByDay(q: AuditQuery): Promise<AuditResults> {
  const records: AuditRecord[] = [];
  // the handler gives the day walk both ends (functions/audit/list.ts)
  const firstDay = q.after ? q.after.slice(0, 10) : required(q.to, 'to (the last day of the audit range)');
  const earliestDay = required(q.from, 'from (the first day of the audit range)');
  let start: Record<string, unknown> | undefined = q.after ? { pk: auditKeys.day(q.after), sk: q.after } : undefined;
  for (let day = firstDay; day >= earliestDay; day = previousDay(day)) {
    do {
      const want = q.limit - records.length;
      const page = await queryPage({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': auditKeys.day(day) }, ScanIndexForward: false }, want, start);
      records.push(...page.items.map((i) => Audit.fromItem(i)));
      start = page.lastKey;
      if (records.length === q.limit) {
        // more may follow in this day or in an earlier one of the range
        const more = start !== undefined || day > earliestDay;
        return { records, after: more ? sortKeyOf(records[records.length - 1]) : null };
      }
    } while (start);
  }
  return { records, after: null };
}

const sortKeyOf = (r: AuditRecord) => auditKeys.entry(r.at, r.id);

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
