/**
 * POST /api/users/refresh/ — a new access token for the refresh token of the user info, so the SPA
 * stays signed in while the refresh token is valid (30 days; revoked by logout). Answers the whole
 * user info again: the new token carries the user's groups as they are now, so a role changed since
 * the last token takes effect here (and in the SPA's admin buttons). An admin, finance or staff account
 * without TOTP is refused (issue 19): its next sign-in turns TOTP on.
 */
import { RefreshRequest } from '../../contract/users.js';
import { Unauthorized } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { REFRESH_REFUSED, refreshSession } from '../../store/cognito.js';
import { MFA_NOW_REQUIRED, mustEnrolTotp } from './mfa-policy.js';
import { refuseDisabledStudent } from './sign-in-enabled.js';
import { userInfoFrom } from './user-info.js';

export const handler = route('users-refresh', async (req) => {
  const { username, refresh } = parseJsonBody(req, RefreshRequest);
  const session = await refreshSession(refresh);
  // A refresh token is a bearer credential of one user: it never answers under another name.
  // (Usernames are case-insensitive in the pool; the claim has Cognito's spelling.)
  if (session.username.toLowerCase() !== username.toLowerCase()) throw new Unauthorized(REFRESH_REFUSED);
  const info = userInfoFrom(username, session);
  await refuseDisabledStudent(username, info);
  // Issue 19: a session of an admin, finance or staff account without TOTP (one older than the rule, or
  // of someone given a staff role since) ends here; signing in again leads to the enrolment.
  if (mustEnrolTotp({ username, groups: session.groups, mfaEnabled: session.mfaEnabled })) throw new Unauthorized(MFA_NOW_REQUIRED);
  return { body: info };
});
