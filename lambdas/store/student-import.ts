/**
 * CSV imports of students: one partition per import (`importKeys`).
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
import { BatchWriteCommand, DeleteCommand, PutCommand, UpdateCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { ImportCounts, ImportRowOutcome, ImportRowReport, ImportSummary } from '../contract/student-import.js';
import * as z from '../contract/zod.js';
import type { StoredRow } from '../domain/import-rows.js';
import { batchGetAll, db, entity, getItem, queryAll, queryPage, TABLE_NAME, transactWrite, type Item, type Key, type RecordOf, lazy } from './dynamo.js';
import { EmailMarker, StudentProfile, studentKeys } from './student.js';

/** The sort keys sort in the order of the layout above; gsi1: every import, newest first. */
export const importKeys = {
  import: (id: string) => `IMPORT#${id}`,
  record: 'IMPORT',
  chunk: (index: number) => `CHUNK#${String(index).padStart(5, '0')}`,
  progress: (index: number) => `PROGRESS#${String(index).padStart(5, '0')}`,
  progressPrefix: 'PROGRESS#',
  row: (line: number) => `ROW#${String(line).padStart(6, '0')}`,
  rowPrefix: 'ROW#',
  imports: 'IMPORTS',
  importsSort: (createdAt: string, id: string) => `${createdAt}#${id}`,
} as const;
const k = importKeys;

const recordKey = (id: string): Key => ({ pk: k.import(id), sk: k.record });
const chunkKey = (id: string, index: number): Key => ({ pk: k.import(id), sk: k.chunk(index) });
const progressKey = (id: string, index: number): Key => ({ pk: k.import(id), sk: k.progress(index) });
const rowKey = (id: string, line: number): Key => ({ pk: k.import(id), sk: k.row(line) });

const OUTCOMES = ['created', 'exists', 'failed'] as const satisfies readonly ImportRowOutcome[];

export const Import = entity(
  'import',
  () =>
    z.object({
      id: z.string(),
      fileName: z._default(z.string(), ''),
      createdBy: z.string(),
      createdAt: z.string(),
      total: z.number(),
      chunks: z.number(),
      status: z.enum(['processing', 'done', 'failed']),
      finishedAt: z._default(z.nullable(z.string()), null),
      /** Counts of the chunks finished so far. */
      processed: z._default(z.number(), 0),
      created: z._default(z.number(), 0),
      skipped: z._default(z.number(), 0),
      failed: z._default(z.number(), 0),
      error: z.optional(z.string()),
    }),
  (r) => ({ ...recordKey(r.id), gsi1pk: k.imports, gsi1sk: k.importsSort(r.createdAt, r.id) }),
);
export type ImportRecord = RecordOf<typeof Import>;

/**
 * A chunk's stored rows. Each row's input was validated (contract CreateStudentRequest) before it was
 * stored, by this module; it is read back as written.
 */
const Chunk = lazy(() =>
  z.object({
    rows: z.array(
      z.object({
        line: z.number(),
        username: z.string(),
        input: z.optional(z.custom<NonNullable<StoredRow['input']>>((input) => typeof input === 'object' && input !== null)),
        errors: z.optional(z.array(z.string())),
      }),
    ),
  }),
);

/** A chunk's counters (set by the first row counted in it); `done` once they joined the record's. */
const Progress = lazy(() =>
  z.object({
    processed: z._default(z.number(), 0),
    created: z._default(z.number(), 0),
    skipped: z._default(z.number(), 0),
    failed: z._default(z.number(), 0),
    done: z.optional(z.string()),
  }),
);

/** A row's claim while its student is being created, then its outcome. */
const ROW_TYPE = 'importRow';
const Row = lazy(() =>
  z.object({
    line: z.number(),
    username: z._default(z.string(), ''),
    outcome: z.optional(z.enum(OUTCOMES)),
    reason: z._default(z.string(), ''),
  }),
);

/** Who holds a username: the profile's email. */
const Holder = lazy(() => z.pick(StudentProfile.shape, { username: true, email: true }));

/** How long stored rows wait for the job before DynamoDB removes them. */
const CHUNK_TTL_SECONDS = 14 * 24 * 3600;
const COUNTER_OF: Record<ImportRowOutcome, 'created' | 'skipped' | 'failed'> = { created: 'created', exists: 'skipped', failed: 'failed' };

export const summaryOf = (r: ImportRecord, counts: ImportCounts = r): ImportSummary => ({
  id: r.id,
  file_name: r.fileName,
  created_by: r.createdBy,
  created_at: r.createdAt,
  finished_at: r.finishedAt,
  status: r.status,
  total: r.total,
  processed: counts.processed,
  created: counts.created,
  skipped: counts.skipped,
  failed: counts.failed,
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
  await batchWrite(chunks.map((rows, index) => ({ ...chunkKey(id, index), type: 'importChunk', rows, expiresAt })));
  const record: ImportRecord = {
    id,
    fileName: input.fileName,
    createdBy: input.createdBy,
    createdAt: input.createdAt,
    total: chunks.reduce((n, c) => n + c.length, 0),
    chunks: chunks.length,
    status: 'processing',
    finishedAt: null,
    processed: 0,
    created: 0,
    skipped: 0,
    failed: 0,
  };
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: Import.item(record), ConditionExpression: 'attribute_not_exists(pk)' }));
  return record;
}

/** The messages could not be sent: the import will never finish, and says so. */
export async function markImportFailed(id: string, error: string, at: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: recordKey(id),
        UpdateExpression: 'SET #status = :failed, #error = :error, #finishedAt = :at',
        ConditionExpression: '#status = :processing',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error', '#finishedAt': 'finishedAt' },
        ExpressionAttributeValues: { ':failed': 'failed', ':processing': 'processing', ':error': error, ':at': at },
      }),
    )
    .catch((e: Error) => {
      if (e.name !== 'ConditionalCheckFailedException') throw e;
    });
}

export async function getImport(id: string): Promise<ImportRecord | null> {
  const item = await getItem(recordKey(id), { consistent: true });
  return item ? Import.fromItem(item) : null;
}

/** A chunk's stored rows, or null once the job has recorded all of them (or they expired). */
export async function getChunk(id: string, index: number): Promise<StoredRow[] | null> {
  const item = await getItem(chunkKey(id, index), { consistent: true });
  return item ? Chunk().parse(item).rows : null;
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
  const valid = rows.flatMap((r) => (r.input ? [r.input] : []));
  // an email marker's key, lower-cased, names the address it reserves
  const emailOf = new Map(valid.map((input) => [studentKeys.email(input.email).pk, input.email.trim().toLowerCase()]));
  const found = await batchGetAll([...rows.map((r) => rowKey(id, r.line)), ...valid.flatMap((input) => [studentKeys.profile(input.username), studentKeys.email(input.email)])], {
    consistent: true,
  });
  const state: ChunkState = { done: new Set(), claimed: new Set(), students: new Map(), emailOwners: new Map() };
  for (const item of found) {
    if (item.type === ROW_TYPE) {
      const row = Row().parse(item);
      (row.outcome ? state.done : state.claimed).add(row.line);
    } else if (item.type === StudentProfile.type) {
      const holder = Holder().parse(item);
      state.students.set(holder.username, holder.email.toLowerCase());
    } else {
      state.emailOwners.set(emailOf.get(String(item.pk)) ?? '', EmailMarker().parse(item).username);
    }
  }
  return state;
}

/** The email of an existing student (lower case), or null: who a username belongs to. */
export async function studentEmail(username: string): Promise<string | null> {
  const item = await getItem(studentKeys.profile(username), { consistent: true });
  return item ? Holder().parse(item).email.toLowerCase() : null;
}

/** Marks a row as being worked on (unless it already has an outcome): a later attempt then knows the student may be its own. */
export async function claimRow(id: string, row: Pick<StoredRow, 'line' | 'username'>, at: string): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { ...rowKey(id, row.line), type: ROW_TYPE, line: row.line, username: row.username, claimedAt: at },
        ConditionExpression: 'attribute_not_exists(outcome)',
      }),
    );
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
        Item: { ...rowKey(id, report.line), type: ROW_TYPE, line: report.line, username: report.username, outcome: report.outcome, reason: report.reason, at },
        ConditionExpression: 'attribute_not_exists(outcome)',
      },
    },
    {
      Update: {
        TableName: TABLE_NAME,
        Key: progressKey(id, chunk),
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
 * transaction), then marks the import done when every row is counted. Safe to repeat. Answers the
 * record when the import is done (by this chunk or before), else null.
 */
export async function completeChunk(id: string, chunk: number, at: string): Promise<ImportRecord | null> {
  const item = await getItem(progressKey(id, chunk), { consistent: true });
  const progress = item && Progress().parse(item);
  if (progress && !progress.done) {
    await transactWrite([
      {
        Update: {
          TableName: TABLE_NAME,
          Key: progressKey(id, chunk),
          UpdateExpression: 'SET #done = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#done)',
          ExpressionAttributeNames: { '#done': 'done' },
          ExpressionAttributeValues: { ':at': at },
        },
      },
      {
        Update: {
          TableName: TABLE_NAME,
          Key: recordKey(id),
          UpdateExpression: 'ADD #processed :p, #created :c, #skipped :s, #failed :f',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#processed': 'processed', '#created': 'created', '#skipped': 'skipped', '#failed': 'failed' },
          ExpressionAttributeValues: { ':p': progress.processed, ':c': progress.created, ':s': progress.skipped, ':f': progress.failed },
        },
      },
    ]);
  }
  const record = await getImport(id);
  if (record?.status === 'done') return record;
  if (record && record.status === 'processing' && record.processed >= record.total) {
    return await db
      .send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: recordKey(id),
          UpdateExpression: 'SET #status = :done, #finishedAt = :at',
          ConditionExpression: '#status = :processing',
          ExpressionAttributeNames: { '#status': 'status', '#finishedAt': 'finishedAt' },
          ExpressionAttributeValues: { ':done': 'done', ':processing': 'processing', ':at': at },
        }),
      )
      .then(() => ({ ...record, status: 'done' as const, finishedAt: at }))
      .catch((e: Error) => {
        if (e.name !== 'ConditionalCheckFailedException') throw e;
        return getImport(id).then((r) => (r?.status === 'done' ? r : null)); // finished by another chunk meanwhile
      });
  }
  return null;
}

/**
 * The record and its live counts: one Query over `IMPORT` and the `PROGRESS#` items (they sort together,
 * before the rows). A chunk's counters stay after it is done, so the sum is every row counted so far.
 */
export async function importWithProgress(id: string): Promise<{ record: ImportRecord; counts: ImportCounts } | null> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': k.import(id), ':from': k.record, ':to': `${k.progressPrefix}\uffff` },
  });
  const recordItem = items.find((i) => i.sk === k.record);
  if (!recordItem) return null;
  const record = Import.fromItem(recordItem);
  const counts: ImportCounts = { total: record.total, processed: 0, created: 0, skipped: 0, failed: 0 };
  for (const p of items.filter((i) => i.sk !== k.record).map((i) => Progress().parse(i))) {
    counts.processed += p.processed;
    counts.created += p.created;
    counts.skipped += p.skipped;
    counts.failed += p.failed;
  }
  return { record, counts };
}

/** Whether a cursor continues this import's report (it names one of its rows, and nothing else). */
export const isReportCursor = (id: string, after: Record<string, string>) =>
  after.pk === k.import(id) && Boolean(after.sk?.startsWith(k.rowPrefix)) && Object.keys(after).length === 2;

/** Whether a cursor continues the list of imports (it names an import record in that list). */
export const isImportsCursor = (after: Record<string, string>) => after.gsi1pk === k.imports && Boolean(after.pk?.startsWith(k.import(''))) && after.sk === k.record;

/** One page of the report, in line order; rows still being worked on are left out until they have an outcome. */
export async function reportPage(id: string, limit: number, after?: Record<string, string>): Promise<{ rows: ImportRowReport[]; next?: Record<string, unknown> }> {
  const page = await queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rows)',
      ExpressionAttributeValues: { ':pk': k.import(id), ':rows': k.rowPrefix },
    },
    limit,
    after,
  );
  const rows = page.items.map((i) => Row().parse(i)).flatMap(({ line, username, outcome, reason }): ImportRowReport[] => (outcome ? [{ line, username, outcome, reason }] : []));
  return { rows, next: page.lastKey };
}

/** Imports, newest first (gsi1). */
export async function listImports(limit: number, after?: Record<string, string>): Promise<{ records: ImportRecord[]; next?: Record<string, unknown> }> {
  const page = await queryPage(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': k.imports },
      ScanIndexForward: false,
    },
    limit,
    after,
  );
  return { records: page.items.map((i) => Import.fromItem(i)), next: page.lastKey };
}
