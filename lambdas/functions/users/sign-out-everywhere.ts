/**
 * POST /api/users/{username}/sign-out-everywhere/ (admin) — ends every session of a user at once:
 * Cognito's AdminUserGlobalSignOut, so their refresh tokens are refused from now on; an
 * access token already issued works until it expires (15 minutes at most). Audited as
 * `user.sessions.revoke` before it is done. For any account (student or staff); an admin may sign
 * themselves out everywhere too (their own current session then ends at its next refresh).
 */
import type { SignOutEverywhereAnswer } from '../../contract/users.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { signOutEverywhereAudited } from '../../store/cognito-admin.js';
import { UsernameParams } from '../../contract/params.js';

export const handler = route('users-sign-out-everywhere', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  await signOutEverywhereAudited(username, callerOf(req).username);
  const body: SignOutEverywhereAnswer = { username, signed_out: true };
  return { body };
});
