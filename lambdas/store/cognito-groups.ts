/**
 * Who is in a staff group (the compliance coordinators, the admins): for the jobs that tell them things. Needs the
 * `userpool:groups` grant (cognito-idp:ListUsersInGroup only). Staff have no profile in the table, so their
 * addresses come from here when a notice is sent, and are never stored.
 */
import { CognitoIdentityProviderClient, ListUsersInGroupCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '../config.js';
import type { Role } from '../routes.js';

const USER_POOL_ID = requireEnv('USER_POOL_ID');
const cognito = new CognitoIdentityProviderClient({});

export interface GroupMember {
  username: string;
  email: string | null;
}

/** The enabled members of a group, every page (ListUsersInGroup answers at most 60 a call). */
export async function groupMembers(group: Exclude<Role, 'student'>): Promise<GroupMember[]> {
  const users: UserType[] = [];
  let token: string | undefined;
  do {
    const page = await cognito.send(new ListUsersInGroupCommand({ UserPoolId: USER_POOL_ID, GroupName: group, Limit: 60, NextToken: token }));
    users.push(...(page.Users ?? []));
    token = page.NextToken;
  } while (token);
  return users
    .filter((u) => u.Enabled !== false && u.Username)
    .map((u) => ({ username: u.Username as string, email: u.Attributes?.find((a) => a.Name === 'email')?.Value ?? null }));
}
