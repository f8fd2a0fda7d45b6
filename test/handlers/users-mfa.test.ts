/**
 * TOTP: admin, finance and staff accounts must set up an authenticator app at their first
 * sign-in and enter a code at every later one; students may turn it on; an admin can reset it
 * (audited). Against the real handlers and cognito-local behind the session guard; codes are computed
 * from the secret the portal answered, with otplib, as an authenticator app computes them.
 */
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as mfaResetHandler } from '../../lambdas/functions/users/mfa-reset.js';
import { handler as newPasswordHandler } from '../../lambdas/functions/users/new-password.js';
import { handler as refreshHandler } from '../../lambdas/functions/users/refresh.js';
import { runAt } from '../../lambdas/domain/clock.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { ENROLMENT_SECONDS, MAX_ENROLMENT_ATTEMPTS, mfaEnrolmentKeys } from '../../lambdas/store/mfa-enrolment.js';
import { auditEntriesOf } from './support/audit-entries.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createSignIn, uniqueName } from './support/fixtures.js';
import { answerMfa, finishSetup, login, signInFully, startTotp, totpCode, turnTotpOn, verifyTotp, withBearer } from './support/totp.js';

const PASSWORD = 'Second!Factor2345';
const cognito = new CognitoIdentityProviderClient({});
const mfaOn = async (username: string) =>
  ((await cognito.send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID!, Username: username }))).UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
/** A code that is not the current one (nor the one before or after it, which Cognito also accepts). */
const wrongCode = (secret: string) => {
  const right = new Set([-30, 0, 30].map((s) => totpCode(secret, s)));
  return ['000000', '123456', '999999', '424242'].find((c) => !right.has(c))!;
};
const refresh = (body: unknown) => invoke(refreshHandler, apiEvent('users-refresh', { body }));
const reset = (username: string, caller: Caller) => invoke(mfaResetHandler, apiEvent('users-mfa-reset', { caller, pathParameters: { username } }));

describe('an admin, finance or staff account without TOTP', () => {
  for (const group of ['admin', 'finance', 'staff'] as const) {
    it(`${group}: the password answers an enrolment (a secret, no token), never a session`, async () => {
      const username = uniqueName(`${group}-mfa`);
      await createSignIn({ username, password: PASSWORD, group });
      const res = await login(username, PASSWORD);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: expect.stringMatching(/two-step sign-in/),
        detail: expect.any(String),
        code: 'mfa_setup_required',
        session: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        secret_code: expect.stringMatching(/^[A-Z2-7]{16,}$/),
      });
      expect(JSON.stringify(res.body)).not.toMatch(/eyJ/); // no JWT of any kind
      // Cognito's tokens wait on the server, in the enrolment item
      const { Item } = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: mfaEnrolmentKeys.enrolment(res.body.session) }));
      expect(Item).toMatchObject({ username, attempts: 0, accessToken: expect.stringMatching(/^eyJ/) });
      expect(await mfaOn(username)).toBe(false);
    });
  }

  it('a wrong code turns nothing on and may be tried again; the right code turns TOTP on and signs in', async () => {
    const username = uniqueName('boss');
    await createSignIn({ username, password: PASSWORD, group: 'admin', firstName: 'Ada', email: `${username}@school.example.edu` });
    const { body: enrolment } = await login(username, PASSWORD);

    const wrong = await finishSetup({ username, session: enrolment.session, code: wrongCode(enrolment.secret_code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/^That code is not right\./);
    expect(await mfaOn(username)).toBe(false);

    const done = await finishSetup({ username, session: enrolment.session, code: totpCode(enrolment.secret_code) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ username, isAdmin: true, is_staff: true, first_name: 'Ada', email: `${username}@school.example.edu`, mfa_enabled: true });
    expect(done.body.token.split('.')).toHaveLength(3);
    expect(done.body.refresh).toBeTruthy();
    expect(await mfaOn(username)).toBe(true);
    // the refresh token of a session that began with an enrolment works (and the account has TOTP now)
    expect(await refresh({ username, refresh: done.body.refresh })).toMatchObject({ status: 200, body: { username, isAdmin: true, mfa_enabled: true } });

    // used once: a replay of the same enrolment and code is refused, and the tokens are no longer kept
    expect(await finishSetup({ username, session: enrolment.session, code: totpCode(enrolment.secret_code) })).toMatchObject({
      status: 401,
      body: { error: 'Your sign-in session expired. Please sign in again.' },
    });
    const { Item } = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: mfaEnrolmentKeys.enrolment(enrolment.session) }));
    expect(Item).toMatchObject({ ended: true, username });
    expect(Item).not.toHaveProperty('accessToken');
    expect(Item).not.toHaveProperty('refreshToken');
  });

  it(`after ${MAX_ENROLMENT_ATTEMPTS} wrong codes the enrolment is over: signing in again starts a new one`, async () => {
    const username = uniqueName('money');
    await createSignIn({ username, password: PASSWORD, group: 'finance' });
    const { body: enrolment } = await login(username, PASSWORD);
    const code = wrongCode(enrolment.secret_code);
    for (let i = 1; i < MAX_ENROLMENT_ATTEMPTS; i += 1) expect((await finishSetup({ username, session: enrolment.session, code })).status).toBe(400);
    expect(await finishSetup({ username, session: enrolment.session, code })).toMatchObject({
      status: 401,
      body: { error: 'Too many wrong codes. Please log in again to start over.' },
    });
    expect((await finishSetup({ username, session: enrolment.session, code: totpCode(enrolment.secret_code) })).status).toBe(401);
    expect(await mfaOn(username)).toBe(false);
    const again = await login(username, PASSWORD);
    expect(again.body).toMatchObject({ code: 'mfa_setup_required' });
    expect(again.body.session).not.toBe(enrolment.session);
  });

  it('an enrolment is refused after 3 minutes, and for another username', async () => {
    const username = uniqueName('late');
    await createSignIn({ username, password: PASSWORD, group: 'staff' });
    const { body: enrolment } = await login(username, PASSWORD);
    const code = totpCode(enrolment.secret_code);
    const other = uniqueName('other');
    expect(await finishSetup({ username: other, session: enrolment.session, code })).toMatchObject({ status: 401 });
    const late = await runAt(new Date(Date.now() + (ENROLMENT_SECONDS + 1) * 1000), () => finishSetup({ username, session: enrolment.session, code }));
    expect(late).toMatchObject({ status: 401, body: { error: 'Your sign-in session expired. Please sign in again.' } });
    expect(await finishSetup({ username, session: 'x'.repeat(43), code })).toMatchObject({ status: 401 });
    expect(await mfaOn(username)).toBe(false);
  });

  it('a first sign-in with a temporary password leads to the enrolment too, not to a session', async () => {
    const username = uniqueName('new-admin');
    await createSignIn({ username, password: PASSWORD, group: 'admin' });
    // a temporary password, as create-admin gives
    const { AdminSetUserPasswordCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: process.env.USER_POOL_ID!, Username: username, Password: 'Temp!Pass2345', Permanent: false }));
    const first = await login(username, 'Temp!Pass2345');
    expect(first.body).toMatchObject({ code: 'new_password_required' });
    const chosen = await invoke(newPasswordHandler, apiEvent('users-new-password', { body: { username, session: first.body.session, new_password: PASSWORD } }));
    expect(chosen).toMatchObject({ status: 401, body: { code: 'mfa_setup_required', secret_code: expect.any(String) } });
    expect((await finishSetup({ username, session: chosen.body.session, code: totpCode(chosen.body.secret_code) })).status).toBe(200);
  });

  it('a session older than the rule (or of someone given a staff role since) is not refreshed', async () => {
    const username = uniqueName('promoted');
    await createSignIn({ username, password: PASSWORD });
    const before = await login(username, PASSWORD);
    expect(before.status).toBe(200);
    const { AdminAddUserToGroupCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: process.env.USER_POOL_ID!, Username: username, GroupName: 'staff' }));
    expect(await refresh({ username, refresh: before.body.refresh })).toMatchObject({
      status: 401,
      body: { error: 'Your account now needs two-step sign-in. Please log in again to set it up.' },
    });
    expect((await login(username, PASSWORD)).body).toMatchObject({ code: 'mfa_setup_required' });
  });
});

describe('an account with TOTP on', () => {
  const username = uniqueName('enrolled');
  let secret: string;
  beforeAll(async () => {
    await createSignIn({ username, password: PASSWORD, group: 'admin' });
    await signInFully(username, PASSWORD);
    secret = (await import('./support/totp.js')).secretOf(username)!;
  });

  it('signs in with the password, then the code (SOFTWARE_TOKEN_MFA -> RespondToAuthChallenge)', async () => {
    const first = await login(username, PASSWORD);
    expect(first).toMatchObject({
      status: 401,
      body: { code: 'mfa_required', session: expect.any(String), detail: 'Enter the 6-digit code from your authenticator app to finish signing in.' },
    });
    expect(first.body).not.toHaveProperty('secret_code');
    const done = await answerMfa({ username, session: first.body.session, code: totpCode(secret) });
    expect(done).toMatchObject({ status: 200, body: { username, isAdmin: true, mfa_enabled: true } });
    // its refresh token works (cognito-local did not keep those of challenge answers: lib/local/cognito-mfa-targets.cjs)
    expect(await refresh({ username, refresh: done.body.refresh })).toMatchObject({ status: 200, body: { username } });
  });

  it('a wrong code ends the attempt: the same session is refused afterwards, even with the right code', async () => {
    const first = await login(username, PASSWORD);
    const wrong = await answerMfa({ username, session: first.body.session, code: wrongCode(secret) });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'mfa_code_refused', error: expect.stringMatching(/^That code is not right/) } });
    expect(await answerMfa({ username, session: first.body.session, code: totpCode(secret) })).toMatchObject({
      status: 401,
      body: { error: 'Your sign-in session expired. Please sign in again.' },
    });
  });

  it('a session is used once, and is bound to its user', async () => {
    const first = await login(username, PASSWORD);
    const intruder = uniqueName('intruder');
    await createSignIn({ username: intruder, password: PASSWORD });
    expect((await answerMfa({ username: intruder, session: first.body.session, code: totpCode(secret) })).status).toBe(401);
    expect((await answerMfa({ username, session: first.body.session, code: totpCode(secret) })).status).toBe(200);
    expect((await answerMfa({ username, session: first.body.session, code: totpCode(secret) })).status).toBe(401);
    expect((await answerMfa({ username, session: 'made-up-session-'.repeat(3), code: totpCode(secret) })).status).toBe(401);
  });

  it('answers 400 naming the field for a malformed code or missing session', async () => {
    const first = await login(username, PASSWORD);
    for (const code of ['12345', '1234567', 'abcdef', 123456, '']) {
      expect(await answerMfa({ username, session: first.body.session, code })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^code: /) } });
    }
    expect(await answerMfa({ username, code: '123456' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^session: /) } });
    expect(await finishSetup({ username, session: 's', code: 'x' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^code: /) } });
  });
});

describe('students', () => {
  it('sign in with a password alone, as before', async () => {
    const username = uniqueName('learner');
    await createSignIn({ username, password: PASSWORD });
    expect(await login(username, PASSWORD)).toMatchObject({ status: 200, body: { username, isAdmin: false, mfa_enabled: false, token: expect.any(String) } });
  });

  it('may turn TOTP on; from then on they sign in with a code', async () => {
    const username = uniqueName('careful');
    await createSignIn({ username, password: PASSWORD });
    const { body: session } = await login(username, PASSWORD);
    const started = await startTotp(username, session.token);
    expect(started).toMatchObject({ status: 200, body: { secret_code: expect.stringMatching(/^[A-Z2-7]{16,}$/) } });
    expect(await verifyTotp(username, session.token, wrongCode(started.body.secret_code))).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^That code is not right/) },
    });
    expect(await mfaOn(username)).toBe(false);
    expect(await verifyTotp(username, session.token, totpCode(started.body.secret_code))).toEqual(expect.objectContaining({ status: 200, body: { mfa_enabled: true } }));
    expect(await mfaOn(username)).toBe(true);
    expect(await startTotp(username, session.token)).toMatchObject({ status: 409, body: { error: 'Two-step sign-in is already on for your account.' } });
    expect((await login(username, PASSWORD)).body).toMatchObject({ code: 'mfa_required' });
    // their session goes on (TOTP is theirs to choose, not required)
    expect((await refresh({ username, refresh: session.refresh })).status).toBe(200);
  });

  it('cannot confirm without starting, nor without their own token', async () => {
    const username = uniqueName('hasty');
    await createSignIn({ username, password: PASSWORD });
    const { body: session } = await login(username, PASSWORD);
    expect(await verifyTotp(username, session.token, '123456')).toMatchObject({ status: 409 });
    const { handler } = await import('../../lambdas/functions/users/totp-start.js');
    expect((await invoke(handler, apiEvent('users-totp-start', { caller: { username } }))).status).toBe(401);
    expect((await invoke(handler, withBearer('users-totp-start', { username: 'staffer', roles: ['staff'] }, session.token))).status).toBe(403);
  });
});

describe('POST /api/users/{username}/mfa/reset/ (admin)', () => {
  const admin: Caller = { username: uniqueName('resetter'), roles: ['admin'] };

  it('turns TOTP off, audited as user.mfa.reset; the staff account enrols again at its next sign-in', async () => {
    const username = uniqueName('lost-phone');
    await createSignIn({ username, password: PASSWORD, group: 'staff' });
    await signInFully(username, PASSWORD);
    expect(await mfaOn(username)).toBe(true);

    expect(await reset(username, admin)).toEqual(expect.objectContaining({ status: 200, body: { username, reset: true, mfa_enabled: false } }));
    expect(await mfaOn(username)).toBe(false);
    expect((await login(username, PASSWORD)).body).toMatchObject({ code: 'mfa_setup_required' });
    const entries = await auditEntriesOf(username);
    expect(entries.filter((e) => e.action === 'user.mfa.reset')).toEqual([
      expect.objectContaining({ actor: admin.username, entityType: 'user', entityId: username, before: { mfa_enabled: true }, after: { mfa_enabled: false } }),
    ]);
    // nothing to reset: said so, and not audited again
    expect(await reset(username, admin)).toMatchObject({ status: 200, body: { reset: false } });
    expect((await auditEntriesOf(username)).filter((e) => e.action === 'user.mfa.reset')).toHaveLength(1);
  });

  it('a student who turned TOTP on signs in with the password alone after a reset', async () => {
    const username = uniqueName('student-reset');
    await createSignIn({ username, password: PASSWORD });
    await turnTotpOn(username, (await login(username, PASSWORD)).body.token);
    expect((await login(username, PASSWORD)).body).toMatchObject({ code: 'mfa_required' });
    expect((await reset(username, admin)).body).toMatchObject({ reset: true });
    expect((await login(username, PASSWORD)).status).toBe(200);
  });

  it('is refused to anyone but an admin, and to an admin for their own account; an unknown user is 404', async () => {
    const username = uniqueName('kept');
    await createSignIn({ username, password: PASSWORD, group: 'finance' });
    await signInFully(username, PASSWORD);
    for (const caller of [{ username: uniqueName('s') }, { username: uniqueName('st'), roles: ['staff'] }, { username: uniqueName('f'), roles: ['finance'] }] as Caller[]) {
      expect((await reset(username, caller)).status).toBe(403);
    }
    expect((await invoke(mfaResetHandler, apiEvent('users-mfa-reset', { pathParameters: { username } }))).status).toBe(401);
    expect(await mfaOn(username)).toBe(true);
    expect(await reset(admin.username, admin)).toMatchObject({ status: 403, body: { error: 'You cannot reset your own two-step sign-in: ask another administrator.' } });
    expect(await reset(uniqueName('nobody'), admin)).toMatchObject({ status: 404 });
    expect((await auditEntriesOf(username)).filter((e) => e.action === 'user.mfa.reset')).toEqual([]);
  });
});
