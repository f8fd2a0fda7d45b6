/**
 * One chunk of a CSV import, as the students-import-chunks job runs it for each message.
 * Every row is done at most once, whatever the deliveries:
 *  - a row with an outcome (ROW#<line>) is skipped: a redelivered message, or a retry after some rows failed;
 *  - a student that already exists with the row's username and email is reported `exists`, not created
 *    again (re-running a file); with another email it is a failed row (the username is someone else's);
 *  - a row is claimed before its student is created, so an attempt that ended between creating and
 *    recording lets the next one report `created` rather than `exists`;
 *  - outcomes are recorded one at a time per chunk, each with its counters in one transaction.
 * A row the data rules refuse fails with a sentence saying why; the others go on. An error outside the
 * row (Cognito throttling or down) leaves it for the queue's next delivery, and on the last delivery it
 * fails with "import this row again later".
 */
import { AppError, Conflict } from '../domain/errors.js';
import { nowIso } from '../domain/clock.js';
import { REASONS, reasonOf, sentenceOf, type StoredRow } from '../domain/import-rows.js';
import type { ImportRowReport } from '../contract/student-import.js';
import { notifyAfterCommit, welcomeNotice } from '../notify/events.js';
import { logger } from '../observability/powertools.js';
import { signInEmail } from '../store/cognito-admin.js';
import { createStudentAccount, newStudentOf } from '../store/student-account.js';
import { claimRow, completeChunk, deleteChunk, getChunk, getImport, readChunkState, recordRow, studentEmail, type ChunkState } from '../store/student-import.js';
import { inParallel } from '../schedule/in-parallel.js';

/** The body of each message the import sends: which import, which chunk. */
export interface ChunkMessage {
  import_id: string;
  chunk: number;
}

/** Rows of one chunk created at once: with two chunks at a time, at most 6 AdminCreateUser calls in flight. */
const ROW_CONCURRENCY = 3;

export interface ChunkResult {
  import_id: string;
  chunk: number;
  created: number;
  skipped: number;
  failed: number;
  /** Rows already done by an earlier delivery. */
  already: number;
}

export class RowsToRetry extends Error {}

export function parseChunkMessage(body: string): ChunkMessage | null {
  try {
    const value = JSON.parse(body) as Partial<ChunkMessage>;
    if (typeof value.import_id === 'string' && Number.isInteger(value.chunk) && (value.chunk as number) >= 0) return { import_id: value.import_id, chunk: value.chunk as number };
  } catch {
    // answered below
  }
  return null;
}

export async function processChunk(message: ChunkMessage, opts: { lastAttempt: boolean }): Promise<ChunkResult> {
  const { import_id: id, chunk } = message;
  const result: ChunkResult = { import_id: id, chunk, created: 0, skipped: 0, failed: 0, already: 0 };
  const record = await getImport(id);
  if (!record) {
    logger.warn('import chunk for an unknown import: dropped', { importId: id, chunk });
    return result;
  }
  const rows = await getChunk(id, chunk);
  if (rows) {
    const state = await readChunkState(id, rows);
    const todo = rows.filter((row) => !state.done.has(row.line));
    result.already = rows.length - todo.length;
    const retry: string[] = [];
    const welcome: string[] = [];
    // one recording at a time: the chunk's counters item is written by one transaction after another
    let recording = Promise.resolve();
    const record1 = (report: ImportRowReport) => {
      recording = recording.then(async () => {
        if (await recordRow(id, chunk, report, nowIso())) result[report.outcome === 'exists' ? 'skipped' : report.outcome]++;
        if (report.outcome === 'created') welcome.push(report.username);
      });
      return recording;
    };
    await inParallel(todo, ROW_CONCURRENCY, async (row) => {
      const report = await outcomeOf(row, state, { importId: id, actor: record.createdBy, lastAttempt: opts.lastAttempt, retry });
      if (report) await record1(report);
    });
    await recording;
    // one event for the chunk's new students (25 at most), not one each: the outbox's stream reads events one
    // at a time, and a 1,000-row import would queue 1,000 of them ahead of everything else. Keyed per student
    // (as POST /api/students/ keys it): one welcome each, however often this chunk runs.
    if (welcome.length) await notifyAfterCommit(welcomeNotice(welcome));
    if (retry.length > 0) throw new RowsToRetry(`${retry.length} rows of chunk ${chunk} of import ${id} will be tried again: ${retry[0]}`);
    await deleteChunk(id, chunk);
  }
  const done = await completeChunk(id, chunk, nowIso());
  if (done) {
    await notifyAfterCommit({
      event: 'import.finished',
      entity: id,
      template: 'import_finished',
      params: { importId: id, created: done.created, skipped: done.skipped, failed: done.failed },
      // by email too: staff have no profile, so their sign-in's address (null if it has none: in-app only)
      audience: { kind: 'staff', username: done.createdBy, address: await signInEmail(done.createdBy).catch(() => null) },
    });
  }
  return result;
}

async function outcomeOf(row: StoredRow, state: ChunkState, ctx: { importId: string; actor: string; lastAttempt: boolean; retry: string[] }): Promise<ImportRowReport | null> {
  const base = { line: row.line, username: row.username };
  const input = row.input;
  if (!input) return { ...base, outcome: 'failed', reason: reasonOf(row.errors ?? ['row: is not valid']) };

  const existingEmail = state.students.get(input.username);
  if (existingEmail !== undefined) {
    if (existingEmail !== input.email) return { ...base, outcome: 'failed', reason: REASONS.usernameTaken(input.username) };
    // an earlier attempt claimed this row and then stopped: the student it finds is the one it created
    if (state.claimed.has(row.line)) return { ...base, outcome: 'created', reason: '' };
    return { ...base, outcome: 'exists', reason: REASONS.exists(input.username) };
  }
  const owner = state.emailOwners.get(input.email);
  if (owner !== undefined && owner !== input.username) return { ...base, outcome: 'failed', reason: REASONS.emailTaken(input.email) };

  if (!(await claimRow(ctx.importId, row, nowIso()))) return null; // another delivery recorded it meanwhile
  try {
    await createStudentAccount(newStudentOf(input), ctx.actor);
    return { ...base, outcome: 'created', reason: '' };
  } catch (error) {
    // the username was taken meanwhile: by another delivery of this same row (SQS delivers at least once),
    // which reports it, or by someone else
    if (error instanceof Conflict && (await studentEmail(input.username)) === input.email) return { ...base, outcome: 'created', reason: '' };
    if (error instanceof AppError && error.status < 500) return { ...base, outcome: 'failed', reason: sentenceOf(error.message) };
    const name = (error as Error).name || 'Error';
    logger.warn('import row not created, for now', { importId: ctx.importId, line: row.line, error: name, message: (error as Error).message });
    if (ctx.lastAttempt) return { ...base, outcome: 'failed', reason: REASONS.notNow(name) };
    ctx.retry.push(`line ${row.line}: ${name}`);
    return null;
  }
}
