/**
 * Sessions in headless Chromium against the real local stack: the SPA stays signed in
 * while its refresh token is valid (an expired access token is refreshed and the call retried; one
 * about to expire is refreshed first), logout revokes the refresh token, and a session whose refresh
 * is refused ends with the spec's "Session expired - please log in again" and the login screen.
 * The access token expires on a controlled clock rather than after an hour: the stack's clock
 * (the gateway's authorizer and cognito-local, support/cognito-tokens.ts) for API Gateway's own
 * `401 {"message":"Unauthorized"}`, the browser's clock for a token the SPA sees has expired.
 * Also through the gateway: a role change takes effect at the next token, not before.
 */
import { randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { login } from './support/api.js';
import { baseUrl, freshPagePerTest, signInToDashboard } from './support/browser.js';
import { advanceStackClock, cognitoOf, resetStackClock } from './support/cognito-tokens.js';
import { createStudentOverHttp, turnTotpOn } from './support/mfa.js';

const STUDENT_EMAIL = 'student@students.northfield.example.edu';
const SESSION_EXPIRED = 'Session expired - please log in again';

interface StoredUser {
  username: string;
  token: string;
  refresh: string;
}

const session = freshPagePerTest();
let page: Page;
/** Every API answer the page got, in order: "METHOD /path status". */
let answers: string[];

beforeEach(() => {
  page = session.page;
  answers = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/')) answers.push(`${res.request().method()} ${url.pathname} ${res.status()}`);
  });
});
afterEach(resetStackClock);

const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')) as Promise<StoredUser | null>;
/** The dashboard's own record call answering `status` (the page shows the email from the stored user info before it). */
const recordAnswered = (status: number) => page.waitForResponse((res) => new URL(res.url()).pathname === '/api/students/student/' && res.status() === status);
const refreshWith = (username: string, refresh: string) =>
  fetch(`${baseUrl()}/api/users/refresh/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, refresh }) });

/** Signed in as the demo student, with the dashboard's calls answered (so later answers are the test's). */
async function signedInStudent(): Promise<StoredUser> {
  const loaded = recordAnswered(200);
  await signInToDashboard(page, 'student', 'Student!2345');
  await loaded;
  await page.getByText(STUDENT_EMAIL).first().waitFor();
  // the dashboard's other cards (holds, clinicals) load on their own: their answers must not be taken for the test's
  await page.waitForLoadState('networkidle');
  return (await stored())!;
}

describe('a session in the browser', () => {
  it('stays on the page when API Gateway refuses its expired token: one refresh, the call retried, no toast', async () => {
    const user = await signedInStudent();
    const expired = user.token;
    // an hour and a minute later for the gateway and Cognito; the browser's clock has not moved, so the
    // SPA sends the token it has and meets the authorizer's own 401 {"message":"Unauthorized"}
    await advanceStackClock(3660);
    answers = [];
    const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/students/student/' && res.status() === 401);

    const retried = recordAnswered(200);
    await page.reload();
    const refusal = await refused;
    expect(await refusal.json()).toEqual({ message: 'Unauthorized' });
    expect(await refusal.headerValue('www-authenticate')).toBe('Bearer scope="" error="invalid_token" error_description="the token has expired"');
    await retried;
    await page.getByText(STUDENT_EMAIL).first().waitFor();

    const record = answers.filter((a) => /^(GET \/api\/students\/student\/ |POST \/api\/users\/)/.test(a));
    expect(record.slice(0, 3)).toEqual(['GET /api/students/student/ 401', 'POST /api/users/refresh/ 200', 'GET /api/students/student/ 200']);
    expect(answers.filter((a) => a.startsWith('POST /api/users/refresh/'))).toHaveLength(1);
    const after = (await stored())!;
    expect(after).toMatchObject({ username: 'student', refresh: user.refresh });
    expect(after.token).not.toBe(expired);
    expect(new URL(page.url()).pathname).toBe('/Dashboard');
    expect(await page.getByText(SESSION_EXPIRED).count()).toBe(0);
  });

  it.each([
    ['about to expire', -30],
    ["that has already expired by the browser's clock", 600],
  ])('refreshes a token %s before using it, so no call meets a 401', async (_name, pastExpirySeconds) => {
    const user = await signedInStudent();
    const { exp } = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    // the browser's clock moved to near or past the token's expiry (the gateway's has not), with the portal closed: a
    // running page would see the jump and refresh at once, and the reload could cut its refresh off halfway
    await page.goto('about:blank');
    await page.clock.setSystemTime(new Date((exp + pastExpirySeconds) * 1000));
    answers = [];

    const answered = recordAnswered(200);
    await page.goto(`${baseUrl()}/Dashboard`);
    await answered;
    await page.getByText(STUDENT_EMAIL).first().waitFor();

    expect(answers[0]).toBe('POST /api/users/refresh/ 200');
    expect(answers.filter((a) => a.endsWith(' 401'))).toEqual([]);
    expect((await stored())!.token).not.toBe(user.token);
  });

  it('logout revokes the refresh token: refreshing with it afterwards is refused (401)', async () => {
    const user = await signedInStudent();
    expect((await refreshWith('student', user.refresh)).status).toBe(200);

    const revoked = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/users/logout/');
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await revoked).status()).toBe(200);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await stored()).toBeNull();

    const res = await refreshWith('student', user.refresh);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: expect.stringMatching(/refresh token/) });
  });

  it('ends a session whose refresh is refused with "Session expired - please log in again" and the login screen', async () => {
    const user = await signedInStudent();
    // the refresh token revoked elsewhere (another tab logged out), then the access token expires
    expect(
      (await fetch(`${baseUrl()}/api/users/logout/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh: user.refresh }) })).status,
    ).toBe(200);
    await advanceStackClock(3660);

    await page.reload();

    await page.getByText(SESSION_EXPIRED).waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByLabel('Username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await stored()).toBeNull();
    expect(answers).toEqual(expect.arrayContaining(['GET /api/students/student/ 401', 'POST /api/users/refresh/ 401']));
  });
});

describe('a role change through the gateway', () => {
  it('takes effect at the next token: the old one keeps its role until it is replaced', async () => {
    const username = `role-${randomUUID().slice(0, 8)}`;
    const password = 'Role!Change2345';
    const { cognito, poolId } = cognitoOf((await login('student', 'Student!2345')).token);
    // a student needs a student record to sign in
    await createStudentOverHttp(username, password);
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: username, Password: password, Permanent: true }));
    const staffGroup = { UserPoolId: poolId, Username: username, GroupName: 'staff' };
    const cohorts = async (token: string) => (await fetch(`${baseUrl()}/api/cohorts/`, { headers: { authorization: `Bearer ${token}` } })).status;
    const refreshed = async (refresh: string) => {
      const res = await refreshWith(username, refresh);
      expect(res.status).toBe(200);
      return (await res.json()) as StoredUser & { is_staff: boolean };
    };

    const first = (await login(username, password)) as unknown as StoredUser;
    expect(await cohorts(first.token)).toBe(403);
    // a staff role needs TOTP: without it the refresh below is refused (test/handlers/users-mfa.test.ts)
    await turnTotpOn(first.token);
    await cognito.send(new AdminAddUserToGroupCommand(staffGroup));
    expect(await cohorts(first.token)).toBe(403);

    const promoted = await refreshed(first.refresh);
    expect(promoted.is_staff).toBe(true);
    expect(await cohorts(promoted.token)).toBe(200);
    expect(await cohorts(first.token)).toBe(403);

    await cognito.send(new AdminRemoveUserFromGroupCommand(staffGroup));
    expect(await cohorts(promoted.token)).toBe(200);
    const demoted = await refreshed(first.refresh);
    expect(demoted.is_staff).toBe(false);
    expect(await cohorts(demoted.token)).toBe(403);
  });
});
