/**
 * The audit log: who changed what, when, written in the same transaction as the change it
 * describes (so there is never a change without its entry, nor an entry without its change).
 * Entries are only ever put, never updated or deleted.
 */
import { randomUUID } from 'node:crypto';
import { TABLE_NAME } from './dynamo.js';
import { auditKeys } from './keys.js';

export interface AuditEntry {
  actor: string;
  /** e.g. "course.create", "course.update", "course.delete" */
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** A TransactWrite item that records `entry`; add it to the transaction making the change. */
export function auditPut(entry: AuditEntry, at = new Date().toISOString()) {
  const id = randomUUID();
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        pk: auditKeys.day(at), sk: auditKeys.entry(at, id), type: 'audit', id, at, ...entry,
        gsi1pk: auditKeys.byActor(entry.actor), gsi1sk: auditKeys.entry(at, id),
        gsi2pk: auditKeys.byAction(entry.action), gsi2sk: auditKeys.entry(at, id),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
