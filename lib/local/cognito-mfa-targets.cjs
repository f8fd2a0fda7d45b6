// TOTP where cognito-local 5.3 falls short of Cognito, patched into its target table before
// it serves (required by cognito-local-main.cjs; plain CommonJS because it runs inside that child process):
//  - AdminSetUserMFAPreference is missing: added, with SetUserMFAPreference's rules, by pool id and
//    username (https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_AdminSetUserMFAPreference.html);
//  - RespondToAuthChallenge issues tokens but never stores the refresh token, so a session that began
//    with a TOTP code (or a new password) could not be refreshed: the refresh token is now stored, as
//    InitiateAuth stores its own.
// Challenge sessions (bound to their user, used once, 3 minutes) are the session guard's
// (cognito-session-guard.ts). README "Local vs cloud" lists what still differs.
'use strict';
const { Targets } = require('cognito-local/lib/targets/targets.js');
const { InvalidParameterError } = require('cognito-local/lib/errors.js');
const { adminTargetUser } = require('./cognito-admin-user.cjs');

/** SetUserMFAPreference's rules (cognito-local's targets/setUserMFAPreference.js), on a user found by name. */
Targets.AdminSetUserMFAPreference =
  ({ cognito }) =>
  async (ctx, req) => {
    const { userPool, user } = await adminTargetUser(cognito, ctx, req);
    const sms = req.SMSMfaSettings;
    const software = req.SoftwareTokenMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
      throw new InvalidParameterError('User has not verified software token MFA');
    }
    const methods = new Set(user.UserMFASettingList ?? []);
    if (sms) sms.Enabled ? methods.add('SMS_MFA') : methods.delete('SMS_MFA');
    if (software) software.Enabled ? methods.add('SOFTWARE_TOKEN_MFA') : methods.delete('SOFTWARE_TOKEN_MFA');
    const preferred = sms?.PreferredMfa ? 'SMS_MFA' : software?.PreferredMfa ? 'SOFTWARE_TOKEN_MFA' : undefined;
    if (preferred && !methods.has(preferred)) throw new InvalidParameterError(`Cannot set ${preferred} as preferred: it is not enabled`);
    // Turned off, the secret stays associated but unused, as at Cognito: a new AssociateSoftwareToken replaces it.
    await userPool.saveUser(ctx, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting: preferred ?? (methods.has(user.PreferredMfaSetting) ? user.PreferredMfaSetting : undefined),
    });
    return {};
  };

const respond = Targets.RespondToAuthChallenge;
Targets.RespondToAuthChallenge = (services) => {
  const answer = respond(services);
  return async (ctx, req) => {
    const result = await answer(ctx, req);
    const refreshToken = result?.AuthenticationResult?.RefreshToken;
    if (refreshToken) {
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, req.ChallengeResponses.USERNAME);
      if (user) await userPool.storeRefreshToken(ctx, refreshToken, user);
    }
    return result;
  };
};
