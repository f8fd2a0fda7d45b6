/** What a person's inbox (GET /api/notifications/) holds, read as they would page through it. */
import { handler as listNotices } from '../../../lambdas/functions/notifications/list.js';
import { apiEvent, invoke } from './events.js';

/**
 * The titles of every notice `username` has, sorted. Paged to the end: a job that tells every coordinator also tells
 * the coordinators other files made, so a coordinator's newest page can be other files' notices.
 */
export async function noticeTitles(username: string): Promise<string[]> {
  const titles: string[] = [];
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const query: Record<string, string> = { limit: '100', ...(cursor ? { cursor } : {}) };
    const page = (await invoke(listNotices, apiEvent('notifications-list', { caller: { username }, query }))).body as { results: Array<{ title: string }>; next: string | null };
    titles.push(...page.results.map((n) => n.title));
    cursor = page.next;
  }
  return titles.sort();
}
