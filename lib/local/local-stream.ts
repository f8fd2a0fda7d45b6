/**
 * The local stand-in for Lambda's event source mapping on the table's stream (the jobs table's
 * `tableStream` rows, lib/stacks/jobs-stack.ts): it reads DynamoDB Local's own stream through the
 * DynamoDB Streams API (the real protocol, with the SDK) and runs the row's handler in-process, as the
 * local queue does for queue rows.
 *  - Polling: every shard of the stream, four times a second, as Lambda polls each shard
 *    (https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html). Shards open at start are read from
 *    LATEST; shards that appear later (a split or a roll-over) from TRIM_HORIZON, after their parent.
 *  - Filtering: each row's mapping's filter criteria (lib/stacks/jobs-stack.ts): INSERTs whose partition key
 *    starts with the prefix of the row's outbox topic. Other records never reach the handler.
 *  - Delivery: in stream order per shard, up to `batchSize` records per invocation, as Lambda's event
 *    (`Records` with `eventName`, `dynamodb.Keys`, `dynamodb.NewImage`, `eventSourceARN`...), held to the
 *    row's timeout. A failed batch is split in two, each half retried on its own (bisectBatchOnError); a
 *    single record is retried in order, blocking its shard, QUEUE_MAX_RECEIVE_COUNT tries in all, then
 *    dead-lettered (listed by `stats`), as the cloud sends its description to the job's dead-letter queue,
 *    and the shard goes on.
 * Unlike the cloud: it starts at LATEST each time `npm start` starts (the cloud's mapping keeps its place);
 * only the local stack writes to the local table, so nothing is written while it is stopped (README, "Local vs cloud").
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record, type Shard } from '@aws-sdk/client-dynamodb-streams';
import { jobs as JOBS, QUEUE_MAX_RECEIVE_COUNT, type JobDef } from '../../lambdas/jobs.js';
import { outboxTopicPrefix, TABLE_KEYS, type OutboxTopic } from '../../lambdas/store/table-schema.js';
import { LOCAL_REGION, localClientConfig } from './endpoints.js';
import { handlerCache, importJobHandler, type JobHandler } from './jobs-runner.js';
import type { LocalCredentials } from './local-credentials.js';

export interface LocalStreamOptions {
  readonly endpoint: string;
  readonly credentials: LocalCredentials;
  readonly tableName: string;
  /** Defaults to THE jobs table; its `tableStream` rows read the stream. */
  readonly jobs?: readonly JobDef[];
  readonly loadHandler?: (job: JobDef) => Promise<JobHandler>;
  /** Between polls of every shard (default 250 ms, as Lambda's four polls a second). */
  readonly pollMs?: number;
  /** Before retrying a failed batch (default: 500 ms times the tries so far). */
  readonly retryDelayMs?: (tries: number) => number;
  readonly log?: (message: string) => void;
}

export interface StreamDeadLetter {
  sequenceNumbers: string[];
  tries: number;
  error: string;
  at: string;
}

export interface LocalStream {
  /** Resolves once every record written before the call has been delivered (or dead-lettered). */
  idle(): Promise<void>;
  stats(jobId: string): { delivered: number; deadLetters: StreamDeadLetter[] };
  stop(): Promise<void>;
}

interface Consumer {
  job: JobDef;
  topic: OutboxTopic;
  batchSize: number;
  delivered: number;
  deadLetters: StreamDeadLetter[];
}

/** The stream records an outbox row's filter criteria pass (lib/stacks/jobs-stack.ts): inserts of its topic. */
export const isOutboxInsert = (topic: OutboxTopic) => (r: _Record) =>
  r.eventName === 'INSERT' && (r.dynamodb?.Keys?.[TABLE_KEYS.partition]?.S ?? '').startsWith(outboxTopicPrefix(topic));

/** A record as Lambda passes it to the function (epoch seconds, not the SDK's Date). */
function lambdaRecord(r: _Record, streamArn: string) {
  const d = r.dynamodb ?? {};
  return {
    eventID: r.eventID,
    eventName: r.eventName,
    eventVersion: r.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: LOCAL_REGION,
    dynamodb: {
      ApproximateCreationDateTime: d.ApproximateCreationDateTime ? Math.floor(d.ApproximateCreationDateTime.getTime() / 1000) : undefined,
      Keys: d.Keys,
      NewImage: d.NewImage,
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType,
    },
    eventSourceARN: streamArn,
  };
}

export async function createLocalStream(opts: LocalStreamOptions): Promise<LocalStream> {
  const log = opts.log ?? (() => {});
  const handlerOf = handlerCache(opts.loadHandler ?? importJobHandler);
  const pollMs = opts.pollMs ?? 250;
  const retryDelayMs = opts.retryDelayMs ?? ((tries: number) => 500 * tries);
  const consumers = new Map<string, Consumer>();
  for (const job of opts.jobs ?? JOBS) {
    if ('tableStream' in job.trigger) consumers.set(job.id, { job, topic: job.trigger.topic, batchSize: job.trigger.batchSize ?? 10, delivered: 0, deadLetters: [] });
  }

  const config = localClientConfig(opts.endpoint, opts.credentials);
  const table = await new DynamoDBClient(config).send(new DescribeTableCommand({ TableName: opts.tableName }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${opts.tableName} has no stream: lib/local/provision.ts ensureTable enables it`);
  const streams = new DynamoDBStreamsClient(config);

  async function listShards(): Promise<Shard[]> {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const out = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      shards.push(...(out.StreamDescription?.Shards ?? []));
      start = out.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return shards;
  }

  const iteratorOf = async (shardId: string, type: 'LATEST' | 'TRIM_HORIZON') =>
    (await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type }))).ShardIterator;

  /** Shard id → its next iterator; a shard read to its end is kept in `finished` so it is not read again. */
  const iterators = new Map<string, string>();
  const finished = new Set<string>();
  for (const shard of await listShards()) {
    if (!shard.ShardId) continue;
    if (shard.SequenceNumberRange?.EndingSequenceNumber) finished.add(shard.ShardId);
    else {
      const it = await iteratorOf(shard.ShardId, 'LATEST');
      if (it) iterators.set(shard.ShardId, it);
    }
  }

  async function discoverShards(): Promise<void> {
    for (const shard of await listShards()) {
      const id = shard.ShardId;
      if (!id || iterators.has(id) || finished.has(id)) continue;
      // a child is read once its parent is done, so records of one item stay in order
      if (shard.ParentShardId && iterators.has(shard.ParentShardId)) continue;
      const it = await iteratorOf(id, 'TRIM_HORIZON');
      if (it) iterators.set(id, it);
    }
  }

  async function invoke(c: Consumer, records: _Record[]): Promise<void> {
    const event = { Records: records.map((r) => lambdaRecord(r, streamArn as string)) };
    for (let tries = 1; ; tries++) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const handler = await handlerOf(c.job);
        const limit = c.job.timeoutSeconds * 1000;
        const running = Promise.resolve().then(() => handler(event));
        running.catch(() => {}); // a timed-out run goes on; its later failure is nobody's answer
        await Promise.race([running, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${limit / 1000} s`)), limit)))]);
        c.delivered += records.length;
        return;
      } catch (error) {
        const why = (error as Error)?.message ?? String(error);
        // bisectBatchOnError (lib/stacks/jobs-stack.ts): each half is retried on its own, so one bad record holds back only itself
        if (records.length > 1 && !stopped) {
          const half = Math.ceil(records.length / 2);
          log(`stream ${c.job.id}: batch of ${records.length} failed, split in two: ${why}`);
          await invoke(c, records.slice(0, half));
          await invoke(c, records.slice(half));
          return;
        }
        if (tries >= QUEUE_MAX_RECEIVE_COUNT || stopped) {
          const sequenceNumbers = records.map((r) => r.dynamodb?.SequenceNumber ?? '');
          c.deadLetters.push({ sequenceNumbers, tries, error: why, at: new Date().toISOString() });
          log(`stream ${c.job.id}: records ${sequenceNumbers.join(', ')} dead-lettered after ${tries} tries: ${why}`);
          return;
        }
        log(`stream ${c.job.id}: batch failed (try ${tries}), retried in order: ${why}`);
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(tries)));
      } finally {
        clearTimeout(timer);
      }
    }
  }

  /** Shard id → the sequence number of the last record read, to start again after it. */
  const lastRead = new Map<string, string>();

  async function getRecords(shardId: string, iterator: string) {
    try {
      return await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
    } catch (error) {
      const name = (error as Error).name;
      // an iterator lives 15 minutes; a trimmed shard (DynamoDB Local trims one when any table with a stream
      // is deleted) is read again from its oldest record, as a mapping does once records age out
      if (name !== 'ExpiredIteratorException' && name !== 'TrimmedDataAccessException') throw error;
      const after = lastRead.get(shardId);
      const fresh =
        name === 'ExpiredIteratorException' && after
          ? (await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after })))
              .ShardIterator
          : await iteratorOf(shardId, 'TRIM_HORIZON');
      if (!fresh) throw error;
      const out = await streams.send(new GetRecordsCommand({ ShardIterator: fresh, Limit: 1000 }));
      // from the oldest record: skip what was read already (sequence numbers grow within a shard)
      return after ? { ...out, Records: (out.Records ?? []).filter((r) => BigInt(r.dynamodb?.SequenceNumber ?? '0') > BigInt(after)) } : out;
    }
  }

  async function readShard(shardId: string, iterator: string): Promise<number> {
    const out = await getRecords(shardId, iterator);
    const records = out.Records ?? [];
    const last = records.at(-1)?.dynamodb?.SequenceNumber;
    if (last) lastRead.set(shardId, last);
    for (const c of consumers.values()) {
      const passed = records.filter(isOutboxInsert(c.topic));
      for (let i = 0; i < passed.length; i += c.batchSize) await invoke(c, passed.slice(i, i + c.batchSize));
    }
    if (out.NextShardIterator) iterators.set(shardId, out.NextShardIterator);
    else {
      iterators.delete(shardId);
      finished.add(shardId);
      shardEnded = true;
    }
    return records.length;
  }

  let stopped = false;
  let shardEnded = false;
  let cycle = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const idleWaiters: Array<{ after: number; resolve: () => void }> = [];

  async function poll(): Promise<void> {
    const started = ++cycle;
    let read = 0;
    try {
      // new shards: at the start of each ~5 s, and at once after a shard ended (its children carry on)
      if (iterators.size === 0 || started % 20 === 0) await discoverShards();
      for (const [shardId, iterator] of [...iterators]) read += await readShard(shardId, iterator);
      if (shardEnded) {
        shardEnded = false;
        await discoverShards();
        read += 1; // the children's records are read next cycle
      }
    } catch (error) {
      read = 1; // not quiet: an error is not proof that nothing is waiting
      if (!stopped) log(`stream: polling failed: ${(error as Error).message}`);
    }
    if (read === 0) {
      for (const w of idleWaiters.splice(0))
        if (w.after < started) w.resolve();
        else idleWaiters.push(w);
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = poll().finally(schedule);
    }, pollMs);
    timer.unref();
  };
  if (consumers.size > 0) schedule();

  return {
    idle: () => (consumers.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push({ after: cycle, resolve }))),
    stats(jobId) {
      const c = consumers.get(jobId);
      if (!c) throw new Error(`No stream row ${jobId}; stream rows: ${[...consumers.keys()].join(', ') || 'none'}`);
      return { delivered: c.delivered, deadLetters: [...c.deadLetters] };
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      for (const w of idleWaiters.splice(0)) w.resolve();
    },
  };
}
