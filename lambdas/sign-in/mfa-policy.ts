/**
 * Who must sign in with an authenticator app: every account in the admin, finance or staff
 * group, the people who move money or read every record. The user pool's MFA is "optional" (students
 * may turn TOTP on themselves), so the portal enforces it: such an account without TOTP gets no session
 * from its password, only an enrolment (store/mfa-enrolment.ts), and its refresh tokens stop working.
 *
 * The rule is code, not configuration: no setting of a deployed stage, and nothing an admin can do
 * through the portal or to a user's attributes, exempts anyone. The one relaxation is
 * PORTAL_MFA_EXEMPT_USERS, a list of usernames the LOCAL stack sets to its seeded demo staff accounts
 * (lib/local/endpoints.ts) so the browser tests keep signing in with a password alone. Outside
 * STAGE=local the variable stops the function at cold start (a deployment carrying it never serves).
 */
import { Unauthorized } from '../domain/errors.js';
import { rolesFromGroups } from '../domain/roles.js';
import type { ApiRequest } from '../http/types.js';
import type { Role } from '../routes.js';

export const MFA_REQUIRED_ROLES = ['admin', 'finance', 'staff', 'compliance'] as const satisfies readonly Role[];
export const MFA_EXEMPT_VARIABLE = 'PORTAL_MFA_EXEMPT_USERS';
/** The refresh of such an account's session is refused with this. */
export const MFA_NOW_REQUIRED = 'Your account now needs two-step sign-in. Please log in again to set it up.';

/** The usernames exempt from enrolment (lower case): none unless the stage is the local stack's. */
export function exemptUsers(stage: string | undefined, value: string | undefined): ReadonlySet<string> {
  if (!value?.trim()) return new Set();
  if (stage !== 'local') {
    throw new Error(`${MFA_EXEMPT_VARIABLE} is set on stage ${stage ?? '(none)'}: it is for the local stack only, a deployed stage never exempts anyone from TOTP`);
  }
  return new Set(
    value
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

// read once at cold start, and fail it (config.ts's rule)
const EXEMPT = exemptUsers(process.env.STAGE, process.env[MFA_EXEMPT_VARIABLE]);

/** True when the user's roles require TOTP. */
export const totpRequiredFor = (roles: readonly Role[]) => roles.some((role) => (MFA_REQUIRED_ROLES as readonly Role[]).includes(role));

/** True when `username` (groups as in their token) must turn TOTP on before getting a session. */
export function mustEnrolTotp(user: { username: string; groups: unknown; mfaEnabled: boolean }, exempt: ReadonlySet<string> = EXEMPT): boolean {
  return !user.mfaEnabled && totpRequiredFor(rolesFromGroups(user.groups)) && !exempt.has(user.username.toLowerCase());
}

export const WRONG_SETUP_CODE = 'That code is not right. Check that the time on your phone is set automatically, then enter the newest code your authenticator app shows.';
export const TOO_MANY_WRONG_CODES = 'Too many wrong codes. Please log in again to start over.';
export const TOTP_ALREADY_ON = 'Two-step sign-in is already on for your account.';
export const OWN_RESET_REFUSED = 'You cannot reset your own two-step sign-in: ask another administrator.';

/** The caller's Cognito access token (the bearer token the authorizer checked), for Cognito's own-user calls. */
export function accessTokenOf(req: ApiRequest): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match?.[1]) throw new Unauthorized();
  return match[1];
}
