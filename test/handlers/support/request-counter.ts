/** Counts the DynamoDB requests handlers make (an SDK middleware on the shared document client). */
import { db } from '../../../lambdas/store/dynamo.js';

/** One request as sent and answered (outputs carry Count / ScannedCount for Query budgets). */
export interface TracedRequest {
  command: string;
  input: Record<string, unknown>;
  output: Record<string, unknown> | undefined;
}

const sent: TracedRequest[] = [];
db.middlewareStack.add(
  (next, context) => async (args) => {
    const request: TracedRequest = { command: String(context.commandName), input: args.input as Record<string, unknown>, output: undefined };
    sent.push(request);
    const result = await next(args);
    request.output = result.output as Record<string, unknown>;
    return result;
  },
  { step: 'initialize', name: 'testRequestCounter' },
);

/** Runs `fn` and answers the DynamoDB requests it sent, in order, with their inputs and outputs. */
export async function traceRequests<T>(fn: () => Promise<T>): Promise<{ result: T; requests: TracedRequest[] }> {
  const start = sent.length;
  const result = await fn();
  return { result, requests: sent.slice(start) };
}

/** Runs `fn` and answers the DynamoDB commands it sent, in order. */
export async function countRequests<T>(fn: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  const { result, requests } = await traceRequests(fn);
  return { result, commands: requests.map((r) => r.command) };
}
