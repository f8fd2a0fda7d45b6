/**
 * The audit entries about one entity, read from the day partitions every page of them: staff reads
 * are audited too, so by the time a test looks, other test files may have put thousands of entries
 * into today's partition (more than one 1 MB Query page).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, TABLE_NAME } from '../../../lambdas/store/dynamo.js';
import { auditKeys } from '../../../lambdas/store/audit.js';

const startedAt = new Date().toISOString();

export async function auditEntriesOf(entityId: string): Promise<Array<Record<string, any>>> {
  // the day the test file started and today (a run across midnight UTC)
  const days = [...new Set([auditKeys.day(startedAt), auditKeys.day(new Date().toISOString())])];
  const entries: Array<Record<string, any>> = [];
  for (const day of days) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: TABLE_NAME,
          KeyConditionExpression: 'pk = :pk',
          FilterExpression: 'entityId = :id',
          ExpressionAttributeValues: { ':pk': day, ':id': entityId },
          ExclusiveStartKey: start,
        }),
      );
      entries.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return entries;
}
