import { decideStaffAccess } from '#shared/session/staffAccess';
import { RoleGuard } from './RoleGuard';

/** Route wrapper for the screens of staff and admins (/admin/announcements). */
export function StaffGuard() {
  return <RoleGuard decide={decideStaffAccess} />;
}

export default StaffGuard;
