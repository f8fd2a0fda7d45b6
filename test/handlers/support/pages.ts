/** A list route read to its end, as a client pages through it. */

/** Every result of a cursor-paged list (`results`, `next`), following `next` as the `cursor` query parameter. */
export async function everyResult<T>(call: (query: Record<string, string>) => Promise<{ body: unknown }>, query: Record<string, string> = {}): Promise<T[]> {
  const results: T[] = [];
  let cursor: string | null = null;
  do {
    const { body } = await call({ ...query, ...(cursor ? { cursor } : {}) });
    const page = body as { results?: T[]; next?: string | null };
    if (!Array.isArray(page.results)) throw new Error(`not a page of a list: ${JSON.stringify(body)}`);
    results.push(...page.results);
    cursor = page.next ?? null;
  } while (cursor);
  return results;
}
