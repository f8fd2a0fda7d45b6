/**
 * POST /api/users/{username}/mfa/reset/ (admin) — recovery for someone who lost their authenticator app:
 * turns their TOTP off (AdminSetUserMFAPreference), audited as `user.mfa.reset`. A student
 * then signs in with the password alone; an admin, finance or staff account sets up a new app at its
 * next sign-in. Admins cannot reset their own: another admin does.
 */
import { Forbidden } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { resetTotp } from '../../store/cognito-mfa-admin.js';
import { OWN_RESET_REFUSED } from '../../sign-in/mfa-policy.js';
import { UsernameParams } from '../../contract/params.js';

export const handler = route('users-mfa-reset', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const caller = callerOf(req);
  if (caller.username.toLowerCase() === username.toLowerCase()) throw new Forbidden(OWN_RESET_REFUSED);
  const reset = await resetTotp(username, caller.username);
  return { body: { username, reset, mfa_enabled: false } };
});
