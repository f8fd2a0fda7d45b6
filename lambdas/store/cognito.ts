/**
 * Cognito adapter for sign-in. Uses only calls a public app client may make (InitiateAuth with
 * USER_PASSWORD_AUTH or REFRESH_TOKEN_AUTH, GetUser with the user's own access token, RevokeToken),
 * so the sign-in functions need no IAM permission on the pool. The endpoint comes from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER locally.
 */
import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
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
  /** Cognito's own spelling of the username (the `username` claim). */
  username: string;
  attributes: Record<string, string>;
  groups: unknown;
}

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const ACCOUNT_DISABLED = 'This account is disabled. Please contact the school office.';
export const NEW_PASSWORD_REQUIRED = 'Please choose a new password to finish signing in.';
export const REFRESH_REFUSED = 'Your refresh token is invalid, expired or revoked. Please log in again.';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';

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
    // Cognito's own lockout: after five failed passwords it refuses the user for 1 s, doubling to ~15 min.
    if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(message)) throw new TooManyRequests(TOO_MANY_ATTEMPTS);
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

/**
 * A new access token for a refresh token (REFRESH_TOKEN_AUTH). Its groups are read now, so a role
 * changed since the last token takes effect here. Cognito keeps the refresh token (no rotation).
 */
export async function refreshSession(refreshToken: string): Promise<SignedIn> {
  let result;
  try {
    result = await cognito.send(new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }));
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TooManyRequestsException' || name === 'LimitExceededException') throw new TooManyRequests();
    if (name === 'NotAuthorizedException' && /disabled/i.test((error as Error).message ?? '')) throw new Unauthorized(ACCOUNT_DISABLED);
    // revoked, expired, malformed or another client's token
    if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidParameterException'].includes(name)) throw new Unauthorized(REFRESH_REFUSED);
    throw error;
  }
  return sessionFrom(result.AuthenticationResult, refreshToken);
}

/**
 * Revokes a refresh token (and, at Cognito, the access tokens it issued for Cognito's own APIs; API
 * Gateway's JWT authorizer still accepts those until they expire). Answers false when there was
 * nothing to revoke: unknown, malformed or already revoked.
 */
export async function revokeRefreshToken(refreshToken: string): Promise<boolean> {
  try {
    await cognito.send(new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: refreshToken }));
    return true;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TooManyRequestsException' || name === 'LimitExceededException') throw new TooManyRequests();
    if (['NotAuthorizedException', 'UnauthorizedException', 'UnsupportedTokenTypeException', 'InvalidParameterException'].includes(name)) return false;
    throw error;
  }
}

async function sessionFrom(auth: AuthenticationResultType | undefined, keptRefreshToken?: string): Promise<SignedIn> {
  const refreshToken = auth?.RefreshToken ?? keptRefreshToken;
  if (!auth?.AccessToken || !refreshToken) throw new Unauthorized(INVALID_CREDENTIALS);
  const user = await cognito.send(new GetUserCommand({ AccessToken: auth.AccessToken }));
  const attributes = Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
  const claims = decodePayload(auth.AccessToken);
  return {
    accessToken: auth.AccessToken,
    refreshToken,
    // cognito-local answers a refresh without ExpiresIn; the token's own exp says the same
    expiresIn: auth.ExpiresIn ?? (typeof claims.exp === 'number' ? Math.max(0, claims.exp - Math.floor(Date.now() / 1000)) : 3600),
    sub: String(claims.sub ?? attributes.sub ?? ''),
    username: String(claims.username ?? ''),
    attributes,
    groups: claims['cognito:groups'],
  };
}
