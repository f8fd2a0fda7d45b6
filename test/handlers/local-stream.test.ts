/**
 * The local stand-in for Lambda's event source mapping on the table's stream (lib/local/local-stream.ts),
 * against DynamoDB Local's own stream: only the inserts of the row's outbox topic reach the handler, in write order, as
 * Lambda's event; a failing batch is retried in order and then dead-lettered, and the shard goes on.
 * Its own table and a made-up row, so the portal's consumers and other tests' writes stay out of it.
 */
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteItemCommand, DeleteTableCommand, DynamoDBClient, PutItemCommand, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDef } from '../../lambdas/jobs.js';
import { outboxTopicPrefix } from '../../lambdas/store/table-schema.js';
import { createLocalStream, type LocalStream } from '../../lib/local/local-stream.js';

const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '';
const credentials = { accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '' };
const ddb = new DynamoDBClient({ endpoint, region: process.env.AWS_REGION, credentials });
const tableName = `stream-test-${randomUUID().slice(0, 8)}`;
/** The keys of the row's outbox topic. */
const OUTBOX = outboxTopicPrefix('notifications');

const ROW: JobDef = {
  id: 'outbox-reader',
  description: 'test',
  handler: 'none',
  trigger: { tableStream: 'outbox', topic: 'notifications', batchSize: 2 },
  grants: [],
  timeoutSeconds: 5,
};
type StreamEvent = {
  Records: Array<{ eventName: string; eventSource: string; eventSourceARN: string; dynamodb: { Keys: { pk: { S: string } }; NewImage: { message: { S: string } } } }>;
};

const received: StreamEvent[] = [];
let failing = new Set<string>();
let stream: LocalStream;

const put = (pk: string, message = pk) => ddb.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: pk }, sk: { S: 'OUTBOX' }, message: { S: message } } }));
const messages = () => received.flatMap((e) => e.Records.map((r) => r.dynamodb.NewImage.message.S));

beforeAll(async () => {
  await ddb.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
    }),
  );
  await waitUntilTableExists({ client: ddb, maxWaitTime: 30 }, { TableName: tableName });
  stream = await createLocalStream({
    endpoint,
    credentials,
    tableName,
    jobs: [ROW],
    pollMs: 50,
    retryDelayMs: () => 10,
    loadHandler: async () => async (event) => {
      const e = event as unknown as StreamEvent;
      if (e.Records.some((r) => failing.has(r.dynamodb.NewImage.message.S))) throw new Error('handler failed');
      received.push(e);
      return {};
    },
  });
});

afterAll(async () => {
  await stream?.stop();
  await ddb.send(new DeleteTableCommand({ TableName: tableName }));
});

describe('the local table stream', () => {
  it("passes only the inserts of the row's outbox topic, in write order, batched as the row says, shaped as Lambda's event", async () => {
    received.length = 0;
    await put(`${OUTBOX}1`, 'first');
    await put('STUDENT#someone', 'not the outbox');
    await put(`${outboxTopicPrefix('schedules')}1`, "another topic's");
    await put(`${OUTBOX}2`, 'second');
    await put(`${OUTBOX}2`, 'second, modified'); // a MODIFY: filtered out
    await ddb.send(new DeleteItemCommand({ TableName: tableName, Key: { pk: { S: `${OUTBOX}1` }, sk: { S: 'OUTBOX' } } })); // a REMOVE: filtered out
    await put(`${OUTBOX}3`, 'third');
    await stream.idle();

    expect(messages()).toEqual(['first', 'second', 'third']);
    expect(received.every((e) => e.Records.length <= 2)).toBe(true);
    expect(received[0]!.Records[0]).toMatchObject({ eventName: 'INSERT', eventSource: 'aws:dynamodb', dynamodb: { Keys: { pk: { S: `${OUTBOX}1` } } } });
    expect(received[0]!.Records[0]!.eventSourceARN).toMatch(new RegExp(`table/${tableName}/stream/`));
    expect(stream.stats(ROW.id)).toMatchObject({ delivered: 3, deadLetters: [] });
  });

  it('splits a failing batch, retries the failing record in order, then dead-letters it alone and goes on', async () => {
    received.length = 0;
    failing = new Set(['poison']);
    await put(`${OUTBOX}p`, 'before');
    await put(`${OUTBOX}q`, 'poison');
    await put(`${OUTBOX}r`, 'after');
    await stream.idle();

    expect(messages()).toEqual(['before', 'after']);
    const { deadLetters } = stream.stats(ROW.id);
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]).toMatchObject({ tries: 5, error: 'handler failed' });
    expect(deadLetters[0]!.sequenceNumbers).toHaveLength(1);
    failing = new Set();
  });
});
