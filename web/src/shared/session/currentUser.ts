import type { UserInfo } from '#contract/users';
import { useAppSelector } from '../store/hooks';
import { selectUserInfo } from './authSlice';
import { isComplianceUser } from './complianceAccess';

/**
 * The signed-in user, or null. For pages whose route is open to everyone (app/router) and which
 * decide for themselves what an anonymous visitor sees; guarded pages use `useSignedInUser()`.
 */
export function useCurrentUser(): UserInfo | null {
  return useAppSelector(selectUserInfo);
}

/**
 * The signed-in user, for pages under the app's RequireAuth or AdminGuard routes (app/guards). Lets
 * features read the session without importing the auth feature.
 */
export function useSignedInUser(): UserInfo {
  const user = useAppSelector(selectUserInfo);
  if (!user) throw new Error('useSignedInUser is only for routes wrapped in RequireAuth or AdminGuard');
  return user;
}

/** A student: a user with none of the staff roles (admin, staff, finance, compliance). */
export const isStudentUser = (user: UserInfo | null) => !!user && !user.isAdmin && !user.is_staff && !user.is_finance && !isComplianceUser(user);
