import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/functions/users/login.js';
import { apiEvent, invoke } from './support/events.js';
import { createSignIn, uniqueName } from './support/fixtures.js';
import { signInFully } from './support/totp.js';

const login = (body: unknown) => invoke(handler, apiEvent('users-login', { body }));
const PASSWORD = 'Correct!Horse9';

describe('POST /api/users/login/ (cognito-local)', () => {
  const student = uniqueName('learner');
  const admin = uniqueName('boss');
  const financeUser = uniqueName('money');

  beforeAll(async () => {
    await createSignIn({ username: student, password: PASSWORD, firstName: 'Ada', lastName: 'Byron', email: 'ada@example.edu' });
    await createSignIn({ username: admin, password: PASSWORD, group: 'admin' });
    await createSignIn({ username: financeUser, password: PASSWORD, group: 'finance' });
  });

  it('answers the user info of spec section 3 plus a refresh token', async () => {
    const { status, body } = await login({ username: student, password: PASSWORD });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      username: student,
      email: 'ada@example.edu',
      first_name: 'Ada',
      last_name: 'Byron',
      isAdmin: false,
      is_staff: false,
      is_finance: false,
    });
    expect(body.id).toMatch(/[0-9a-f-]{36}/);
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refresh).toBeTruthy();
    expect(body.expires_in).toBeGreaterThan(0);
  });

  it('marks admins as admin and staff, finance as neither (once past the TOTP they must set up: users-mfa.test.ts)', async () => {
    expect((await login({ username: admin, password: PASSWORD })).body).toMatchObject({ code: 'mfa_setup_required' });
    expect(await signInFully(admin, PASSWORD)).toMatchObject({ isAdmin: true, is_staff: true });
    expect(await signInFully(financeUser, PASSWORD)).toMatchObject({ isAdmin: false, is_staff: false, is_finance: true });
  });

  it('answers 401 with a detail message for a wrong password or an unknown user', async () => {
    for (const body of [
      { username: student, password: 'Wrong!pass1' },
      { username: uniqueName('nobody'), password: PASSWORD },
    ]) {
      const res = await login(body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid username or password.', detail: 'Invalid username or password.' });
    }
  });

  it('answers 400 naming the field for missing or mistyped input', async () => {
    expect(await login({ password: PASSWORD })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^username: /) } });
    expect(await login({ username: student, password: 12 })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^password: /) } });
    expect(await login({ username: '   ', password: PASSWORD })).toMatchObject({ status: 400, body: { error: 'username: is required' } });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await invoke(handler, apiEvent('users-login', { rawBody: '{"username": ' }));
    expect(res).toMatchObject({ status: 400, body: { error: 'body: must be valid JSON' } });
  });
});
