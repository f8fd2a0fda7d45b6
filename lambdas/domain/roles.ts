import type { Role } from '../routes.js';

/**
 * Cognito groups that carry a staff role; a user in none of them is a student. The CDK auth stack
 * and the local provisioner create exactly these groups.
 */
export const GROUP_ROLES = ['admin', 'staff', 'finance', 'compliance'] as const satisfies readonly Role[];

/**
 * Roles from the `cognito:groups` claim. API Gateway's JWT authorizer hands array claims to the
 * Lambda flattened into a string like "[admin staff]"; a verified token read directly has an array.
 */
export function rolesFromGroups(claim: unknown): Role[] {
  const groups = Array.isArray(claim)
    ? claim.map(String)
    : typeof claim === 'string'
      ? claim
          .replace(/^\[|\]$/g, '')
          .split(/[\s,]+/)
          .filter(Boolean)
      : [];
  const roles: Role[] = GROUP_ROLES.filter((g) => groups.includes(g));
  return roles.length > 0 ? roles : ['student'];
}

export const isAdmin = (roles: readonly Role[]) => roles.includes('admin');
/** Django's is_staff: admins are staff too. */
export const isStaff = (roles: readonly Role[]) => roles.includes('admin') || roles.includes('staff');
export const isFinance = (roles: readonly Role[]) => roles.includes('finance');
/** Health records (clinical compliance): the compliance group and admins only; other staff see cleared or not. */
export const seesHealthRecords = (roles: readonly Role[]) => roles.includes('admin') || roles.includes('compliance');
/** Roles that may read any student's record (staff work, finance reconciliation). */
export const canReadAnyStudent = (roles: readonly Role[]) => roles.some((r) => r !== 'student');
