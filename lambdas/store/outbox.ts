/**
 * The transactional outbox: a message for queued work written as an item of the table, in the same
 * transaction as the change it announces (or alone, for a producer with nothing else to write). The
 * table's stream (DynamoDB Streams, new images) carries each new outbox item to the job that consumes
 * it (lambdas/jobs.ts: a `tableStream` row; the CDK's event source mapping with filter criteria, the
 * local stack's stream poller). So a notice exists exactly when the write it tells of was stored: an
 * error answer stores neither, and a commit cannot lose its notice to a queue that failed afterwards.
 * It also keeps the producers' functions free of a queue client (cold start).
 *
 * Each item is written once under a fresh key: the stream then carries it once as an INSERT (a Put that
 * changes nothing writes no stream record, https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.html).
 * Consumers are idempotent all the same (a stream batch can be retried). The items expire after a week:
 * by then the stream (24 hours of records) has long delivered them, and TTL's lateness does not matter.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../domain/clock.js';
import { db, TABLE_NAME, type Item, type TransactItems } from './dynamo.js';
import { outboxTopicPrefix, type OutboxTopic } from './table-schema.js';

const KEPT_SECONDS = 7 * 24 * 60 * 60;

function outboxItem(topic: OutboxTopic, message: unknown): Item {
  const at = now().getTime();
  return {
    pk: `${outboxTopicPrefix(topic)}${randomUUID()}`,
    sk: 'OUTBOX',
    type: 'outbox',
    message: JSON.stringify(message),
    createdAt: new Date(at).toISOString(),
    expiresAt: Math.floor(at / 1000) + KEPT_SECONDS,
  };
}

/** The outbox write of one message, for the producer's own transaction (store/dynamo.ts transactWrite). */
export function outboxPut(topic: OutboxTopic, message: unknown): TransactItems[number] {
  return { Put: { TableName: TABLE_NAME, Item: outboxItem(topic, message) } };
}

/** One message written on its own, for a producer whose change is already stored (and retried by its caller). */
export async function putOutbox(topic: OutboxTopic, message: unknown): Promise<void> {
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: outboxItem(topic, message) }));
}
