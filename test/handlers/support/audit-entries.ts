/**
 * The audit entries about one entity, read from the day partitions every page of them: staff reads
 * are audited too, so by the time a test looks, other test files may have put thousands of entries
 * into today's partition (more than one 1 MB Query page).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, TABLE_NAME } from '../../../lambdas/store/dynamo.js';
import { auditKeys } from '../../../lambdas/store/audit.js';

const startedAt = new Date().toISOString();

export async function auditEntriesOf(entityId: string): Promise<Array<Record<string, any>>> {
  // the day the test file started and today (a run across midnight UTC)
  const days = [...new Set([auditKeys.day(startedAt), auditKeys.day(new Date().toISOString())])];
  const entries: Array<Record<string, any>> = [];
  for (const day of days) {
    entries.push(...(await queryAll({ KeyConditionExpression: 'pk = :pk', FilterExpression: 'entityId = :id', ExpressionAttributeValues: { ':pk': day, ':id': entityId } })));
  }
  return entries;
}

/** Every audit entry `actor` wrote, newest first (one Query of gsi1: a test's own actor writes few). */
export async function auditEntriesBy(actor: string): Promise<Array<Record<string, any>>> {
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': auditKeys.byActor(actor) },
      ScanIndexForward: false,
    }),
  );
  return out.Items ?? [];
}
