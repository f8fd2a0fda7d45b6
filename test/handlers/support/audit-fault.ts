/**
 * A fault injected into the real DynamoDB client: every audit Put refused as throttling past every
 * retry would refuse it, for the tests that a read fails closed when its entry cannot be written.
 */
import { db } from '../../../lambdas/store/dynamo.js';

export async function withAuditWritesRefused(name: string, run: () => Promise<void>): Promise<void> {
  db.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { Item?: { pk?: string } };
      if (String(input.Item?.pk ?? '').startsWith('AUDIT#')) throw Object.assign(new Error('injected: audit write refused'), { name: 'ProvisionedThroughputExceededException' });
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await run();
  } finally {
    db.middlewareStack.remove(name);
  }
}
