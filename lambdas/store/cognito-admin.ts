/**
 * Sign-ins managed by administrators (issue 8): create, delete (to undo a half-done create), disable
 * and enable. Needs the `userpool:admin` grant; only the student-administration routes have it.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '../config.js';
import { Conflict, Invalid } from '../domain/errors.js';

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
    const created = await cognito.send(new AdminCreateUserCommand({
      UserPoolId: USER_POOL_ID,
      Username: user.username,
      ...(user.temporaryPassword ? { TemporaryPassword: user.temporaryPassword, MessageAction: 'SUPPRESS' } : { DesiredDeliveryMediums: ['EMAIL'] }),
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: user.firstName },
        { Name: 'family_name', Value: user.lastName },
      ],
    }));
    return created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'UsernameExistsException') throw new Conflict(`username: ${user.username} is already taken`);
    if (name === 'InvalidPasswordException') throw new Invalid(`temporary_password: ${(error as Error).message}`);
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
