/** GET /api/notifications/ — the caller's own notices, newest first, one page, with the unread count for the bell. */
import { type NotificationPage } from '../../contract/notifications.js';
import { NotificationListQuery } from '../../contract/notification-requests.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { callerOf, route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { presentNotice } from '../../presenters/notification.js';
import { listNotices } from '../../store/notification.js';

export const handler = route('notifications-list', async (req) => {
  const { username } = callerOf(req);
  const q = parseQuery(req, NotificationListQuery);
  const page = await listNotices(username, q.limit ?? 20, decodeCursor(q.cursor));
  const body: NotificationPage = { results: page.notices.map(presentNotice), next: encodeCursor(page.lastKey), unread_count: page.unread };
  return { body };
});
