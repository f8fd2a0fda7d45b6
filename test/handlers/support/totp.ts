/**
 * Signing in when TOTP is involved, through the real handlers and cognito-local: codes are
 * computed from the secret the portal showed, as an authenticator app would (otplib). The secrets of
 * the accounts enrolled here are remembered, so a later sign-in of the same account can answer its code.
 */
import { generateSync } from 'otplib';
import { handler as loginHandler } from '../../../lambdas/functions/users/login.js';
import { handler as mfaHandler } from '../../../lambdas/functions/users/mfa.js';
import { handler as mfaSetupHandler } from '../../../lambdas/functions/users/mfa-setup.js';
import { handler as totpStartHandler } from '../../../lambdas/functions/users/totp-start.js';
import { handler as totpVerifyHandler } from '../../../lambdas/functions/users/totp-verify.js';
import type { UserInfo } from '../../../lambdas/contract/users.js';
import type { RouteId } from '../../../lambdas/routes.js';
import { apiEvent, invoke, type Caller } from './events.js';
import { createSignIn } from './fixtures.js';

/** The code an authenticator app shows for `secret` now, or `offsetSeconds` from now (SHA-1, 6 digits, 30 s: what Cognito uses). */
export const totpCode = (secret: string, offsetSeconds = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

const secrets = new Map<string, string>();
/** The secret of an account enrolled through these helpers. */
export const secretOf = (username: string) => secrets.get(username.toLowerCase());
export const rememberSecret = (username: string, secret: string) => secrets.set(username.toLowerCase(), secret);

export const login = (username: string, password: string) => invoke(loginHandler, apiEvent('users-login', { body: { username, password } }));
export const answerMfa = (body: unknown) => invoke(mfaHandler, apiEvent('users-mfa', { body }));
export const finishSetup = (body: unknown) => invoke(mfaSetupHandler, apiEvent('users-mfa-setup', { body }));

/** An event of a signed-in route carrying the caller's real access token, as API Gateway passes it on. */
export function withBearer(id: RouteId, caller: Caller, token: string, opts: Parameters<typeof apiEvent>[1] = {}) {
  const event = apiEvent(id, { ...opts, caller });
  event.headers = { ...event.headers, authorization: `Bearer ${token}` };
  return event;
}
export const startTotp = (username: string, token: string) => invoke(totpStartHandler, withBearer('users-totp-start', { username }, token));
export const verifyTotp = (username: string, token: string, code: string) => invoke(totpVerifyHandler, withBearer('users-totp-verify', { username }, token, { body: { code } }));

/**
 * A complete sign-in whatever it takes: the password, then the enrolment an admin, finance or staff
 * account without TOTP must go through, or the code of an account with TOTP on. Throws on anything else.
 */
export async function signInFully(username: string, password: string): Promise<UserInfo> {
  const first = await login(username, password);
  if (first.status === 200) return first.body;
  let next;
  if (first.body?.code === 'mfa_setup_required') {
    rememberSecret(username, first.body.secret_code);
    next = await finishSetup({ username, session: first.body.session, code: totpCode(first.body.secret_code) });
  } else if (first.body?.code === 'mfa_required' && secretOf(username)) {
    next = await answerMfa({ username, session: first.body.session, code: totpCode(secretOf(username)!) });
  } else {
    throw new Error(`login ${username}: ${first.status} ${JSON.stringify(first.body)}`);
  }
  if (next.status !== 200) throw new Error(`second step of ${username}: ${next.status} ${JSON.stringify(next.body)}`);
  return next.body;
}

/** Turns TOTP on for a signed-in user (the self-service routes) and remembers the secret. */
export async function turnTotpOn(username: string, token: string): Promise<string> {
  const started = await startTotp(username, token);
  if (started.status !== 200) throw new Error(`totp start ${username}: ${started.status} ${JSON.stringify(started.body)}`);
  const secret = started.body.secret_code as string;
  const verified = await verifyTotp(username, token, totpCode(secret));
  if (verified.status !== 200) throw new Error(`totp verify ${username}: ${verified.status} ${JSON.stringify(verified.body)}`);
  rememberSecret(username, secret);
  return secret;
}

/** The parts of the authorization matrix's world (test/security/authorization-matrix.ts), each account new. */
export function totpFresh(newName: () => string) {
  const password = 'Mx!Totp2345aA';
  const student = async () => {
    const username = newName();
    await createSignIn({ username, password });
    const first = await login(username, password);
    if (first.status !== 200) throw new Error(`login ${username}: ${first.status} ${JSON.stringify(first.body)}`);
    return { username, token: first.body.token as string };
  };
  const withTotp = async () => {
    const { username, token } = await student();
    return { username, secret: await turnTotpOn(username, token) };
  };
  return {
    studentToken: student,
    totpStudent: async () => (await withTotp()).username,
    startTotp: async (token: string) => {
      const { username } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { username: string };
      const started = await startTotp(username, token);
      if (started.status !== 200) throw new Error(`totp start: ${started.status} ${JSON.stringify(started.body)}`);
      return started.body.secret_code as string;
    },
    mfaChallenge: async () => {
      const { username, secret } = await withTotp();
      const first = await login(username, password);
      if (first.body?.code !== 'mfa_required') throw new Error(`no TOTP challenge: ${first.status} ${JSON.stringify(first.body)}`);
      return { username, session: first.body.session as string, secret };
    },
    mfaEnrolment: async () => {
      const username = newName();
      await createSignIn({ username, password, group: 'staff' });
      const first = await login(username, password);
      if (first.body?.code !== 'mfa_setup_required') throw new Error(`no enrolment: ${first.status} ${JSON.stringify(first.body)}`);
      return { username, session: first.body.session as string, secret: first.body.secret_code as string };
    },
  };
}
