/**
 * TOTP over HTTP through the local gateway: accounts made for a test, codes computed from the
 * secret the portal answered (otplib), as an authenticator app computes them.
 */
import { randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import type { MatrixWorld } from '../../security/authorization-matrix.js';
import { login } from './api.js';
import { baseUrl } from './browser.js';
import { cognitoOf } from './cognito-tokens.js';

/** The code an authenticator app shows for `secret` now, or `offsetSeconds` from now. */
export const totpNow = (secret: string, offsetSeconds = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

export async function post(path: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * A new sign-in with a permanent password, in `group` or a student, made with the Cognito admin API
 * (the local pool's, found from a demo token's issuer, as sessions.test.ts does).
 */
export async function newAccount(prefix: string, group?: 'admin' | 'staff' | 'finance') {
  const username = `${prefix}-${randomUUID().slice(0, 8)}`;
  const password = `Mfa!${randomUUID().slice(0, 8)}aA1`;
  const { cognito, poolId } = cognitoOf(String((await login('student', 'Student!2345')).token));
  if (group) {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: username,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: password,
        UserAttributes: [
          { Name: 'email', Value: `${username}@example.edu` },
          { Name: 'given_name', Value: 'Test' },
          { Name: 'family_name', Value: 'Account' },
        ],
      }),
    );
  } else {
    // a student needs a student record to sign in: created as the admin does, sign-in and record together
    await createStudentOverHttp(username, password);
  }
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: username, Password: password, Permanent: true }));
  if (group) await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: group }));
  return { username, password };
}

/** Turns TOTP on for a signed-in student (POST /api/users/totp/ and /verify/); answers the secret. */
export async function turnTotpOn(token: string): Promise<string> {
  const started = await post('/api/users/totp/', {}, token);
  if (started.status !== 200) throw new Error(`totp start: ${started.status} ${JSON.stringify(started.body)}`);
  const verified = await post('/api/users/totp/verify/', { code: totpNow(started.body.secret_code) }, token);
  if (verified.status !== 200) throw new Error(`totp verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  return started.body.secret_code;
}

/** A dummy secret for requests the gateway refuses before any handler reads them. */
const UNUSED_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The parts of the matrix world for the anonymous column: real where a public route needs them. */
export const totpFreshOverHttp: Pick<MatrixWorld['fresh'], 'mfaChallenge' | 'mfaEnrolment' | 'studentToken' | 'totpStudent' | 'startTotp'> = {
  mfaChallenge: async () => {
    const { username, password } = await newAccount('anon-totp');
    const secret = await turnTotpOn(String((await login(username, password)).token));
    const first = await post('/api/users/login/', { username, password });
    if (first.body?.code !== 'mfa_required') throw new Error(`no TOTP challenge: ${JSON.stringify(first.body)}`);
    return { username, session: first.body.session, secret };
  },
  mfaEnrolment: async () => {
    const { username, password } = await newAccount('anon-staff', 'staff');
    const first = await post('/api/users/login/', { username, password });
    if (first.body?.code !== 'mfa_setup_required') throw new Error(`no enrolment: ${JSON.stringify(first.body)}`);
    return { username, session: first.body.session, secret: first.body.secret_code };
  },
  // signed-in routes: the gateway answers an anonymous caller before these would matter
  studentToken: async () => ({ username: 'student-x', token: 'unused' }),
  totpStudent: async () => 'student-x',
  startTotp: async () => UNUSED_SECRET,
};

/**
 * POST /api/students/ as the demo admin: a student's sign-in (temporary `password`) and record, in the Phlebotomy
 * cohort no other suite counts (support/students.ts), so the cohort suites' counts do not depend on the order.
 */
export async function createStudentOverHttp(username: string, password: string): Promise<void> {
  const admin = String((await login('admin', 'Admin!2345')).token);
  const res = await post(
    '/api/students/',
    {
      username,
      first_name: 'Test',
      last_name: 'Account',
      email: `${username}@example.edu`,
      program_type: 'certificate',
      program_name: 'Phlebotomy',
      cohort_id: 'cohort-2026-cert-2',
      temporary_password: password,
    },
    admin,
  );
  if (res.status !== 201) throw new Error(`create student ${username}: ${res.status} ${JSON.stringify(res.body)}`);
}
