/** GET /api/users/me/notification-preferences/ — which optional emails the caller gets (the defaults until they choose). */
import { DEFAULT_PREFERENCES } from '../../contract/notifications.js';
import { callerOf, route } from '../../http/route.js';
import { getPreferences } from '../../store/notification.js';

export const handler = route('notification-preferences-get', async (req) => ({ body: (await getPreferences(callerOf(req).username)) ?? DEFAULT_PREFERENCES }));
