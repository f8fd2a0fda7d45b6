/**
 * The list stored under `key` in local storage, or null when none is stored. Unreadable data (corrupt
 * JSON, or not a list of what `isItem` accepts) is logged and removed, so the next read starts afresh.
 */
export function readStoredList<T>(key: string, isItem: (value: unknown) => value is T, what: string): T[] | null {
  const stored = localStorage.getItem(key);
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (Array.isArray(parsed) && parsed.every(isItem)) return parsed;
    throw new Error(`not a list of ${what}`);
  } catch (error) {
    console.warn(`Removing unreadable "${key}" (${what}) from local storage.`, error);
    localStorage.removeItem(key);
    return null;
  }
}
