import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '#shared/session/currentUser';
import { loginRedirectTarget } from '#shared/session/loginRedirect';

/** Route wrapper: children render only for a signed-in user (pages read it with `useSignedInUser()`). */
export function RequireAuth() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) return <Navigate to={loginRedirectTarget(location)} replace />;
  return <Outlet />;
}
