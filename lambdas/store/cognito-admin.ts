/**
 * Sign-ins managed by administrators: create, delete (to undo a half-done create), disable
 * and enable, and signing a user out everywhere. Needs the `userpool:admin` grant; only the
 * student- and user-administration routes have it.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '../config.js';
import { Conflict, Invalid, NotFound } from '../domain/errors.js';
import { recordEntry } from './audit.js';

const USER_POOL_ID = requireEnv('USER_POOL_ID');
const cognito = new CognitoIdentityProviderClient({});

export interface NewSignIn {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Given: the student must replace it at first sign-in. Absent: Cognito emails an invitation with one. */
  temporaryPassword?: string;
}

/** Creates the sign-in and answers its `sub`. */
export async function createSignIn(user: NewSignIn): Promise<string> {
  try {
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: USER_POOL_ID,
        Username: user.username,
        ...(user.temporaryPassword ? { TemporaryPassword: user.temporaryPassword, MessageAction: 'SUPPRESS' } : { DesiredDeliveryMediums: ['EMAIL'] }),
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: user.firstName },
          { Name: 'family_name', Value: user.lastName },
        ],
      }),
    );
    return created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'UsernameExistsException') throw new Conflict(`username: ${user.username} is already taken`);
    if (name === 'InvalidPasswordException') throw new Invalid(`temporary_password: ${(error as Error).message}`);
    throw error;
  }
}

/**
 * The email of a sign-in (a staff member's: staff have no profile in the table), or null when it has none
 * or is gone. For a notice to staff: the address is looked up when the notice is sent, never stored.
 */
export async function signInEmail(username: string): Promise<string | null> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: username }));
    return user.UserAttributes?.find((a) => a.Name === 'email')?.Value || null;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

export async function deleteSignIn(username: string): Promise<void> {
  await cognito.send(new AdminDeleteUserCommand({ UserPoolId: USER_POOL_ID, Username: username }));
}

export async function setSignInEnabled(username: string, enabled: boolean): Promise<void> {
  const input = { UserPoolId: USER_POOL_ID, Username: username };
  try {
    await cognito.send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
  } catch (error) {
    // a profile without a sign-in (e.g. imported records): nothing to switch
    if ((error as Error).name === 'UserNotFoundException') throw new Conflict(`username: ${username} has no sign-in to ${enabled ? 'enable' : 'disable'}`);
    throw error;
  }
}

/**
 * Ends every session of `username` at once (AdminUserGlobalSignOut): Cognito refuses their refresh
 * tokens from now on, and the access tokens for its own user APIs. API Gateway's JWT authorizer still
 * accepts an access token already issued until it expires, at most 15 minutes (the app client's
 * accessTokenValidity, lib/stacks/auth-stack.ts).
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_AdminUserGlobalSignOut.html
 * Locally cognito-local lacks the call: lib/local/cognito-sign-out-targets.cjs adds it.
 */
export async function signOutEverywhere(username: string): Promise<void> {
  try {
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: USER_POOL_ID, Username: username }));
  } catch (error) {
    // InvalidParameterException: a name Cognito's username pattern refuses, which no sign-in can have
    if (['UserNotFoundException', 'InvalidParameterException'].includes((error as Error).name)) throw new NotFound(`username: ${username} has no sign-in`);
    throw error;
  }
}

/**
 * An admin's "sign out everywhere" for `username`, recorded as `user.sessions.revoke` by `actor` before
 * it is done (never a change without its entry); a name without a sign-in is 404 and records nothing.
 */
export async function signOutEverywhereAudited(username: string, actor: string): Promise<void> {
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: USER_POOL_ID, Username: username }));
  } catch (error) {
    if (['UserNotFoundException', 'InvalidParameterException'].includes((error as Error).name)) throw new NotFound(`username: ${username} has no sign-in`);
    throw error;
  }
  await recordEntry({ actor, action: 'user.sessions.revoke', entityType: 'user', entityId: username });
  await signOutEverywhere(username);
}
