/** POST /api/notifications/read-all/ — marks every notice of the caller read, at once. */
import type { UnreadCount } from '../../contract/notifications.js';
import { callerOf, route } from '../../http/route.js';
import { markAllNoticesRead } from '../../store/notification.js';

export const handler = route('notifications-read-all', async (req) => {
  await markAllNoticesRead(callerOf(req).username);
  const body: UnreadCount = { unread_count: 0 };
  return { body };
});
