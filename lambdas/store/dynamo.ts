/**
 * The DynamoDB toolkit every entity module stands on: the document client (created once per
 * container; its endpoint comes from the SDK's own configuration, AWS_ENDPOINT_URL_DYNAMODB
 * locally, so this code is identical in the cloud), entity layouts, and the four ways we read and
 * write: a page, every page, a batch of keys, and a transaction.
 */
import { DynamoDBClient, type TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
  type BatchGetCommandOutput,
  type QueryCommandInput,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '../config.js';
import type * as z from '../contract/zod.js';
import { Invalid } from '../domain/errors.js';

export const TABLE_NAME = requireEnv('TABLE_NAME');

export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export type Item = Record<string, unknown>;
export type Key = { pk: string; sk: string };

/** The key attributes an item carries besides its record: its own key, and where it sits in each index. */
export interface ItemKeys extends Key {
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
  /** TTL, epoch seconds (table-schema.ts). */
  expiresAt?: number;
}

/**
 * A value built on first use, not as the module loads. Marked free of side effects, so a bundle drops
 * what its function never reaches (esbuild reads `__NO_SIDE_EFFECTS__` across modules): each function
 * builds only the item layouts it reads, at its first read, not all of them at cold start.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/**
 * One kind of item, declared once: its `type` tag, the record it stores (a zod object, from which
 * the record's TypeScript type is derived with `RecordOf`; built on first use, see `lazy`), and where
 * it is keyed. `item` lays a record out for writing, with any derived attributes (`extra`: search
 * copies and the like); `fromItem` reads one back, dropping keys and derived attributes (a zod object
 * keeps only its own fields) and refusing an item that is not this record, instead of casting it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function entity<Shape extends z.ZodMiniObject>(type: string, shape: () => Shape, keysOf: (record: z.infer<Shape>) => ItemKeys, extra?: (record: z.infer<Shape>) => Item) {
  const schema = lazy(shape);
  return {
    type,
    /** The record's zod object, for projections (`z.pick`) of a few of its fields. */
    get shape(): Shape {
      return schema();
    },
    keysOf,
    item: (record: z.infer<Shape>): Item => ({ ...keysOf(record), type, ...extra?.(record), ...record }),
    fromItem: (item: Item): z.infer<Shape> => schema().parse(item),
  };
}

export type RecordOf<E extends { fromItem: (item: Item) => unknown }> = ReturnType<E['fromItem']>;

/**
 * The condition that an item's `version` is still `asRead` (0: it has none yet, or there is no such item), for the write
 * of a whole set its editor read at that version (contract/set-version.ts): a save made since then makes it fail.
 */
export function versionIs(asRead: number): { ConditionExpression: string; ExpressionAttributeValues?: Record<string, number> } {
  return asRead === 0 ? { ConditionExpression: 'attribute_not_exists(version)' } : { ConditionExpression: 'version = :asRead', ExpressionAttributeValues: { ':asRead': asRead } };
}

/** The item at a key, or undefined. */
export async function getItem(key: Key, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
  return (await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: key.pk, sk: key.sk }, ConsistentRead: options.consistent }))).Item;
}

/**
 * One UpdateItem on our table whose condition decides: false when the condition failed (the item is
 * not in the state the caller expected: someone else got there first), true when it was applied.
 */
export async function updateIf(input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> {
  try {
    await db.send(new UpdateCommand({ TableName: TABLE_NAME, ...input }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** A Query on our table (the table name is filled in). */
export type QueryInput = Omit<QueryCommandInput, 'ExclusiveStartKey' | 'TableName'> & { TableName?: string };

/** Every item a Query matches, following LastEvaluatedKey page by page (1 MB each). */
export async function queryAll(input: QueryInput): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db.send(new QueryCommand({ TableName: TABLE_NAME, ...input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** How many items a Query matches, paging through, reading none of them out (Select: COUNT). */
export async function queryCount(input: QueryInput): Promise<number> {
  let total = 0;
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db.send(new QueryCommand({ TableName: TABLE_NAME, ...input, Select: 'COUNT', ExclusiveStartKey: startKey }));
    total += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return total;
}

/**
 * One page of a Query (one request) and the key to continue after it. A cursor from another list
 * (its key attributes do not fit this index) is DynamoDB's ValidationException: the caller's 400.
 */
export async function queryPage(
  input: Omit<QueryInput, 'Limit'>,
  limit: number,
  cursor?: Record<string, unknown>,
): Promise<{ items: Item[]; lastKey: Record<string, unknown> | undefined }> {
  try {
    const page = await db.send(new QueryCommand({ TableName: TABLE_NAME, ...input, Limit: limit, ExclusiveStartKey: cursor }));
    return { items: page.Items ?? [], lastKey: page.LastEvaluatedKey };
  } catch (error) {
    if (cursor && (error as Error).name === 'ValidationException') throw new Invalid('cursor: does not belong to this list');
    throw error;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The items found for some keys (any order; missing ones are absent), 100 keys per BatchGetItem,
 * asking again with backoff for what DynamoDB leaves unprocessed. Duplicate keys are asked once
 * (BatchGetItem refuses a request that repeats a key).
 */
export async function batchGetAll(keys: readonly Key[], options: { consistent?: boolean } = {}): Promise<Item[]> {
  const unique = [...new Map(keys.map((key) => [`${key.pk}\u0000${key.sk}`, { pk: key.pk, sk: key.sk }])).values()];
  const found: Item[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Item[] | undefined = unique.slice(i, i + 100);
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
      const out: BatchGetCommandOutput = await db.send(
        new BatchGetCommand({
          RequestItems: { [TABLE_NAME]: { Keys: pending, ConsistentRead: options.consistent } },
        }),
      );
      found.push(...(out.Responses?.[TABLE_NAME] ?? []));
      pending = out.UnprocessedKeys?.[TABLE_NAME]?.Keys;
    }
  }
  return found;
}

export type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
export type TransactResult = { ok: true } | { ok: false; failedConditions: number[] };

const MAX_ATTEMPTS = 6;

type OnConditionFailed = (failed: number[]) => never | Promise<never>;
interface TransactOptions {
  abortSignal?: AbortSignal;
}

/**
 * TransactWriteItems, all or nothing, with the one retry DynamoDB leaves to us: two transactions
 * touching the same item at once (two payments updating one balance) cancel one with
 * TransactionConflict, retried with jittered backoff. A failed condition is not retried: it means
 * the data is not what the caller expected. Without `onConditionFailed` the result says which
 * conditions failed (by index into `items`); with it, that function answers them (it throws the
 * domain error: a conflict, a not found). `abortSignal` lets a caller with a deadline (an upload
 * racing the function's timeout) cut the write off; an aborted write stored nothing.
 */
export async function transactWrite(items: TransactItems): Promise<TransactResult>;
export async function transactWrite(items: TransactItems, onConditionFailed: OnConditionFailed, options?: TransactOptions): Promise<void>;
export async function transactWrite(items: TransactItems, onConditionFailed?: OnConditionFailed, options: TransactOptions = {}): Promise<TransactResult | void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }), { abortSignal: options.abortSignal });
      return onConditionFailed ? undefined : { ok: true };
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
      const failedConditions = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
      if (failedConditions.length > 0) return onConditionFailed ? onConditionFailed(failedConditions) : { ok: false, failedConditions };
      const conflict = reasons.some((r) => r.Code === 'TransactionConflict');
      if (!conflict || attempt >= MAX_ATTEMPTS) throw error;
      await pause(2 ** attempt * 10 * (0.5 + Math.random()));
    }
  }
}
