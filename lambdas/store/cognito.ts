/**
 * Cognito adapter for sign-in. Uses only calls a public app client may make (InitiateAuth with
 * USER_PASSWORD_AUTH or REFRESH_TOKEN_AUTH, RespondToAuthChallenge, RevokeToken, and with the user's
 * own access token GetUser, AssociateSoftwareToken, VerifySoftwareToken and SetUserMFAPreference),
 * so the sign-in functions need no IAM permission on the pool. The endpoint comes from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER locally.
 */
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '../config.js';
import { MFA_REQUIRED_CODE } from '../contract/mfa-codes.js';
import { AppError, Conflict, Invalid, TooManyRequests, Unauthorized } from '../domain/errors.js';

const CLIENT_ID = requireEnv('USER_POOL_CLIENT_ID');
const cognito = new CognitoIdentityProviderClient({});

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  sub: string;
  /**
   * Whose session this is, as Cognito answers it: GetUser with the session's own access token (its
   * `Username`; the token's `username` claim only if Cognito named none). Cognito's spelling: the
   * sign-in functions canonicalize it (contract/username.ts) before using it as the identity.
   */
  username: string;
  attributes: Record<string, string>;
  groups: unknown;
  /** TOTP is on for the user (GetUser's UserMFASettingList): Cognito asks them for a code at every sign-in. */
  mfaEnabled: boolean;
}

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const ACCOUNT_DISABLED = 'This account is disabled. Please contact the school office.';
export const NEW_PASSWORD_REQUIRED = 'Please choose a new password to finish signing in.';
export const REFRESH_REFUSED = 'Your refresh token is invalid, expired or revoked. Please log in again.';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';
export const MFA_REQUIRED = 'Enter the 6-digit code from your authenticator app to finish signing in.';
export const MFA_SESSION_EXPIRED = 'Your sign-in session expired. Please sign in again.';
export const MFA_CODE_REFUSED = 'That code is not right. Please sign in again and enter the current code from your authenticator app.';
export const TOTP_NOT_STARTED = 'Start turning on two-step sign-in first: no authenticator app is waiting to be confirmed.';
/** The 401 code of a refused second step (the SPA goes back to the password form and shows the message). */
export const MFA_CODE_REFUSED_CODE = 'mfa_code_refused';

const throttled = (name: string) => name === 'TooManyRequestsException' || name === 'LimitExceededException' || name === 'TooManyFailedAttemptsException';

/**
 * How a refused sign-in step is answered, alike for every step (password, new password, TOTP code,
 * refresh): Cognito's throttling is a 429, a disabled account says so, and the step's `expired`
 * names (a wrong or stale credential or session) are a 401 with the step's own `message`.
 * Anything else is a fault and is thrown as is.
 */
function refuseSignIn(error: unknown, expired: string[], message: string, throttledMessage?: string): never {
  const { name, message: said = '' } = error as Error;
  if (throttled(name)) throw new TooManyRequests(throttledMessage);
  // Cognito's own lockout: after five failed passwords it refuses the user for 1 s, doubling to ~15 min.
  if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(said)) throw new TooManyRequests(TOO_MANY_ATTEMPTS);
  if (name === 'NotAuthorizedException' && /disabled/i.test(said)) throw new Unauthorized(ACCOUNT_DISABLED);
  if (expired.includes(name)) throw new Unauthorized(message);
  throw error;
}

/**
 * An account with TOTP on answers its password with a SOFTWARE_TOKEN_MFA challenge (a user pool with
 * MFA "optional" challenges exactly the users who turned a factor on:
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_SetUserPoolMfaConfig.html).
 * The SPA asks for the code and sends it with the session to POST /api/users/mfa/.
 */
function refuseChallenge(result: Pick<InitiateAuthCommandOutput, 'ChallengeName' | 'Session'>): void {
  if (result.ChallengeName === 'SOFTWARE_TOKEN_MFA' && result.Session) {
    throw new AppError(401, MFA_REQUIRED, { detail: MFA_REQUIRED, code: MFA_REQUIRED_CODE, session: result.Session });
  }
}

/** A sign-in step's call to Cognito; a refusal is answered by `refuse`, which always throws (with refuseSignIn at the end). */
async function signInStep<T>(call: Promise<T>, refuse: (error: unknown) => never): Promise<T> {
  try {
    return await call;
  } catch (error) {
    return refuse(error);
  }
}

const initiateAuth = (flow: 'USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH', parameters: Record<string, string>) =>
  cognito.send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: flow, AuthParameters: parameters }));

const respondToChallenge = (challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA', session: string, responses: Record<string, string>) =>
  cognito.send(new RespondToAuthChallengeCommand({ ClientId: CLIENT_ID, ChallengeName: challenge, Session: session, ChallengeResponses: responses }));

function decodePayload(jwt: string): Record<string, unknown> {
  // The token comes straight from Cognito over TLS; we only read our own claims from it.
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

export async function signIn(username: string, password: string): Promise<SignedIn> {
  const result = await signInStep(initiateAuth('USER_PASSWORD_AUTH', { USERNAME: username, PASSWORD: password }), (error) => {
    if ((error as Error).name === 'PasswordResetRequiredException') throw new Unauthorized('Your password must be reset. Please contact the school office.');
    // Cognito answers a wrong password with NotAuthorizedException; cognito-local with InvalidPasswordException.
    return refuseSignIn(error, ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException', 'InvalidParameterException'], INVALID_CREDENTIALS);
  });
  if (result.ChallengeName === 'NEW_PASSWORD_REQUIRED' && result.Session) {
    // An account created with a temporary password: the SPA asks for a new one (POST /api/users/new-password/).
    throw new AppError(401, NEW_PASSWORD_REQUIRED, { detail: NEW_PASSWORD_REQUIRED, code: 'new_password_required', session: result.Session });
  }
  refuseChallenge(result);
  return sessionFrom(result.AuthenticationResult);
}

/** Completes the first sign-in of an account that has a temporary password. */
export async function completeNewPassword(username: string, session: string, newPassword: string): Promise<SignedIn> {
  const result = await signInStep(respondToChallenge('NEW_PASSWORD_REQUIRED', session, { USERNAME: username, NEW_PASSWORD: newPassword }), (error) => {
    if ((error as Error).name === 'InvalidPasswordException') throw new Invalid(`new_password: ${(error as Error).message}`);
    return refuseSignIn(
      error,
      ['NotAuthorizedException', 'CodeMismatchException', 'ExpiredCodeException', 'InvalidParameterException'],
      'Your sign-in session expired. Please sign in again with your temporary password.',
    );
  });
  // Cognito asks for a user's TOTP code after a new password too, should they have one.
  refuseChallenge(result);
  return sessionFrom(result.AuthenticationResult);
}

/**
 * Answers the SOFTWARE_TOKEN_MFA challenge of a sign-in with the user's code. The session is bound
 * to the user and lasts 3 minutes (the app client's AuthSessionValidity default,
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_UserPoolClientType.html).
 * A wrong code ends the attempt: Cognito does not reliably accept the same session again
 * (aws-amplify/amplify-swift#3695), so the person signs in again with their password.
 */
export async function answerTotpChallenge(username: string, session: string, code: string): Promise<SignedIn> {
  const result = await signInStep(respondToChallenge('SOFTWARE_TOKEN_MFA', session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code }), (error) => {
    if ((error as Error).name === 'CodeMismatchException') throw new AppError(401, MFA_CODE_REFUSED, { detail: MFA_CODE_REFUSED, code: MFA_CODE_REFUSED_CODE });
    return refuseSignIn(error, ['NotAuthorizedException', 'ExpiredCodeException', 'InvalidParameterException', 'UserNotFoundException'], MFA_SESSION_EXPIRED, TOO_MANY_ATTEMPTS);
  });
  return sessionFrom(result.AuthenticationResult);
}

/**
 * Starts TOTP for the user of `accessToken`: Cognito makes a new secret, which the person puts into an
 * authenticator app (as a QR code or typed). Until it is confirmed nothing changes: the user still signs
 * in with a password alone (https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_AssociateSoftwareToken.html).
 */
export async function associateTotp(accessToken: string): Promise<string> {
  try {
    const answer = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    if (!answer.SecretCode) throw new Error('AssociateSoftwareToken answered no secret');
    return answer.SecretCode;
  } catch (error) {
    const name = (error as Error).name;
    if (throttled(name)) throw new TooManyRequests();
    if (name === 'NotAuthorizedException') throw new Unauthorized(MFA_SESSION_EXPIRED);
    throw error;
  }
}

/**
 * Confirms the secret of `associateTotp` with a code from the app (VerifySoftwareToken), then turns
 * TOTP on and makes it the preferred factor (SetUserMFAPreference), so every later sign-in asks for a
 * code. Answers false for a wrong code (nothing is turned on).
 */
export async function confirmTotp(accessToken: string, code: string): Promise<boolean> {
  try {
    const verified = await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code, FriendlyDeviceName: 'Authenticator app' }));
    if (verified.Status && verified.Status !== 'SUCCESS') return false;
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return true;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') return false;
    if (throttled(name)) throw new TooManyRequests();
    if (name === 'NotAuthorizedException') throw new Unauthorized(MFA_SESSION_EXPIRED);
    // "User has not associated a software token" (cognito-local) / no secret waiting (Cognito)
    if (name === 'InvalidParameterException' || name === 'SoftwareTokenMFANotFoundException') throw new Conflict(TOTP_NOT_STARTED);
    throw error;
  }
}

/** Whether TOTP is on for the user of `accessToken`. */
export async function totpEnabled(accessToken: string): Promise<boolean> {
  try {
    return mfaEnabledIn(await cognito.send(new GetUserCommand({ AccessToken: accessToken })));
  } catch (error) {
    if ((error as Error).name === 'NotAuthorizedException') throw new Unauthorized(MFA_SESSION_EXPIRED);
    throw error;
  }
}

const mfaEnabledIn = (user: { UserMFASettingList?: string[] }) => (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');

/**
 * A new access token for a refresh token (REFRESH_TOKEN_AUTH). Its groups are read now, so a role
 * changed since the last token takes effect here. Cognito keeps the refresh token (no rotation).
 */
export async function refreshSession(refreshToken: string): Promise<SignedIn> {
  // revoked, expired, malformed or another client's token
  const result = await signInStep(initiateAuth('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refreshToken }), (error) =>
    refuseSignIn(error, ['NotAuthorizedException', 'UserNotFoundException', 'InvalidParameterException'], REFRESH_REFUSED),
  );
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
    if (throttled(name)) throw new TooManyRequests();
    if (['NotAuthorizedException', 'UnauthorizedException', 'UnsupportedTokenTypeException', 'InvalidParameterException'].includes(name)) return false;
    throw error;
  }
}

/** The session of tokens Cognito issued earlier (an enrolment kept them): `expiresIn` from the token's own `exp`. */
export const sessionFromTokens = (tokens: { accessToken: string; refreshToken: string }): Promise<SignedIn> =>
  sessionFrom({ AccessToken: tokens.accessToken, RefreshToken: tokens.refreshToken });

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
    // the token's own user: a refresh names no user, so this is the only identity it has
    username: String(user.Username ?? claims.username ?? ''),
    attributes,
    groups: claims['cognito:groups'],
    mfaEnabled: mfaEnabledIn(user),
  };
}
