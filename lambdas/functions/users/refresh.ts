/**
 * POST /api/users/refresh/ — a new access token for the refresh token of the user info, so the SPA
 * stays signed in while the refresh token is valid (30 days; revoked by logout, by an admin's "sign out
 * everywhere" and by disabling a student). Answers the whole user info again: the new token carries the
 * user's groups as they are now, so a role changed since the last token takes effect here (and in the
 * SPA's admin buttons). An admin, finance or staff account without TOTP is refused: its next
 * sign-in turns TOTP on.
 *
 * The identity is the refresh token's own user, as Cognito answers it (GetUser with the new
 * access token, store/cognito.ts sessionFrom), canonical; every check (school's sign-in switch, student
 * record, TOTP rule) is made for that user. The body's `username` is accepted for compatibility and
 * ignored: a refresh token is a bearer credential of exactly one user, so the name beside it can neither
 * widen nor narrow what it opens, and comparing two spellings of a name is how the hole this closes
 * (`JAMAL.BROOKS` passing a case-sensitive check of a disabled `jamal.brooks`) came about.
 */
import { canonicalUsername } from '../../contract/username.js';
import { RefreshRequest } from '../../contract/users.js';
import { Unauthorized } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { REFRESH_REFUSED, refreshSession } from '../../store/cognito.js';
import { MFA_NOW_REQUIRED, mustEnrolTotp } from '../../sign-in/mfa-policy.js';
import { refuseDisabledStudent } from '../../sign-in/sign-in-enabled.js';
import { userInfoFrom } from '../../sign-in/user-info.js';

export const handler = route('users-refresh', async (req) => {
  const { refresh } = parseJsonBody(req, RefreshRequest);
  const session = await refreshSession(refresh);
  const username = canonicalUsername(session.username);
  if (!username) throw new Unauthorized(REFRESH_REFUSED);
  const info = userInfoFrom(username, session);
  await refuseDisabledStudent(username, info);
  // A session of an admin, finance or staff account without TOTP (one older than the rule, or
  // of someone given a staff role since) ends here; signing in again leads to the enrolment.
  if (mustEnrolTotp({ username, groups: session.groups, mfaEnabled: session.mfaEnabled })) throw new Unauthorized(MFA_NOW_REQUIRED);
  return { body: info };
});
