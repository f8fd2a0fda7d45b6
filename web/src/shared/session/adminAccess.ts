import type { UserInfo } from '#contract/users';

/** What a non-admin is told after being sent to the dashboard, in the spec's words. */
export const NOT_ADMIN_MESSAGE = 'You do not have admin privileges to access this area.';
export const UNVERIFIABLE_SESSION_MESSAGE = 'Your session could not be verified. Please log in again.';

/** The admin guard's states: loading, error message, allowed, redirect. */
export type AdminAccess =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'allowed' }
  | { status: 'redirect'; to: 'login' }
  | { status: 'redirect'; to: 'dashboard'; message: string };

/**
 * Decides from the session alone. This only shapes navigation: the API enforces roles on
 * every call, so a forged `isAdmin` in local storage shows screens whose data it cannot load.
 */
export function decideAdminAccess(user: UserInfo | null, loginPending: boolean): AdminAccess {
  if (loginPending) return { status: 'loading' };
  if (!user) return { status: 'redirect', to: 'login' };
  if (!user.token && !(user as { access?: string }).access) return { status: 'error', message: UNVERIFIABLE_SESSION_MESSAGE };
  if (user.isAdmin !== true) return { status: 'redirect', to: 'dashboard', message: NOT_ADMIN_MESSAGE };
  return { status: 'allowed' };
}

/**
 * A guard for a role besides admins (finance, staff): the admin guard's decision, letting in whom
 * `allowed` names too and telling others, with `message`, what they lack.
 */
export function decideRoleAccess(allowed: (user: UserInfo | null) => boolean, message: string) {
  return (user: UserInfo | null, loginPending: boolean): AdminAccess => {
    const access = decideAdminAccess(user, loginPending);
    if (access.status !== 'redirect' || access.to !== 'dashboard') return access;
    return allowed(user) ? { status: 'allowed' } : { ...access, message };
  };
}
