/**
 * Resetting another user's TOTP (recovery for a lost authenticator app). Needs the
 * `userpool:admin` grant (AdminGetUser, AdminSetUserMFAPreference). Turning TOTP off leaves the
 * account as Cognito has it before any enrolment: a user pool with optional MFA then signs it in
 * with the password alone (our sign-in sends admin, finance and staff accounts to a new enrolment).
 */
import { AdminGetUserCommand, AdminSetUserMFAPreferenceCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '../config.js';
import { NotFound } from '../domain/errors.js';
import { recordEntry } from './audit.js';

const USER_POOL_ID = requireEnv('USER_POOL_ID');
const cognito = new CognitoIdentityProviderClient({});

/**
 * Turns `username`'s TOTP off, recorded as `user.mfa.reset` by `actor` before it is asked for (as
 * refunds are: never a change without its entry). Answers false, and records nothing, when TOTP was
 * not on.
 */
export async function resetTotp(username: string, actor: string): Promise<boolean> {
  let user;
  try {
    user = await cognito.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: username }));
  } catch (error) {
    // InvalidParameterException: a name Cognito's username pattern refuses, which no sign-in can have
    if (['UserNotFoundException', 'InvalidParameterException'].includes((error as Error).name)) throw new NotFound(`username: ${username} has no sign-in`);
    throw error;
  }
  if (!(user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA')) return false;
  await recordEntry({ actor, action: 'user.mfa.reset', entityType: 'user', entityId: username, before: { mfa_enabled: true }, after: { mfa_enabled: false } });
  await cognito.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: USER_POOL_ID,
      Username: username,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
  return true;
}
