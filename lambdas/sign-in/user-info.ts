/** The spec's user info from a fresh Cognito session: answered by login and new-password. */
import type { UserInfo } from '../contract/users.js';
import { isAdmin, isFinance, isStaff, rolesFromGroups } from '../domain/roles.js';
import type { SignedIn } from '../store/cognito.js';

export function userInfoFrom(username: string, session: SignedIn): UserInfo {
  const roles = rolesFromGroups(session.groups);
  return {
    id: session.sub,
    username,
    email: session.attributes.email ?? '',
    first_name: session.attributes.given_name ?? '',
    last_name: session.attributes.family_name ?? '',
    isAdmin: isAdmin(roles),
    is_staff: isStaff(roles),
    is_finance: isFinance(roles),
    is_compliance: roles.includes('compliance'),
    token: session.accessToken,
    refresh: session.refreshToken,
    expires_in: session.expiresIn,
    mfa_enabled: session.mfaEnabled,
  };
}
