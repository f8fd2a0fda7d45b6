/**
 * Reading the audit log, newest first, never with a Scan:
 *  - by user: one Query of gsi1 (`AUDIT_BY#<actor>`), by action: one Query of gsi2
 *    (`AUDIT_ACTION#<action>`), both ranged on the time in the sort key; user and action together
 *    read the user's entries and filter by action (the waste is bounded by that user's entries);
 *  - neither: the day partitions (`AUDIT#<day>`) from the newest day of the range back, one Query
 *    per day until the page is full, so the range is capped (contract/audit.ts).
 * A page's cursor is the sort key of the last entry it covered (`<iso>#<id>`): every key the next
 * Query starts after is built from it here, so a forged cursor can only move within the log.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, TABLE_NAME } from './dynamo.js';
import { auditKeys } from './keys.js';
import type { AuditEntry } from './audit.js';
import type { Item } from './students.js';

export interface AuditRecord extends AuditEntry {
  id: string;
  at: string;
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

const toRecord = (item: Item): AuditRecord => {
  const { pk: _a, sk: _b, type: _c, gsi1pk: _d, gsi1sk: _e, gsi2pk: _f, gsi2sk: _g, ...rest } = item;
  return rest as unknown as AuditRecord;
};

export async function listAuditEntries(q: AuditQuery): Promise<AuditResults> {
  return q.actor || q.action ? listFromIndex(q) : listByDay(q);
}

async function listFromIndex(q: AuditQuery): Promise<AuditResults> {
  const [index, pkName, skName, pkValue] = q.actor
    ? ['gsi1', 'gsi1pk', 'gsi1sk', auditKeys.byActor(q.actor)] as const
    : ['gsi2', 'gsi2pk', 'gsi2sk', auditKeys.byAction(q.action!)] as const;
  const filtered = Boolean(q.actor && q.action);
  const input: QueryCommandInput = {
    TableName: TABLE_NAME, IndexName: index, ScanIndexForward: false,
    KeyConditionExpression: `${pkName} = :pk AND ${skName} BETWEEN :lo AND :hi`,
    ExpressionAttributeValues: { ':pk': pkValue, ':lo': q.from ?? '0', ':hi': `${q.to ?? '9999-12-31'}\uffff` },
    ...(filtered ? { FilterExpression: '#action = :action', ExpressionAttributeNames: { '#action': 'action' } } : {}),
  };
  if (filtered) input.ExpressionAttributeValues![':action'] = q.action;
  const startAfter = (sk: string) => ({ pk: auditKeys.day(sk), sk, [pkName]: pkValue, [skName]: sk });

  const records: AuditRecord[] = [];
  let start = q.after ? startAfter(q.after) : undefined;
  for (let queries = 0; queries < (filtered ? MAX_FILTERED_QUERIES : 1); queries++) {
    const want = q.limit - records.length;
    const page = await db.send(new QueryCommand({ ...input, Limit: filtered ? Math.max(want, FILTERED_BATCH) : want, ExclusiveStartKey: start }));
    const items = page.Items ?? [];
    records.push(...items.slice(0, want).map(toRecord));
    if (records.length === q.limit) {
      const more = items.length > want || page.LastEvaluatedKey !== undefined;
      return { records, after: more ? sortKeyOf(records[records.length - 1]!) : null };
    }
    if (!page.LastEvaluatedKey) return { records, after: null };
    start = startAfter(String(page.LastEvaluatedKey[skName]));
  }
  // a sparse filter: answer what was found so far and carry on from where reading stopped
  return { records, after: String(start![skName]) };
}

async function listByDay(q: AuditQuery): Promise<AuditResults> {
  const records: AuditRecord[] = [];
  const firstDay = q.after ? q.after.slice(0, 10) : q.to!;
  let start: Record<string, string> | undefined = q.after ? { pk: auditKeys.day(q.after), sk: q.after } : undefined;
  for (let day = firstDay; day >= q.from!; day = previousDay(day)) {
    do {
      const want = q.limit - records.length;
      const page = await db.send(new QueryCommand({
        TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': auditKeys.day(day) },
        ScanIndexForward: false, Limit: want, ExclusiveStartKey: start,
      }));
      records.push(...(page.Items ?? []).map(toRecord));
      start = page.LastEvaluatedKey as Record<string, string> | undefined;
      if (records.length === q.limit) {
        // more may follow in this day or in an earlier one of the range
        const more = start !== undefined || day > q.from!;
        return { records, after: more ? sortKeyOf(records[records.length - 1]!) : null };
      }
    } while (start);
  }
  return { records, after: null };
}

const sortKeyOf = (r: AuditRecord) => auditKeys.entry(r.at, r.id);

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
