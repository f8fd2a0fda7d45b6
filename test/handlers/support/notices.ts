/** What a person's inbox (GET /api/notifications/) holds, read as they would page through it. */
import { handler as listNotices } from '../../../lambdas/functions/notifications/list.js';
import { apiEvent, invoke } from './events.js';
import { everyResult } from './pages.js';

/**
 * The titles of every notice `username` has, sorted. Paged to the end: a job that tells every coordinator also tells
 * the coordinators other files made, so a coordinator's newest page can be other files' notices.
 */
export async function noticeTitles(username: string): Promise<string[]> {
  const notices = await everyResult<{ title: string }>((query) => invoke(listNotices, apiEvent('notifications-list', { caller: { username }, query })), { limit: '100' });
  return notices.map((n) => n.title).sort();
}
