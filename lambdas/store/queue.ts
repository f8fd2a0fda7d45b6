/**
 * Sends messages to a queue-fed job (a `queue` row of lambdas/jobs.ts), for a route holding the
 * `queue:<job id>` grant. One module, two destinations, chosen by the environment:
 *  - the cloud: SQS SendMessageBatch (AWS SDK v3) to the URL in QUEUE_URL_<JOB_ID>, which the CDK sets
 *    next to the grant (lib/constructs/api-function.ts);
 *  - the local stack: PORTAL_LOCAL_QUEUE_URL (lib/local/endpoints.ts), the local queue's endpoint
 *    (lib/local/local-queue.ts), which takes the same batches and refuses what SQS refuses.
 * The destination is read at the first send rather than at import: every bundle must load with the
 * common variables alone (test/perf/lambda-bundles.test.ts), and a route without the grant never sends.
 * A send that fails for some entries retries those, then throws: the caller decides what a lost message means.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queueUrlVariable, type QueueJobId } from '../jobs.js';

/** SendMessageBatch takes at most 10 entries (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessageBatch.html). */
export const MAX_BATCH_ENTRIES = 10;
const ATTEMPTS = 3;

type Destination = { kind: 'sqs'; url: string } | { kind: 'local'; url: string };
type Entry = { Id: string; MessageBody: string };
/** Sends one batch; answers the ids of the entries that were not accepted, with why. */
type BatchSender = (entries: Entry[]) => Promise<Array<{ id: string; why: string }>>;

let sqs: SQSClient | undefined;
const senders = new Map<string, BatchSender>();

function destinationOf(jobId: QueueJobId): Destination {
  const cloud = process.env[queueUrlVariable(jobId)];
  if (cloud) return { kind: 'sqs', url: cloud };
  const local = process.env.PORTAL_LOCAL_QUEUE_URL;
  if (local) return { kind: 'local', url: `${local.replace(/\/?$/, '/')}${encodeURIComponent(jobId)}` };
  throw new Error(`No queue for job ${jobId}: set ${queueUrlVariable(jobId)} (the CDK does, with the queue:${jobId} grant) or PORTAL_LOCAL_QUEUE_URL`);
}

function senderFor(jobId: QueueJobId): BatchSender {
  const found = senders.get(jobId);
  if (found) return found;
  const destination = destinationOf(jobId);
  const sender: BatchSender =
    destination.kind === 'sqs'
      ? async (entries) => {
          sqs ??= new SQSClient({});
          const out = await sqs.send(new SendMessageBatchCommand({ QueueUrl: destination.url, Entries: entries }));
          return (out.Failed ?? []).map((f) => ({ id: f.Id ?? '', why: `${f.Code ?? 'error'}: ${f.Message ?? ''}` }));
        }
      : async (entries) => {
          const res = await fetch(destination.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ Entries: entries }),
          });
          const body = (await res.json().catch(() => ({}))) as { Failed?: Array<{ Id: string; Message?: string }>; error?: string };
          if (!res.ok) throw new Error(`Local queue refused the batch (${res.status}): ${body.error ?? ''}`);
          return (body.Failed ?? []).map((f) => ({ id: f.Id, why: f.Message ?? 'failed' }));
        };
  senders.set(jobId, sender);
  return sender;
}

/** Sends every body (JSON-encoded) to the job's queue, 10 per request, retrying entries the queue did not take. */
export async function sendToQueue(jobId: QueueJobId, bodies: readonly unknown[]): Promise<void> {
  const send = senderFor(jobId);
  for (let start = 0; start < bodies.length; start += MAX_BATCH_ENTRIES) {
    let entries: Entry[] = bodies.slice(start, start + MAX_BATCH_ENTRIES).map((body, i) => ({ Id: String(start + i), MessageBody: JSON.stringify(body) }));
    for (let attempt = 1; entries.length > 0; attempt++) {
      const failed = await send(entries);
      if (failed.length === 0) break;
      if (attempt >= ATTEMPTS) throw new Error(`${failed.length} messages not accepted by the ${jobId} queue: ${failed[0].why}`);
      const again = new Set(failed.map((f) => f.id));
      entries = entries.filter((e) => again.has(e.Id));
    }
  }
}
