/** Test data made through the real stores and the real (local) Cognito; usernames are unique per call. */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Enrollment, LedgerEntry } from '../../../lambdas/domain/ledger.js';
import { createStudent, type StudentProfile } from '../../../lambdas/store/students.js';

export const uniqueName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

export async function createSignIn(opts: { username: string; password: string; group?: 'admin' | 'staff' | 'finance'; firstName?: string; lastName?: string; email?: string }) {
  const cognito = new CognitoIdentityProviderClient({});
  const UserPoolId = process.env.USER_POOL_ID!;
  await cognito.send(new AdminCreateUserCommand({
    UserPoolId, Username: opts.username, MessageAction: 'SUPPRESS', TemporaryPassword: opts.password,
    UserAttributes: [
      { Name: 'email', Value: opts.email ?? `${opts.username}@example.edu` },
      { Name: 'given_name', Value: opts.firstName ?? 'Test' },
      { Name: 'family_name', Value: opts.lastName ?? 'User' },
    ],
  }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: opts.username, Password: opts.password, Permanent: true }));
  if (opts.group) await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: opts.username, GroupName: opts.group }));
}

export async function createStudentRecord(opts: { username?: string; enrollments?: Enrollment[]; entries?: LedgerEntry[]; profile?: Partial<StudentProfile> } = {}) {
  const username = opts.username ?? uniqueName('stu');
  const profile: StudentProfile = {
    username, sub: `sub-${username}`, firstName: 'Test', lastName: 'Student', email: `${username}@example.edu`,
    phone: null, createdAt: '2026-09-01T00:00:00.000Z', onPaymentPlan: false,
    programType: 'certificate', programName: 'Phlebotomy', cohortId: null, ...opts.profile,
  };
  await createStudent({ profile, enrollments: opts.enrollments ?? [], entries: opts.entries ?? [] });
  return profile;
}
