import { decideAdminAccess } from '#shared/session/adminAccess';
import { RoleGuard } from './RoleGuard';

/** Route wrapper for admin-only screens (/cohort-management, /admin). */
export function AdminGuard() {
  return <RoleGuard decide={decideAdminAccess} />;
}

export default AdminGuard;
