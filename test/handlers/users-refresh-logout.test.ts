/**
 * Sessions: POST /api/users/refresh/ and POST /api/users/logout/ against cognito-local, and
 * role changes that take effect at the next token (never before: a token's groups are fixed).
 */
import { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as listCohorts } from '../../lambdas/functions/cohorts/list.js';
import { handler as signInSwitch } from '../../lambdas/functions/students/sign-in.js';
import { handler as logoutHandler } from '../../lambdas/functions/users/logout.js';
import { handler as refreshHandler } from '../../lambdas/functions/users/refresh.js';
import type { ApiEvent } from '../../lambdas/http/types.js';
import { flattenClaims, jwtVerifierFor } from '../../lib/local/jwt-verifier.js';
import { apiEvent, invoke } from './support/events.js';
import { createSignIn, createStudentRecord, uniqueName } from './support/fixtures.js';
import { signInFully, turnTotpOn } from './support/totp.js';

const PASSWORD = 'Refresh!Me2345';
const REFUSED = { error: 'Your refresh token is invalid, expired or revoked. Please log in again.', detail: expect.any(String) };

/** A whole sign-in: with the TOTP code, or the TOTP enrolment a staff account needs, when it takes one. */
const login = async (username: string) =>
  (await signInFully(username, PASSWORD)) as { username: string; token: string; refresh: string; expires_in: number; is_staff: boolean; isAdmin: boolean };
const refresh = (body: unknown) => invoke(refreshHandler, apiEvent('users-refresh', { body }));
const logout = (body: unknown) => invoke(logoutHandler, apiEvent('users-logout', { body }));

/** The gateway's (and API Gateway's) view of a real token: verified against cognito-local's JWKS, claims flattened. */
const verify = () =>
  jwtVerifierFor({
    issuer: `${process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER}/${process.env.USER_POOL_ID}`,
    audience: process.env.USER_POOL_CLIENT_ID!,
  });
async function withToken(event: ApiEvent, token: string): Promise<ApiEvent> {
  const claims = flattenClaims(await verify()(token));
  return { ...event, requestContext: { ...event.requestContext, authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } } } } as ApiEvent;
}
/** GET /api/cohorts/ (admin and staff only) with a real token. */
const cohortsWith = async (token: string) => (await invoke(listCohorts, await withToken(apiEvent('cohorts-list'), token))).status;

describe('POST /api/users/refresh/', () => {
  const user = uniqueName('fresh');
  beforeAll(() => createSignIn({ username: user, password: PASSWORD, firstName: 'Rita', lastName: 'Fresh' }));

  it('answers the user info with a new access token for the same refresh token', async () => {
    const session = await login(user);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a later iat, so the new token cannot equal the old one
    const res = await refresh({ username: user, refresh: session.refresh });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: user, first_name: 'Rita', last_name: 'Fresh', isAdmin: false, is_staff: false, refresh: session.refresh });
    expect(res.body.token).not.toBe(session.token);
    // 15 minutes
    expect(res.body.expires_in).toBeGreaterThan(800);
    expect(res.body.expires_in).toBeLessThanOrEqual(900);
    const claims = await verify()(res.body.token);
    expect(claims).toMatchObject({ username: user, token_use: 'access' });
    expect(claims.iat).toBeGreaterThan((await verify()(session.token)).iat!);
  });

  it("answers as the token's own user whatever name the body gives (the body's name is ignored)", async () => {
    const session = await login(user);
    expect(await refresh({ username: user.toUpperCase(), refresh: session.refresh })).toMatchObject({ status: 200, body: { username: user } });
    const other = uniqueName('other');
    expect(await refresh({ username: other, refresh: session.refresh })).toMatchObject({ status: 200, body: { username: user } });
  });

  it('refuses unknown, forged and access tokens with 401, never a 5xx', async () => {
    const session = await login(user);
    const [h, p] = session.refresh.split('.');
    for (const bad of ['nonsense', session.token, `${h}.${p}.${'A'.repeat(40)}`, session.refresh.slice(0, -2), 'x'.repeat(8192)]) {
      expect(await refresh({ username: user, refresh: bad }), bad.slice(0, 30)).toMatchObject({ status: 401, body: REFUSED });
    }
  });

  it('answers 400 naming the field for missing or mistyped input', async () => {
    // the name is optional, but one given must be a name
    expect(await refresh({ username: 42, refresh: 'x' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^username: /) } });
    expect(await refresh({ username: user })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^refresh: /) } });
    expect(await refresh({ username: user, refresh: 42 })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^refresh: /) } });
    expect(await refresh({ username: user, refresh: 'x'.repeat(8193) })).toMatchObject({ status: 400, body: { error: 'refresh: is too long' } });
    expect(await invoke(refreshHandler, apiEvent('users-refresh', { rawBody: '{"username":' }))).toMatchObject({ status: 400, body: { error: 'body: must be valid JSON' } });
  });

  it('refuses a student whose sign-in the school turned off, at the next refresh', async () => {
    const student = uniqueName('off');
    await createSignIn({ username: student, password: PASSWORD });
    await createStudentRecord({ username: student });
    const session = await login(student);
    expect((await refresh({ username: student, refresh: session.refresh })).status).toBe(200);
    const admin = { username: uniqueName('admin'), roles: ['admin' as const] };
    const off = await invoke(signInSwitch, apiEvent('students-sign-in', { caller: admin, pathParameters: { username: student }, body: { enabled: false } }));
    expect(off.status).toBe(200);
    // the switch signs the student out everywhere, so the refresh token itself is dead
    expect(await refresh({ username: student, refresh: session.refresh })).toMatchObject({ status: 401, body: REFUSED });
  });
});

describe('POST /api/users/logout/', () => {
  const user = uniqueName('leaving');
  beforeAll(() => createSignIn({ username: user, password: PASSWORD }));

  it('revokes the refresh token: refreshing with it is refused afterwards (401)', async () => {
    const session = await login(user);
    expect((await refresh({ username: user, refresh: session.refresh })).status).toBe(200);
    expect(await logout({ refresh: session.refresh })).toMatchObject({ status: 200, body: { detail: 'Logged out' } });
    expect(await refresh({ username: user, refresh: session.refresh })).toMatchObject({ status: 401, body: REFUSED });
  });

  it('revokes only that session: the same user signed in elsewhere keeps refreshing', async () => {
    const [laptop, phone] = [await login(user), await login(user)];
    expect((await logout({ refresh: laptop.refresh })).status).toBe(200);
    expect((await refresh({ username: user, refresh: laptop.refresh })).status).toBe(401);
    expect((await refresh({ username: user, refresh: phone.refresh })).status).toBe(200);
  });

  it('is idempotent: an already revoked, unknown or malformed token answers 200 and changes nothing', async () => {
    const session = await login(user);
    const bystander = await login(user);
    expect((await logout({ refresh: session.refresh })).status).toBe(200);
    for (const token of [session.refresh, 'nonsense', session.token]) expect(await logout({ refresh: token })).toMatchObject({ status: 200 });
    expect((await refresh({ username: user, refresh: bystander.refresh })).status).toBe(200);
  });

  it('answers 400 naming the field for missing or mistyped input', async () => {
    expect(await logout({})).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^refresh: /) } });
    expect(await logout({ refresh: '' })).toMatchObject({ status: 400, body: { error: 'refresh: is required' } });
    expect(await logout({ refresh: ['a'] })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^refresh: /) } });
    expect(await invoke(logoutHandler, apiEvent('users-logout', { rawBody: 'refresh=abc' }))).toMatchObject({ status: 400, body: { error: 'body: must be valid JSON' } });
  });
});

describe('a role change takes effect at the next token', () => {
  const cognito = new CognitoIdentityProviderClient({});
  const group = (command: typeof AdminAddUserToGroupCommand | typeof AdminRemoveUserFromGroupCommand, username: string) =>
    cognito.send(new command({ UserPoolId: process.env.USER_POOL_ID!, Username: username, GroupName: 'staff' }));

  it("a promotion: the old token stays a student's until replaced; the refreshed and the next login token are staff", async () => {
    const user = uniqueName('promoted');
    await createSignIn({ username: user, password: PASSWORD });
    const before = await login(user);
    expect(await cohortsWith(before.token)).toBe(403);
    // a staff role needs TOTP: without it the refresh is refused (users-mfa.test.ts)
    await turnTotpOn(user, before.token);

    await group(AdminAddUserToGroupCommand, user);
    expect(await cohortsWith(before.token)).toBe(403);

    const refreshed = await refresh({ username: user, refresh: before.refresh });
    expect(refreshed).toMatchObject({ status: 200, body: { is_staff: true, isAdmin: false } });
    expect(await cohortsWith(refreshed.body.token)).toBe(200);
    const next = await login(user);
    expect(next.is_staff).toBe(true);
    expect(await cohortsWith(next.token)).toBe(200);
    // and the old one still is what it was
    expect(await cohortsWith(before.token)).toBe(403);
  });

  it("a demotion: the staff token keeps working until it expires (at most 15 minutes); the next token is a student's", async () => {
    const user = uniqueName('demoted');
    await createSignIn({ username: user, password: PASSWORD, group: 'staff' });
    // a student needs a student record to sign in
    await createStudentRecord({ username: user });
    const before = await login(user);
    expect(await cohortsWith(before.token)).toBe(200);

    await group(AdminRemoveUserFromGroupCommand, user);
    expect(await cohortsWith(before.token)).toBe(200);

    const refreshed = await refresh({ username: user, refresh: before.refresh });
    expect(refreshed).toMatchObject({ status: 200, body: { is_staff: false } });
    expect(await cohortsWith(refreshed.body.token)).toBe(403);
    expect(await cohortsWith((await login(user)).token)).toBe(403);
  });
});
