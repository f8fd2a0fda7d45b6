import type { UserInfo } from '#contract/users';

/**
 * What a session may do with courses, mirroring the API's route table: any signed-in user reads,
 * admins and staff write (lambdas/routes.ts, STAFF_WRITE). The server refuses other writes with 403.
 */
export type CourseAccess = 'anonymous' | 'read' | 'write';

export function courseAccessOf(user: UserInfo | null): CourseAccess {
  if (!user) return 'anonymous';
  return user.isAdmin || user.is_staff ? 'write' : 'read';
}
