/**
 * The audit log: who changed what, when, written in the same transaction as the change it
 * describes (so there is never a change without its entry, nor an entry without its change),
 * and who read which student records (FERPA), written before the record is answered.
 * Entries are only ever put, never updated or deleted: no store function does either, no route
 * can (lambdas/routes.test.ts), and the cloud's IAM denies it (lib/constructs/api-function.ts).
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { subjectFromEntry } from '../domain/audit-subjects.js';
import { db, TABLE_NAME } from './dynamo.js';
import { auditKeys } from './keys.js';
import type { Item } from './students.js';

export interface AuditEntry {
  actor: string;
  /** e.g. "course.create", "course.update", "course.delete"; reads end in ".read" */
  action: string;
  entityType: string;
  entityId: string;
  /**
   * The subject in words ("course Physics (40101)", domain/audit-subjects.ts), kept on the entry so
   * a later rename or deletion does not change it. Writers name it from what they have at hand; an
   * entry without one is labelled from its own snapshot when it is written.
   */
  subject?: string;
  before?: unknown;
  after?: unknown;
  /** What a read showed (the usernames on a roster, a list's filters): "who looked at what". */
  detail?: unknown;
}

/** The stored item of `entry` (also how tests and the budget fixtures write entries directly). */
export function auditItem(entry: AuditEntry, at = new Date().toISOString(), id: string = randomUUID()): Item {
  return {
    pk: auditKeys.day(at), sk: auditKeys.entry(at, id), type: 'audit', id, at, ...entry, subject: entry.subject ?? subjectFromEntry(entry),
    gsi1pk: auditKeys.byActor(entry.actor), gsi1sk: auditKeys.entry(at, id),
    gsi2pk: auditKeys.byAction(entry.action), gsi2sk: auditKeys.entry(at, id),
  };
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

/** Most usernames one read entry names (about 40 KB, far under DynamoDB's 400 KB item limit). */
export const MAX_NAMED_STUDENTS = 1_000;

/** The detail of a read that showed several students: how many, and who (the first 1,000). */
export function studentsShown(usernames: readonly string[]) {
  const unique = [...new Set(usernames)];
  return { count: unique.length, students: unique.slice(0, MAX_NAMED_STUDENTS), ...(unique.length > MAX_NAMED_STUDENTS ? { truncated: true } : {}) };
}
