/** POST /api/notifications/{id}/read/ — marks one of the caller's own notices read; another person's id is simply not found. */
import { type UnreadCount } from '../../contract/notifications.js';
import { NotificationParams } from '../../contract/notification-requests.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { markNoticeRead } from '../../store/notification.js';

export const handler = route('notifications-read', async (req) => {
  const { username } = callerOf(req);
  const { id } = parseParams(req, NotificationParams);
  const body: UnreadCount = { unread_count: await markNoticeRead(username, id) };
  return { body };
});
