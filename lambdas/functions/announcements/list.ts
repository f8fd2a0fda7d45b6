/** GET /api/announcements/ (staff, admin) — announcements, newest first, in cursor pages, with whom they could not email. */
import { type AnnouncementSummary } from '../../contract/notifications.js';
import { AnnouncementListQuery } from '../../contract/notification-requests.js';
import type { Page } from '../../contract/page.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { presentAnnouncement } from '../../presenters/notification.js';
import { listAnnouncements } from '../../store/announcement.js';

export const handler = route('announcements-list', async (req) => {
  const q = parseQuery(req, AnnouncementListQuery);
  const page = await listAnnouncements(q.limit ?? 20, decodeCursor(q.cursor));
  const body: Page<AnnouncementSummary> = { results: page.announcements.map(presentAnnouncement), count: page.announcements.length, next: encodeCursor(page.lastKey) };
  return { body };
});
