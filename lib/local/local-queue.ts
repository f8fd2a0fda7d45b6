/**
 * The local stand-in for the SQS queues of the jobs table's queue rows and their Lambda event sources
 * (lib/stacks/jobs-stack.ts), in-process: no SQS emulator on npm speaks SQS's JSON protocol offline and
 * also drives Lambda, so the local stack keeps a small queue per queue row and runs the row's own handler.
 *  - Producers send as they would to SQS SendMessageBatch: lambdas/store/queue.ts POSTs
 *    `{"Entries": [{"Id", "MessageBody"}]}` (at most 10, each body at most 256 KiB) to
 *    `POST /local/queues/{job id}` (PORTAL_LOCAL_QUEUE_URL) and gets `{"Successful", "Failed"}` back.
 *  - Delivery: soon after, in sending order, up to the row's `batchSize` messages per invocation and at most
 *    `maxConcurrency` invocations at once (1 without it), as an SQS event (`Records` with `body`, `messageId`
 *    and `attributes.ApproximateReceiveCount`), held to the row's timeout.
 *  - A failed or timed-out invocation makes its messages visible again after a short delay (the cloud waits
 *    the visibility timeout, 6 x the function's timeout) and counts a receive; after QUEUE_MAX_RECEIVE_COUNT
 *    receives a message goes to the job's dead letters (`GET /local/queues/{job id}` lists them).
 * Unlike SQS: messages live in memory (a restart of `npm start` loses those not yet done), delivery is
 * exactly in order and never duplicated unless an invocation fails (README, "Local vs cloud").
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jobs as JOBS, QUEUE_MAX_RECEIVE_COUNT, type JobDef } from '../../lambdas/jobs.js';
import { LOCAL_REGION } from './endpoints.js';
import { handlerCache, importJobHandler, type JobHandler } from './jobs-runner.js';
import { readJsonObject, safeDecode, sendJson } from './http-json.js';

export const QUEUES_PREFIX = '/local/queues/';
/** SQS limits (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/quotas-messages.html). */
export const MAX_BATCH_ENTRIES = 10;
export const MAX_MESSAGE_BYTES = 256 * 1024;
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const LOCAL_ACCOUNT = '000000000000';

export interface LocalQueueOptions {
  /** Defaults to THE jobs table; its queue rows get a queue each. */
  readonly jobs?: readonly JobDef[];
  /** Defaults to importing the row's handler module from lambdas/, as the jobs runner does. */
  readonly loadHandler?: (job: JobDef) => Promise<JobHandler>;
  /** How long a failed message stays invisible before its next receive (default: 1 s times the receives so far). */
  readonly retryDelayMs?: (receiveCount: number) => number;
  /** Per invocation (default: the row's timeoutSeconds). */
  readonly timeoutMs?: (job: JobDef) => number;
  readonly log?: (message: string) => void;
}

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
  error: string;
  at: string;
}

export interface QueueStats {
  queued: number;
  inFlight: number;
  delivered: number;
  deadLetters: DeadLetter[];
}

export interface LocalQueue {
  /** Enqueues bodies for a queue row (by job id); answers their message ids. */
  send(jobId: string, bodies: readonly string[]): string[];
  /** Resolves once the queue (or every queue) has nothing waiting, delayed or in flight. */
  idle(jobId?: string): Promise<void>;
  stats(jobId: string): QueueStats;
  /** The gateway mount for `POST|GET /local/queues/{job id}`. */
  mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** Stops delivering and waits for invocations in flight. */
  stop(): Promise<void>;
}

export class UnknownQueueError extends Error {}

interface Message {
  id: string;
  body: string;
  sentAt: number;
  firstReceivedAt: number | null;
  receiveCount: number;
  visibleAt: number;
}

interface Queue {
  job: JobDef;
  batchSize: number;
  concurrency: number;
  waiting: Message[];
  inFlight: number;
  running: Set<Promise<void>>;
  delivered: number;
  deadLetters: DeadLetter[];
  timer: NodeJS.Timeout | undefined;
  idleWaiters: Array<() => void>;
}

export function createLocalQueue(opts: LocalQueueOptions = {}): LocalQueue {
  const log = opts.log ?? (() => {});
  const handlerOf = handlerCache(opts.loadHandler ?? importJobHandler);
  const retryDelayMs = opts.retryDelayMs ?? ((receiveCount: number) => 1_000 * receiveCount);
  const timeoutMs = opts.timeoutMs ?? ((job: JobDef) => job.timeoutSeconds * 1000);
  let stopped = false;

  const queues = new Map<string, Queue>();
  for (const job of opts.jobs ?? JOBS) {
    const { trigger } = job;
    if (!('queue' in trigger)) continue;
    queues.set(job.id, {
      job,
      batchSize: trigger.batchSize ?? 10,
      concurrency: trigger.maxConcurrency ?? 1,
      waiting: [],
      inFlight: 0,
      running: new Set(),
      delivered: 0,
      deadLetters: [],
      timer: undefined,
      idleWaiters: [],
    });
  }

  const queueOf = (jobId: string) => {
    const queue = queues.get(jobId);
    if (!queue) throw new UnknownQueueError(`No queue for ${jobId}; queue rows: ${[...queues.keys()].join(', ') || 'none'}`);
    return queue;
  };

  const isIdle = (q: Queue) => q.waiting.length === 0 && q.inFlight === 0;
  const wakeIdle = (q: Queue) => {
    if (!isIdle(q)) return;
    for (const resolve of q.idleWaiters.splice(0)) resolve();
  };

  function pump(q: Queue): void {
    if (stopped) return;
    clearTimeout(q.timer);
    q.timer = undefined;
    while (q.inFlight < q.concurrency) {
      const now = Date.now();
      const visible = q.waiting.filter((m) => m.visibleAt <= now);
      if (visible.length === 0) break;
      const batch = visible.slice(0, q.batchSize);
      q.waiting = q.waiting.filter((m) => !batch.includes(m));
      q.inFlight++;
      const run = deliver(q, batch).finally(() => {
        q.inFlight--;
        q.running.delete(run);
        pump(q);
        wakeIdle(q);
      });
      q.running.add(run);
    }
    const next = Math.min(...q.waiting.map((m) => m.visibleAt));
    if (Number.isFinite(next) && q.inFlight < q.concurrency) {
      q.timer = setTimeout(() => pump(q), Math.max(0, next - Date.now()));
      q.timer.unref();
    }
  }

  async function deliver(q: Queue, batch: Message[]): Promise<void> {
    const now = Date.now();
    for (const m of batch) {
      m.receiveCount++;
      m.firstReceivedAt ??= now;
    }
    const event = {
      Records: batch.map((m) => ({
        messageId: m.id,
        receiptHandle: `${m.id}#${m.receiveCount}`,
        body: m.body,
        attributes: {
          ApproximateReceiveCount: String(m.receiveCount),
          SentTimestamp: String(m.sentAt),
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt),
        },
        messageAttributes: {},
        md5OfBody: createHash('md5').update(m.body).digest('hex'),
        eventSource: 'aws:sqs',
        eventSourceARN: `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${'queue' in q.job.trigger ? q.job.trigger.queue : q.job.id}`,
        awsRegion: LOCAL_REGION,
      })),
    };
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = await handlerOf(q.job);
      const running = Promise.resolve().then(() => handler(event));
      const limit = timeoutMs(q.job);
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${limit / 1000} s`)), limit);
      });
      running.catch(() => {}); // a timed-out run goes on; its later failure is nobody's answer
      await Promise.race([running, timedOut]);
      q.delivered += batch.length;
    } catch (error) {
      const why = (error as Error)?.message ?? String(error);
      for (const m of batch) {
        if (m.receiveCount >= QUEUE_MAX_RECEIVE_COUNT) {
          q.deadLetters.push({ messageId: m.id, body: m.body, receiveCount: m.receiveCount, error: why, at: new Date().toISOString() });
          log(`queue ${q.job.id}: message ${m.id} dead-lettered after ${m.receiveCount} receives: ${why}`);
        } else {
          m.visibleAt = Date.now() + retryDelayMs(m.receiveCount);
          q.waiting.push(m);
          log(`queue ${q.job.id}: message ${m.id} failed (receive ${m.receiveCount}), visible again in ${m.visibleAt - Date.now()} ms: ${why}`);
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  function send(jobId: string, bodies: readonly string[]): string[] {
    const q = queueOf(jobId);
    const now = Date.now();
    const messages = bodies.map((body): Message => ({ id: randomUUID(), body, sentAt: now, firstReceivedAt: null, receiveCount: 0, visibleAt: now }));
    q.waiting.push(...messages);
    // soon after, not inside the sender's request: as SQS, the producer does not wait for the consumer
    setImmediate(() => pump(q));
    return messages.map((m) => m.id);
  }

  function idle(jobId?: string): Promise<void> {
    const targets = jobId ? [queueOf(jobId)] : [...queues.values()];
    return Promise.all(targets.map((q) => (isIdle(q) ? undefined : new Promise<void>((resolve) => q.idleWaiters.push(resolve))))).then(() => {});
  }

  function stats(jobId: string): QueueStats {
    const q = queueOf(jobId);
    return { queued: q.waiting.length, inFlight: q.inFlight, delivered: q.delivered, deadLetters: [...q.deadLetters] };
  }

  async function stop(): Promise<void> {
    stopped = true;
    for (const q of queues.values()) clearTimeout(q.timer);
    await Promise.allSettled([...queues.values()].flatMap((q) => [...q.running]));
  }

  async function mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith(QUEUES_PREFIX)) return false;
    const match = /^\/local\/queues\/([^/]+)\/?$/.exec(url.pathname);
    const jobId = match ? safeDecode(match[1]) : '';
    if (!match || !queues.has(jobId)) {
      return sendJson(res, 404, { error: `Not found: the local queues are ${[...queues.keys()].map((id) => `${QUEUES_PREFIX}${id}`).join(', ') || 'none'}` });
    }
    if (req.method === 'GET') {
      const s = stats(jobId);
      return sendJson(res, 200, { queued: s.queued, in_flight: s.inFlight, delivered: s.delivered, dead_letters: s.deadLetters });
    }
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'Method not allowed: use POST or GET' }, { allow: 'GET, POST' });
    const body = await readJsonObject(req, MAX_BODY_BYTES, '{"Entries": [{"Id": "0", "MessageBody": "..."}]}');
    if (body instanceof Error) return sendJson(res, 400, { error: body.message });
    const entries = body.Entries;
    // SendMessageBatch's own refusals
    if (!Array.isArray(entries) || entries.length === 0) return sendJson(res, 400, { error: 'EmptyBatchRequest: Entries must hold 1 to 10 messages' });
    if (entries.length > MAX_BATCH_ENTRIES) return sendJson(res, 400, { error: `TooManyEntriesInBatchRequest: at most ${MAX_BATCH_ENTRIES} entries` });
    const ids = entries.map((e: { Id?: unknown }) => e?.Id);
    if (ids.some((id) => typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,80}$/.test(id)))
      return sendJson(res, 400, { error: 'InvalidBatchEntryId: each Id is 1 to 80 letters, digits, hyphens or underscores' });
    if (new Set(ids).size !== ids.length) return sendJson(res, 400, { error: 'BatchEntryIdsNotDistinct' });
    const bodies = entries.map((e: { MessageBody?: unknown }) => e?.MessageBody);
    if (bodies.some((b) => typeof b !== 'string' || b.length === 0)) return sendJson(res, 400, { error: 'MissingParameter: every entry needs a MessageBody' });
    if ((bodies as string[]).reduce((n, b) => n + Buffer.byteLength(b), 0) > MAX_MESSAGE_BYTES) {
      return sendJson(res, 400, { error: `BatchRequestTooLong: the messages together exceed ${MAX_MESSAGE_BYTES} bytes` });
    }
    const messageIds = send(jobId, bodies as string[]);
    return sendJson(res, 200, { Successful: ids.map((Id, i) => ({ Id, MessageId: messageIds[i] })), Failed: [] });
  }

  return { send, idle, stats, mount, stop };
}
