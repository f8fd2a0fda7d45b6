import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import type { UserInfo } from '../contract';
import { useAppSelector } from '../app/hooks';
import { paths } from '../app/paths';
import { selectUserInfo } from '../features/auth/authSlice';

/** Where guards send anonymous users: /login (which leads to the login screen at /), with the target. */
export function loginRedirectTarget(from: Pick<Location, 'pathname' | 'search'>): string {
  return `${paths.login}?redirect=${encodeURIComponent(from.pathname + from.search)}`;
}

/** Route wrapper: children render only for a signed-in user. */
export function RequireAuth() {
  const user = useAppSelector(selectUserInfo);
  const location = useLocation();
  if (!user) return <Navigate to={loginRedirectTarget(location)} replace />;
  return <Outlet />;
}

/**
 * The signed-in user, for pages under <RequireAuth/> or <AdminGuard/>. Lets features read the
 * session without importing the auth feature.
 */
export function useSignedInUser(): UserInfo {
  const user = useAppSelector(selectUserInfo);
  if (!user) throw new Error('useSignedInUser is only for routes wrapped in RequireAuth or AdminGuard');
  return user;
}
