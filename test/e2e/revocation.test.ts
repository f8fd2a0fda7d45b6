/**
 * through the local gateway, on the demo data: an access token lives 15 minutes (the stack's
 * clock is moved, not waited for), and a disabled student's refresh token is refused whatever spelling
 * of the name comes beside it (`JAMAL.BROOKS`, `jamal.brooks `, `jamal.brooks`). The stack is shared by
 * every browser test: the clock is reset and jamal.brooks enabled again after each test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { STUDENT_PASSWORD } from '../../lib/local/seed/demo-users.js';
import { login } from './support/api.js';
import { baseUrl } from './support/browser.js';
import { advanceStackClock, resetStackClock } from './support/cognito-tokens.js';

const JAMAL = 'jamal.brooks';
const post = (path: string, body: unknown, token?: string) =>
  fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const ownRecord = async (username: string, token: string) => (await fetch(`${baseUrl()}/api/students/${username}/`, { headers: { authorization: `Bearer ${token}` } })).status;
const adminToken = async () => (await login('admin', 'Admin!2345')).token;
const switchSignIn = async (username: string, enabled: boolean) => {
  const res = await fetch(`${baseUrl()}/api/students/${encodeURIComponent(username)}/sign-in/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({ enabled }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
};

describe('an access token lives 15 minutes', () => {
  afterEach(resetStackClock);

  it('works 14 minutes after issue', async () => {
    const { token } = await login('student', STUDENT_PASSWORD);
    await advanceStackClock(14 * 60);
    expect(await ownRecord('student', token)).toBe(200);
  });

  it('is refused 16 minutes after issue (401), and the refresh token gets a new one', async () => {
    const session = (await login('student', STUDENT_PASSWORD)) as { token: string; refresh: string };
    await advanceStackClock(16 * 60);
    const refused = await fetch(`${baseUrl()}/api/students/student/`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Unauthorized' });
    const renewed = await post('/api/users/refresh/', { refresh: session.refresh });
    expect(renewed.status).toBe(200);
    expect(await ownRecord('student', ((await renewed.json()) as { token: string }).token)).toBe(200);
  });
});

describe('a disabled student cannot refresh', () => {
  afterEach(async () => {
    await switchSignIn(JAMAL, true);
  });

  it('JAMAL.BROOKS, jamal.brooks (trailing space) and jamal.brooks: 401 every time, right after the admin disabled him', async () => {
    const session = (await login(JAMAL, STUDENT_PASSWORD)) as { token: string; refresh: string };
    await switchSignIn('JAMAL.BROOKS', false);
    for (const username of ['JAMAL.BROOKS', `${JAMAL} `, JAMAL]) {
      const res = await post('/api/users/refresh/', { username, refresh: session.refresh });
      expect(res.status, JSON.stringify(username)).toBe(401);
    }
    const again = await post('/api/users/login/', { username: 'JAMAL.BROOKS', password: STUDENT_PASSWORD });
    expect(again.status).toBe(401);
  });
});
