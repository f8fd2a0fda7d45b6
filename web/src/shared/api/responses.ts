/** As the spec allows, a list may come plain, or under `results` or `data`. */
export function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const wrapped = body as { results?: T[]; data?: T[] } | null;
  return wrapped?.results ?? wrapped?.data ?? [];
}

/** A write's tags to read again, only when it succeeded: a refused write (409, 400) changed nothing. */
export const onSuccess =
  <T>(tags: T[]) =>
  (result: unknown) =>
    result ? tags : [];
