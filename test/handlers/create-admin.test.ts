/**
 * `npm run create-admin` against the real (local) Cognito: the admin exists, is in the admin group, and
 * the printed password only starts a sign-in that demands a new password (it used to be
 * permanent, so the person who ran the command knew the admin's password for good).
 */
import { AdminGetUserCommand, AdminListGroupsForUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { handler as login } from '../../lambdas/functions/users/login.js';
import { createAdmin } from '../../lib/create-admin.js';
import { apiEvent, invoke } from './support/events.js';
import { uniqueName } from './support/fixtures.js';

const cognito = new CognitoIdentityProviderClient({});

describe('create-admin', () => {
  it('creates an admin whose first sign-in with the printed password must choose a new one', async () => {
    const userPoolId = process.env.USER_POOL_ID!;
    const username = uniqueName('admin');
    const created = await createAdmin(cognito, userPoolId, { username, email: `${username}@example.edu`, firstName: 'Ada' }, { invite: false });
    expect(created.temporaryPassword).toMatch(/^\S{20}$/);

    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const groups = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['admin']);

    const first = await invoke(login, apiEvent('users-login', { body: { username, password: created.temporaryPassword } }));
    expect(first).toMatchObject({ status: 401, body: { code: 'new_password_required', session: expect.any(String) } });
  });

  it('refuses a username that exists, saying how to give a new temporary password instead', async () => {
    const userPoolId = process.env.USER_POOL_ID!;
    const username = uniqueName('admin');
    await createAdmin(cognito, userPoolId, { username, email: `${username}@example.edu` }, { invite: false });
    await expect(createAdmin(cognito, userPoolId, { username, email: `${username}@example.edu` }, { invite: false })).rejects.toThrow(
      /already exists .* admin-set-user-password .* --no-permanent/,
    );
  });
});
