/**
 * Two-step sign-in with an authenticator app: the calls of the TOTP forms. Loaded with
 * those forms only (lazy), never on the login page's first load.
 */
import { apiBaseUrl } from '#shared/runtimeConfig';
import { TOTP_ISSUER } from '#contract/mfa-codes';
import type { UserInfo } from '#contract/users';
import { plainServerErrorText } from '#shared/lib/serverError';

/** Shown when the server gives no message (network failure, unexpected answer). */
export const MFA_FAILED = 'Could not check the code. Please try again.';

/**
 * What the server answered: the user info, or its message. `restart` is true when this sign-in attempt
 * is over (a wrong code at sign-in, an expired session or enrolment): the person signs in again.
 */
export type MfaAnswer = { user: UserInfo } | { error: string; restart: boolean };

/** The 401's `detail` first (as the login reads it), else a 400's `error`. */
const messageOf = (body: unknown) => plainServerErrorText(body, ['detail', 'message', 'error']);

async function post(path: string, body: unknown, token?: string): Promise<{ ok: boolean; status: number; body: unknown } | null> {
  try {
    const response = await fetch(`${apiBaseUrl()}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { ok: response.ok, status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return null;
  }
}

async function signInStep(path: string, username: string, session: string, code: string): Promise<MfaAnswer> {
  const answer = await post(path, { username, session, code });
  if (!answer) return { error: MFA_FAILED, restart: false };
  if (answer.ok) return { user: answer.body as UserInfo };
  return { error: messageOf(answer.body) ?? MFA_FAILED, restart: answer.status === 401 };
}

/** POST /api/users/mfa/: the code of an account with TOTP on. */
export const answerTotpChallenge = (username: string, session: string, code: string) => signInStep('/api/users/mfa/', username, session, code);
/** POST /api/users/mfa-setup/: the first code of an admin, finance or staff account setting TOTP up. */
export const finishTotpSetup = (username: string, session: string, code: string) => signInStep('/api/users/mfa-setup/', username, session, code);

/**
 * The key URI an authenticator app reads from the QR code (Google Authenticator's "Key Uri Format",
 * which the others follow): issuer "Portal", the username as the account, SHA-1, 6 digits, 30 s (what Cognito uses).
 */
export function otpauthUri(username: string, secret: string): string {
  const label = encodeURIComponent(`${TOTP_ISSUER}:${username}`);
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(TOTP_ISSUER)}&algorithm=SHA1&digits=6&period=30`;
}

/** The secret in groups of four, easier to type into an app by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
