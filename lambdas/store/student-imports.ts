/**
 * CSV imports of students: one partition per import (keys.ts `importKeys`).
 *
 *   IMPORT              the record: who, when, file name, total rows, chunks, status; counts of finished chunks
 *   CHUNK#<n>           the validated rows of chunk n, until the job has recorded all of them (then deleted;
 *                       TTL two weeks in case the job never gets there: rows may hold temporary passwords)
 *   PROGRESS#<n>        chunk n's counters (processed, created, skipped, failed), one writer at a time
 *   ROW#<line>          one row's outcome and reason, or its claim while its student is being created
 *
 * Idempotency: a row's outcome is put only if it has none (`attribute_not_exists(outcome)`), in the same
 * transaction as its chunk's counters, so a redelivered message or a retried chunk counts nothing twice;
 * a chunk's counters join the record's once (`attribute_not_exists(done)` on the progress item). Live
 * progress is the sum of the progress items; the record's counts (the list) move chunk by chunk.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { ImportCounts, ImportRowOutcome, ImportRowReport, ImportStatus, ImportSummary } from '../contract/student-import.js';
import type { StoredRow } from '../domain/import-rows.js';
import { db, TABLE_NAME } from './dynamo.js';
import { importKeys as k, keys } from './keys.js';
import { TTL_ATTRIBUTE } from './table-schema.js';
import { transactWrite } from './dynamo.js';

type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };

export interface ImportRecord {
  id: string;
  fileName: string;
  createdBy: string;
  createdAt: string;
  total: number;
  chunks: number;
  status: ImportStatus;
  finishedAt: string | null;
  /** Counts of the chunks finished so far. */
  processed: number;
  created: number;
  skipped: number;
  failed: number;
  error?: string;
}

/** How long stored rows wait for the job before DynamoDB removes them. */
const CHUNK_TTL_SECONDS = 14 * 24 * 3600;
const COUNTER_OF: Record<ImportRowOutcome, 'created' | 'skipped' | 'failed'> = { created: 'created', exists: 'skipped', failed: 'failed' };

const recordKey = (id: string): Key => ({ pk: k.import(id), sk: k.record });
const chunkKey = (id: string, index: number): Key => ({ pk: k.import(id), sk: k.chunk(index) });
const progressKey = (id: string, index: number): Key => ({ pk: k.import(id), sk: k.progress(index) });
const rowKey = (id: string, line: number): Key => ({ pk: k.import(id), sk: k.row(line) });

const toRecord = (item: Item): ImportRecord => ({
  id: String(item.id), fileName: String(item.fileName ?? ''), createdBy: String(item.createdBy), createdAt: String(item.createdAt),
  total: Number(item.total), chunks: Number(item.chunks), status: item.status as ImportStatus, finishedAt: (item.finishedAt as string | undefined) ?? null,
  processed: Number(item.processed ?? 0), created: Number(item.created ?? 0), skipped: Number(item.skipped ?? 0), failed: Number(item.failed ?? 0),
  ...(item.error ? { error: String(item.error) } : {}),
});

export const summaryOf = (r: ImportRecord, counts: ImportCounts = r): ImportSummary => ({
  id: r.id, file_name: r.fileName, created_by: r.createdBy, created_at: r.createdAt, finished_at: r.finishedAt, status: r.status,
  total: r.total, processed: counts.processed, created: counts.created, skipped: counts.skipped, failed: counts.failed,
});

async function batchWrite(items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let pending: Record<string, unknown>[] | undefined = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const out: BatchWriteCommandOutput = await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: pending as never } }));
      pending = out.UnprocessedItems?.[TABLE_NAME] as typeof pending;
    }
  }
}

/** Stores the chunks, then the record (status processing): what the job needs before any message is sent. */
export async function createImport(input: { id: string; fileName: string; createdBy: string; createdAt: string; chunks: StoredRow[][] }): Promise<ImportRecord> {
  const { id, chunks } = input;
  const expiresAt = Math.floor(Date.parse(input.createdAt) / 1000) + CHUNK_TTL_SECONDS;
  await batchWrite(chunks.map((rows, index) => ({ ...chunkKey(id, index), type: 'importChunk', rows, [TTL_ATTRIBUTE]: expiresAt })));
  const record: ImportRecord = {
    id, fileName: input.fileName, createdBy: input.createdBy, createdAt: input.createdAt, total: chunks.reduce((n, c) => n + c.length, 0),
    chunks: chunks.length, status: 'processing', finishedAt: null, processed: 0, created: 0, skipped: 0, failed: 0,
  };
  await db.send(new PutCommand({
    TableName: TABLE_NAME,
    Item: { ...recordKey(id), type: 'import', ...record, gsi1pk: k.imports, gsi1sk: k.importsSort(record.createdAt, id) },
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
  return record;
}

/** The messages could not be sent: the import will never finish, and says so. */
export async function markImportFailed(id: string, error: string, at: string): Promise<void> {
  await db.send(new UpdateCommand({
    TableName: TABLE_NAME, Key: recordKey(id),
    UpdateExpression: 'SET #status = :failed, #error = :error, #finishedAt = :at',
    ConditionExpression: '#status = :processing',
    ExpressionAttributeNames: { '#status': 'status', '#error': 'error', '#finishedAt': 'finishedAt' },
    ExpressionAttributeValues: { ':failed': 'failed', ':processing': 'processing', ':error': error, ':at': at },
  })).catch((e: Error) => { if (e.name !== 'ConditionalCheckFailedException') throw e; });
}

export async function getImport(id: string): Promise<ImportRecord | null> {
  const out = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: recordKey(id), ConsistentRead: true }));
  return out.Item ? toRecord(out.Item) : null;
}

/** A chunk's stored rows, or null once the job has recorded all of them (or they expired). */
export async function getChunk(id: string, index: number): Promise<StoredRow[] | null> {
  const out = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: chunkKey(id, index), ConsistentRead: true }));
  return out.Item ? (out.Item.rows as StoredRow[]) : null;
}

export async function deleteChunk(id: string, index: number): Promise<void> {
  await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: chunkKey(id, index) }));
}

export interface ChunkState {
  /** Rows of the chunk that already have an outcome (a redelivery, or an earlier partial attempt). */
  done: Set<number>;
  /** Rows claimed by an earlier attempt that ended before recording them: that attempt may have created the student. */
  claimed: Set<number>;
  /** Existing students by username: their email. */
  students: Map<string, string>;
  /** Who owns an email address, by email (lower case). */
  emailOwners: Map<string, string>;
}

/** One BatchGet (up to 100 keys): the chunk's rows' outcomes, and the students its valid rows name. */
export async function readChunkState(id: string, rows: readonly StoredRow[]): Promise<ChunkState> {
  const wanted: Key[] = [
    ...rows.map((r) => rowKey(id, r.line)),
    ...rows.flatMap((r) => (r.input ? [{ pk: keys.student(r.input.username), sk: keys.studentProfile }, { pk: keys.studentEmail(r.input.email), sk: keys.studentEmail(r.input.email) }] : [])),
  ];
  const state: ChunkState = { done: new Set(), claimed: new Set(), students: new Map(), emailOwners: new Map() };
  const unique = [...new Map(wanted.map((key) => [`${key.pk}\u0000${key.sk}`, key])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let request: BatchGetCommandOutput['UnprocessedKeys'] = { [TABLE_NAME]: { Keys: unique.slice(i, i + 100), ConsistentRead: true } };
    for (let attempt = 0; request && Object.keys(request).length; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const page: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of page.Responses?.[TABLE_NAME] ?? []) {
        if (item.type === 'importRow') (item.outcome ? state.done : state.claimed).add(Number(item.line));
        else if (item.sk === keys.studentProfile) state.students.set(String(item.username), String(item.email).toLowerCase());
        else state.emailOwners.set(String(item.pk).slice(keys.studentEmail('').length), String(item.username));
      }
      request = page.UnprocessedKeys;
    }
  }
  return state;
}

/** The email of an existing student (lower case), or null: who a username belongs to. */
export async function studentEmail(username: string): Promise<string | null> {
  const out = await db.send(new GetCommand({
    TableName: TABLE_NAME, Key: { pk: keys.student(username), sk: keys.studentProfile }, ProjectionExpression: 'email', ConsistentRead: true,
  }));
  return out.Item ? String(out.Item.email).toLowerCase() : null;
}

/** Marks a row as being worked on (unless it already has an outcome): a later attempt then knows the student may be its own. */
export async function claimRow(id: string, row: Pick<StoredRow, 'line' | 'username'>, at: string): Promise<boolean> {
  try {
    await db.send(new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...rowKey(id, row.line), type: 'importRow', line: row.line, username: row.username, claimedAt: at },
      ConditionExpression: 'attribute_not_exists(outcome)',
    }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Records a row's outcome and counts it in its chunk, once: false when it already had one. */
export async function recordRow(id: string, chunk: number, report: ImportRowReport, at: string): Promise<boolean> {
  const written = await transactWrite([
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...rowKey(id, report.line), type: 'importRow', line: report.line, username: report.username, outcome: report.outcome, reason: report.reason, at },
        ConditionExpression: 'attribute_not_exists(outcome)',
      },
    },
    {
      Update: {
        TableName: TABLE_NAME, Key: progressKey(id, chunk),
        UpdateExpression: 'SET #type = :type ADD #processed :one, #counter :one',
        ExpressionAttributeNames: { '#type': 'type', '#processed': 'processed', '#counter': COUNTER_OF[report.outcome] },
        ExpressionAttributeValues: { ':one': 1, ':type': 'importProgress' },
      },
    },
  ]);
  return written.ok;
}

/**
 * Adds a finished chunk's counters to the record, once (the progress item is marked done in the same
 * transaction), then marks the import done when every row is counted. Safe to repeat.
 */
export async function completeChunk(id: string, chunk: number, at: string): Promise<void> {
  const progress = (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: progressKey(id, chunk), ConsistentRead: true }))).Item;
  if (progress && !progress.done) {
    const n = (name: string) => Number(progress[name] ?? 0);
    await transactWrite([
      {
        Update: {
          TableName: TABLE_NAME, Key: progressKey(id, chunk), UpdateExpression: 'SET #done = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#done)',
          ExpressionAttributeNames: { '#done': 'done' }, ExpressionAttributeValues: { ':at': at },
        },
      },
      {
        Update: {
          TableName: TABLE_NAME, Key: recordKey(id),
          UpdateExpression: 'ADD #processed :p, #created :c, #skipped :s, #failed :f', ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#processed': 'processed', '#created': 'created', '#skipped': 'skipped', '#failed': 'failed' },
          ExpressionAttributeValues: { ':p': n('processed'), ':c': n('created'), ':s': n('skipped'), ':f': n('failed') },
        },
      },
    ]);
  }
  const record = await getImport(id);
  if (record && record.status === 'processing' && record.processed >= record.total) {
    await db.send(new UpdateCommand({
      TableName: TABLE_NAME, Key: recordKey(id),
      UpdateExpression: 'SET #status = :done, #finishedAt = :at', ConditionExpression: '#status = :processing',
      ExpressionAttributeNames: { '#status': 'status', '#finishedAt': 'finishedAt' }, ExpressionAttributeValues: { ':done': 'done', ':processing': 'processing', ':at': at },
    })).catch((e: Error) => { if (e.name !== 'ConditionalCheckFailedException') throw e; });
  }
}

/**
 * The record and its live counts: one Query over `IMPORT` and the `PROGRESS#` items (they sort together,
 * before the rows). A chunk's counters stay after it is done, so the sum is every row counted so far.
 */
export async function importWithProgress(id: string): Promise<{ record: ImportRecord; counts: ImportCounts } | null> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': k.import(id), ':from': k.record, ':to': `${k.progressPrefix}\uffff` },
      ExclusiveStartKey: startKey,
    }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const recordItem = items.find((i) => i.sk === k.record);
  if (!recordItem) return null;
  const record = toRecord(recordItem);
  const counts: ImportCounts = { total: record.total, processed: 0, created: 0, skipped: 0, failed: 0 };
  for (const p of items.filter((i) => i.sk !== k.record)) {
    counts.processed += Number(p.processed ?? 0);
    counts.created += Number(p.created ?? 0);
    counts.skipped += Number(p.skipped ?? 0);
    counts.failed += Number(p.failed ?? 0);
  }
  return { record, counts };
}

/** One page of the report, in line order; rows still being worked on are left out until they have an outcome. */
export async function reportPage(id: string, limit: number, after?: Record<string, string>): Promise<{ rows: ImportRowReport[]; next?: Record<string, unknown> }> {
  const page = await db.send(new QueryCommand({
    TableName: TABLE_NAME,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rows)',
    ExpressionAttributeValues: { ':pk': k.import(id), ':rows': k.rowPrefix },
    Limit: limit,
    ExclusiveStartKey: after,
  }));
  const rows = (page.Items ?? []).filter((i) => i.outcome).map((i): ImportRowReport => ({
    line: Number(i.line), username: String(i.username ?? ''), outcome: i.outcome as ImportRowOutcome, reason: String(i.reason ?? ''),
  }));
  return { rows, next: page.LastEvaluatedKey };
}

/** Imports, newest first (gsi1). */
export async function listImports(limit: number, after?: Record<string, string>): Promise<{ records: ImportRecord[]; next?: Record<string, unknown> }> {
  const page = await db.send(new QueryCommand({
    TableName: TABLE_NAME, IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': k.imports },
    ScanIndexForward: false, Limit: limit, ExclusiveStartKey: after,
  }));
  return { records: (page.Items ?? []).map(toRecord), next: page.LastEvaluatedKey };
}
