/**
 * Queue consumer (jobs table: students-import-chunks): each SQS message is one chunk of a CSV import
 * sent by POST /api/students/import/. A failure retries the message (whole batch: job() reports no partial
 * batch) until SQS's maxReceiveCount, when the rows still undone are reported failed instead of retried.
 */
import { QUEUE_MAX_RECEIVE_COUNT } from '../../jobs.js';
import { logger } from '../../observability/powertools.js';
import { job } from '../../schedule/job.js';
import { parseChunkMessage, processChunk, type ChunkResult } from '../../imports/student-import-chunk.js';

interface SqsRecord {
  messageId?: string;
  body?: string;
  attributes?: { ApproximateReceiveCount?: string };
}

export const handler = job('students-import-chunks', async ({ event }) => {
  const chunks: ChunkResult[] = [];
  for (const record of (event.Records ?? []) as SqsRecord[]) {
    const message = parseChunkMessage(record.body ?? '');
    if (!message) {
      // no delivery would ever make it readable: dropped rather than retried into the dead letters
      logger.error('import chunk message is not {"import_id", "chunk"}: dropped', { messageId: record.messageId, body: String(record.body).slice(0, 200) });
      continue;
    }
    const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1');
    chunks.push(await processChunk(message, { lastAttempt: receiveCount >= QUEUE_MAX_RECEIVE_COUNT }));
  }
  return { chunks };
});
