/**
 * TransactWriteItems with the one retry DynamoDB leaves to us: two transactions touching the same
 * item at once (e.g. two payments updating one student's balance) cancel one with TransactionConflict.
 * Failed conditions are answered, not retried: they mean the data is not what the caller expected.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { db } from './dynamo.js';

export type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

export type TransactResult = { ok: true } | { ok: false; failedConditions: number[] };

const MAX_ATTEMPTS = 6;

export async function transactWrite(items: TransactItems): Promise<TransactResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return { ok: true };
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
      const failedConditions = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
      if (failedConditions.length > 0) return { ok: false, failedConditions };
      const conflict = reasons.some((r) => r.Code === 'TransactionConflict');
      if (!conflict || attempt >= MAX_ATTEMPTS) throw error;
      // jittered exponential backoff: 20, 40, 80... ms
      await new Promise((resolve) => setTimeout(resolve, (2 ** attempt) * 10 * (0.5 + Math.random())));
    }
  }
}
