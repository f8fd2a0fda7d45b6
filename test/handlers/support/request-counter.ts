/** Counts the DynamoDB requests handlers make (an SDK middleware on the shared document client). */
import { db } from '../../../lambdas/store/dynamo.js';

const calls: string[] = [];
db.middlewareStack.add((next, context) => async (args) => {
  calls.push(String(context.commandName));
  return next(args);
}, { step: 'initialize', name: 'testRequestCounter' });

/** Runs `fn` and answers the DynamoDB commands it sent, in order. */
export async function countRequests<T>(fn: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  const start = calls.length;
  const result = await fn();
  return { result, commands: calls.slice(start) };
}
