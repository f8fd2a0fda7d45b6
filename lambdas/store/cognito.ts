/**
 * Cognito adapter for sign-in. Uses only calls a public app client may make (InitiateAuth with
 * USER_PASSWORD_AUTH, GetUser with the user's own access token), so the login function needs no IAM
 * permission on the pool. The endpoint comes from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER locally.
 */
import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '../config.js';
import { AppError, Invalid, TooManyRequests, Unauthorized } from '../domain/errors.js';

const CLIENT_ID = requireEnv('USER_POOL_CLIENT_ID');
const cognito = new CognitoIdentityProviderClient({});

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  sub: string;
  attributes: Record<string, string>;
  groups: unknown;
}

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const ACCOUNT_DISABLED = 'This account is disabled. Please contact the school office.';
export const NEW_PASSWORD_REQUIRED = 'Please choose a new password to finish signing in.';

function decodePayload(jwt: string): Record<string, unknown> {
  // The token comes straight from Cognito over TLS; we only read our own claims from it.
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

export async function signIn(username: string, password: string): Promise<SignedIn> {
  let result;
  try {
    result = await cognito.send(new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }));
  } catch (error) {
    const name = (error as Error).name;
    const message = (error as Error).message ?? '';
    if (name === 'TooManyRequestsException' || name === 'LimitExceededException') throw new TooManyRequests();
    if (name === 'NotAuthorizedException' && /disabled/i.test(message)) {
      throw new Unauthorized(ACCOUNT_DISABLED);
    }
    // Cognito answers a wrong password with NotAuthorizedException; cognito-local with InvalidPasswordException.
    if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException', 'InvalidParameterException'].includes(name)) {
      throw new Unauthorized(INVALID_CREDENTIALS);
    }
    if (name === 'PasswordResetRequiredException') throw new Unauthorized('Your password must be reset. Please contact the school office.');
    throw error;
  }
  if (result.ChallengeName === 'NEW_PASSWORD_REQUIRED' && result.Session) {
    // An account created with a temporary password: the SPA asks for a new one (POST /api/users/new-password/).
    throw new AppError(401, NEW_PASSWORD_REQUIRED, { detail: NEW_PASSWORD_REQUIRED, code: 'new_password_required', session: result.Session });
  }
  return sessionFrom(result.AuthenticationResult);
}

/** Completes the first sign-in of an account that has a temporary password. */
export async function completeNewPassword(username: string, session: string, newPassword: string): Promise<SignedIn> {
  let result;
  try {
    result = await cognito.send(new RespondToAuthChallengeCommand({
      ClientId: CLIENT_ID,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeResponses: { USERNAME: username, NEW_PASSWORD: newPassword },
    }));
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'InvalidPasswordException') throw new Invalid(`new_password: ${(error as Error).message}`);
    if (['NotAuthorizedException', 'CodeMismatchException', 'ExpiredCodeException', 'InvalidParameterException'].includes(name)) {
      throw new Unauthorized('Your sign-in session expired. Please sign in again with your temporary password.');
    }
    throw error;
  }
  return sessionFrom(result.AuthenticationResult);
}

async function sessionFrom(auth: AuthenticationResultType | undefined): Promise<SignedIn> {
  if (!auth?.AccessToken || !auth.RefreshToken) throw new Unauthorized(INVALID_CREDENTIALS);
  const user = await cognito.send(new GetUserCommand({ AccessToken: auth.AccessToken }));
  const attributes = Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
  const claims = decodePayload(auth.AccessToken);
  return {
    accessToken: auth.AccessToken,
    refreshToken: auth.RefreshToken,
    expiresIn: auth.ExpiresIn ?? 3600,
    sub: String(claims.sub ?? attributes.sub ?? ''),
    attributes,
    groups: claims['cognito:groups'],
  };
}
