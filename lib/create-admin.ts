/**
 * Creating an administrator (`npm run create-admin`, bin/create-admin.ts): the user gets a temporary
 * password and is in Cognito's FORCE_CHANGE_PASSWORD state, so their first sign-in answers
 * NEW_PASSWORD_REQUIRED and the portal makes them choose their own (lambdas/store/cognito.ts); the
 * person who ran the command never knows the password the admin ends up with. AdminCreateUser:
 * "if the user has a password, they will be in the FORCE_CHANGE_PASSWORD state until they sign in and
 * set their password" (https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_AdminCreateUser.html).
 */
import { randomInt } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  DescribeUserPoolCommand,
  type AdminCreateUserCommandInput,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../lambdas/routes.js';

export const ADMIN_GROUP = 'admin' satisfies Role;

export interface NewAdmin {
  readonly username: string;
  readonly email: string;
  readonly firstName?: string;
  readonly lastName?: string;
}

/**
 * 20 characters with every class the pool's password policy requires (lib/stacks/auth-stack.ts:
 * 12 or more, upper, lower, digit, symbol), from an alphabet without look-alikes (no 0/O, 1/l/I)
 * since a person types it once. Symbols are among the ones Cognito accepts.
 */
export function generateTemporaryPassword(length = 20): string {
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*-_=+?'];
  const all = classes.join('');
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [...classes.map(pick), ...Array.from({ length: length - classes.length }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/**
 * The AdminCreateUser request. With a password: no mail (SUPPRESS), the command prints the password
 * once. Without (`--invite`): Cognito generates one and mails it with the pool's invitation template,
 * through SES when the pool is set up for it.
 */
export function adminCreateUserInput(userPoolId: string, admin: NewAdmin, temporaryPassword: string | null): AdminCreateUserCommandInput {
  return {
    UserPoolId: userPoolId,
    Username: admin.username,
    ...(temporaryPassword ? { TemporaryPassword: temporaryPassword, MessageAction: 'SUPPRESS' } : { DesiredDeliveryMediums: ['EMAIL'] }),
    UserAttributes: [
      { Name: 'email', Value: admin.email },
      { Name: 'email_verified', Value: 'true' },
      ...(admin.firstName ? [{ Name: 'given_name', Value: admin.firstName }] : []),
      ...(admin.lastName ? [{ Name: 'family_name', Value: admin.lastName }] : []),
    ],
  };
}

export interface CreatedAdmin {
  /** null when Cognito mailed it (`--invite`). */
  readonly temporaryPassword: string | null;
  /** How long the temporary password works (the pool's TemporaryPasswordValidityDays), when known. */
  readonly validityDays: number | undefined;
}

export async function createAdmin(cognito: CognitoIdentityProviderClient, userPoolId: string, admin: NewAdmin, opts: { invite: boolean }): Promise<CreatedAdmin> {
  const temporaryPassword = opts.invite ? null : generateTemporaryPassword();
  try {
    await cognito.send(new AdminCreateUserCommand(adminCreateUserInput(userPoolId, admin, temporaryPassword)));
  } catch (error) {
    if ((error as Error).name === 'UsernameExistsException') {
      throw new Error(
        `${admin.username} already exists in ${userPoolId}. To give them a new temporary password: aws cognito-idp admin-set-user-password --user-pool-id ${userPoolId} --username ${admin.username} --password '<temporary>' --no-permanent`,
      );
    }
    throw error;
  }
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: admin.username, GroupName: ADMIN_GROUP }));
  const pool = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId })).catch(() => undefined);
  return { temporaryPassword, validityDays: pool?.UserPool?.Policies?.PasswordPolicy?.TemporaryPasswordValidityDays };
}

/** What the command prints: the password once (or where it went), and what happens at first sign-in. */
export function createdMessage(admin: NewAdmin, userPoolId: string, created: CreatedAdmin): string {
  const validity = created.validityDays ? `valid ${created.validityDays} days` : "valid for the pool's temporary-password period";
  const password = created.temporaryPassword
    ? `Temporary password (shown once; pass it on safely, ${validity}): ${created.temporaryPassword}`
    : `Cognito mailed a temporary password to ${admin.email} (${validity}).`;
  return [
    `Created ${admin.username} in ${userPoolId}, in the ${ADMIN_GROUP} group.`,
    password,
    `At first sign-in the portal makes ${admin.username} choose their own password, then set up an authenticator app: admins sign in with a code.`,
  ].join('\n');
}
