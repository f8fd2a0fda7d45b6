/**
 * PUT /api/users/me/notification-preferences/ — announcements and reminders by email or in-app only.
 * Billing, required actions and account notices are always emailed: they are not choices here.
 */
import { NotificationPreferencesRequest } from '../../contract/notification-requests.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { putPreferences } from '../../store/notification.js';

export const handler = route('notification-preferences-put', async (req) => {
  const prefs = parseJsonBody(req, NotificationPreferencesRequest);
  await putPreferences(callerOf(req).username, prefs);
  return { body: prefs };
});
