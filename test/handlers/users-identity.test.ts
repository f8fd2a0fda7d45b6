/**
 * One identity per person and revocation that bites: usernames are canonical at every entry,
 * a refresh is answered as the refresh token's own user (never the body's name), a student-group user
 * without a student record is refused, and disabling a student or an admin's "sign out everywhere"
 * revokes every refresh token at once. Against cognito-local and DynamoDB Local.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as signInSwitch } from '../../lambdas/functions/students/sign-in.js';
import { handler as loginHandler } from '../../lambdas/functions/users/login.js';
import { handler as refreshHandler } from '../../lambdas/functions/users/refresh.js';
import { NO_STUDENT_RECORD } from '../../lambdas/sign-in/sign-in-enabled.js';
import { handler as signOutHandler } from '../../lambdas/functions/users/sign-out-everywhere.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { studentKeys } from '../../lambdas/store/student.js';
import { auditEntriesOf } from './support/audit-entries.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createSignIn, createStudentRecord, uniqueName } from './support/fixtures.js';

const PASSWORD = 'Identity!Me2345';
const DISABLED = 'This account is disabled. Please contact the school office.';
const REFUSED = 'Your refresh token is invalid, expired or revoked. Please log in again.';
const admin: Caller = { username: uniqueName('admin'), roles: ['admin'] };

const login = (username: string, password = PASSWORD) => invoke(loginHandler, apiEvent('users-login', { body: { username, password } }));
const refresh = (body: unknown) => invoke(refreshHandler, apiEvent('users-refresh', { body }));
const switchSignIn = (username: string, enabled: boolean) => invoke(signInSwitch, apiEvent('students-sign-in', { caller: admin, pathParameters: { username }, body: { enabled } }));
const signOutEverywhere = (username: string, caller: Caller = admin) => invoke(signOutHandler, apiEvent('users-sign-out-everywhere', { caller, pathParameters: { username } }));

/** A student with a sign-in and a student record; the name is lower case, as every created name is. */
async function newStudent(prefix: string) {
  const username = uniqueName(prefix);
  await createSignIn({ username, password: PASSWORD });
  await createStudentRecord({ username });
  return username;
}
async function session(username: string) {
  const res = await login(username);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { username: string; token: string; refresh: string };
}
const spellings = (name: string) => [name.toUpperCase(), `${name} `, ` ${name.toUpperCase()}\t`, name];

describe('usernames are canonical at every entry', () => {
  it('a login as `STUDENT` (any case, padded) signs in as `student`', async () => {
    const username = await newStudent('learner');
    for (const typed of [username.toUpperCase(), `  ${username} `, username]) {
      const res = await login(typed);
      expect(res, typed).toMatchObject({ status: 200, body: { username } });
    }
  });

  it("the sign-in switch's {username} is canonical too: `JAMAL.BROOKS` disables `jamal.brooks`", async () => {
    const username = await newStudent('jamal');
    const off = await switchSignIn(` ${username.toUpperCase()} `, false);
    expect(off).toMatchObject({ status: 200, body: { username, sign_in_enabled: false } });
    expect(await login(username)).toMatchObject({ status: 401, body: { error: DISABLED } });
    expect((await switchSignIn(username.toUpperCase(), true)).status).toBe(200);
    expect((await login(username)).status).toBe(200);
  });
});

describe('a disabled student cannot refresh, whatever the body names', () => {
  it('disabling revokes the refresh token at once: 401 for `JAMAL.BROOKS`, `jamal.brooks ` and the right name', async () => {
    const username = await newStudent('jamal');
    const before = await session(username);
    expect((await refresh({ username, refresh: before.refresh })).status).toBe(200);

    expect((await switchSignIn(username, false)).status).toBe(200);
    for (const name of spellings(username)) {
      expect(await refresh({ username: name, refresh: before.refresh }), JSON.stringify(name)).toMatchObject({ status: 401, body: { error: REFUSED } });
    }
    expect(await refresh({ refresh: before.refresh })).toMatchObject({ status: 401 });
    // enabled again, the old session stays dead: only a new sign-in opens one
    expect((await switchSignIn(username, true)).status).toBe(200);
    expect(await refresh({ username, refresh: before.refresh })).toMatchObject({ status: 401, body: { error: REFUSED } });
    expect((await refresh({ username, refresh: (await session(username)).refresh })).status).toBe(200);
  });

  it("the profile switch alone (a token Cognito still honours) refuses every spelling too: the identity is the token's", async () => {
    const username = await newStudent('jamal');
    const live = await session(username);
    // the school's record says disabled, Cognito was not told (as a pool made before, or a failed call)
    await db.send(
      new UpdateCommand({ TableName: TABLE_NAME, Key: studentKeys.profile(username), UpdateExpression: 'SET signInEnabled = :f', ExpressionAttributeValues: { ':f': false } }),
    );
    for (const name of spellings(username)) {
      expect(await refresh({ username: name, refresh: live.refresh }), JSON.stringify(name)).toMatchObject({ status: 401, body: { error: DISABLED } });
    }
    // another (enabled) student's name beside the token changes nothing
    const bystander = await newStudent('bystander');
    expect(await refresh({ username: bystander, refresh: live.refresh })).toMatchObject({ status: 401, body: { error: DISABLED } });
  });
});

describe("a refresh is the refresh token's own user", () => {
  it("another user's name in the body yields the token owner's identity, never the other's", async () => {
    const owner = await newStudent('owner');
    const other = await newStudent('other');
    const mine = await session(owner);
    for (const name of [other, other.toUpperCase(), undefined]) {
      const res = await refresh(name === undefined ? { refresh: mine.refresh } : { username: name, refresh: mine.refresh });
      expect(res, String(name)).toMatchObject({ status: 200, body: { username: owner } });
    }
  });
});

describe('a student-group user without a student record is refused', () => {
  it('at login (401, a plain sentence)', async () => {
    const username = uniqueName('ghost');
    await createSignIn({ username, password: PASSWORD, profile: false });
    expect(await login(username)).toMatchObject({ status: 401, body: { error: NO_STUDENT_RECORD } });
  });

  it('at refresh, once the record is gone', async () => {
    const username = await newStudent('leaver');
    const live = await session(username);
    await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: studentKeys.profile(username) }));
    expect(await refresh({ username, refresh: live.refresh })).toMatchObject({ status: 401, body: { error: NO_STUDENT_RECORD } });
  });
});

describe('POST /api/users/{username}/sign-out-everywhere/ (admin)', () => {
  it('revokes every refresh token of the user at once, audited as user.sessions.revoke', async () => {
    const username = await newStudent('everywhere');
    const [laptop, phone] = [await session(username), await session(username)];
    const res = await signOutEverywhere(username.toUpperCase());
    expect(res).toMatchObject({ status: 200, body: { username, signed_out: true } });
    for (const s of [laptop, phone]) expect(await refresh({ refresh: s.refresh })).toMatchObject({ status: 401, body: { error: REFUSED } });
    // a new sign-in works: nothing was disabled
    expect((await refresh({ refresh: (await session(username)).refresh })).status).toBe(200);
    const entries = await auditEntriesOf(username);
    expect(entries.filter((e) => e.action === 'user.sessions.revoke')).toEqual([expect.objectContaining({ actor: admin.username, entityType: 'user', entityId: username })]);
  });

  it('a name without a sign-in is 404 and records nothing; students and staff are refused', async () => {
    const nobody = uniqueName('nobody');
    expect(await signOutEverywhere(nobody)).toMatchObject({ status: 404 });
    expect(await auditEntriesOf(nobody)).toEqual([]);
    const target = await newStudent('target');
    for (const caller of [{ username: target }, { username: uniqueName('staff'), roles: ['staff' as const] }]) {
      expect((await signOutEverywhere(target, caller)).status).toBe(403);
    }
    expect(await auditEntriesOf(target)).toEqual([]);
  });
});
