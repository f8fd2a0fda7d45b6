/**
 * Runs `fn` over `items` with at most `limit` running at once: what a job needs to go through thousands of students
 * within its timeout without opening thousands of requests together (DynamoDB would throttle, Lambda run out of sockets).
 */
export async function inParallel<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
