import type { UserInfo } from '#contract/users';
import { decideRoleAccess } from './adminAccess';

/** What a user without a staff role is told after being sent to the dashboard (worded like the admin guard's). */
export const NOT_STAFF_MESSAGE = 'You do not have staff privileges to access this area.';

/** Who may send announcements: staff and admins (the API's ADMIN_AND_STAFF). */
export const isStaffOrAdmin = (user: UserInfo | null) => user?.is_staff === true || user?.isAdmin === true;

/** The admin guard's decision, letting staff in too and telling others they lack staff privileges. */
export const decideStaffAccess = decideRoleAccess(isStaffOrAdmin, NOT_STAFF_MESSAGE);
