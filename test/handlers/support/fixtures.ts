/** Test data made through the real stores and the real (local) Cognito; usernames are unique per call. */
import { randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Enrollment, LedgerEntry } from '../../../lambdas/domain/ledger.js';
import { BatchWriteCommand, DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, TABLE_NAME, type Item } from '../../../lambdas/store/dynamo.js';
import type { PaymentRecord } from '../../../lambdas/store/payment.js';
import { createStudent, studentKeys, type StudentProfileRecord } from '../../../lambdas/store/student.js';

export const uniqueName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A succeeded card payment with nothing refunded, as the ledger stores it; `over` sets the rest. */
export function cardPayment(over: Pick<PaymentRecord, 'intentId' | 'username' | 'studentName' | 'createdAt' | 'amountCents'> & Partial<PaymentRecord>): PaymentRecord {
  return {
    updatedAt: over.createdAt,
    refundedCents: 0,
    currency: 'usd',
    status: 'succeeded',
    method: 'card',
    methodDetail: null,
    failureMessage: null,
    items: [],
    refundIds: [],
    excess: null,
    ...over,
  };
}

/** Fixtures straight into the table with BatchWrite (25 items a call), retrying what DynamoDB leaves unprocessed. */
export async function putItems(items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let pending: Record<string, unknown>[] | undefined = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending?.length) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: pending as never } }));
      pending = out.UnprocessedItems?.[TABLE_NAME] as typeof pending;
    }
  }
}

export async function createSignIn(opts: {
  username: string;
  password: string;
  group?: 'admin' | 'staff' | 'finance' | 'compliance';
  firstName?: string;
  lastName?: string;
  email?: string;
  profile?: false;
}) {
  const cognito = new CognitoIdentityProviderClient({});
  const UserPoolId = process.env.USER_POOL_ID!;
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: opts.username,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: opts.password,
      UserAttributes: [
        { Name: 'email', Value: opts.email ?? `${opts.username}@example.edu` },
        { Name: 'given_name', Value: opts.firstName ?? 'Test' },
        { Name: 'family_name', Value: opts.lastName ?? 'User' },
      ],
    }),
  );
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: opts.username, Password: opts.password, Permanent: true }));
  if (opts.group) await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: opts.username, GroupName: opts.group }));
  // A student-group sign-in without a student record is refused: a bare record, in no list
  // (no index keys), unless the test makes a real one (createStudentRecord replaces it) or asks for none.
  // Its fields are a profile's, so whatever reads it (a change to the student, their bill) reads a record.
  else if (opts.profile !== false) await bareStudentProfile(opts.username);
}

const FIXTURE_BARE = 'fixtureBareProfile';

export async function bareStudentProfile(username: string): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...studentKeys.profile(username),
          type: 'student',
          username,
          sub: '',
          firstName: 'Test',
          lastName: 'User',
          email: `${username}@example.edu`,
          phone: null,
          createdAt: new Date().toISOString(),
          onPaymentPlan: false,
          programType: null,
          programName: null,
          cohortId: null,
          signInEnabled: true,
          [FIXTURE_BARE]: true,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error; // a real record exists already
  }
}

export async function createStudentRecord(opts: { username?: string; enrollments?: Enrollment[]; entries?: LedgerEntry[]; profile?: Partial<StudentProfileRecord> } = {}) {
  const username = opts.username ?? uniqueName('stu');
  const profile: StudentProfileRecord = {
    username,
    sub: `sub-${username}`,
    firstName: 'Test',
    lastName: 'Student',
    email: `${username}@example.edu`,
    phone: null,
    createdAt: '2026-09-01T00:00:00.000Z',
    onPaymentPlan: false,
    programType: 'certificate',
    programName: 'Phlebotomy',
    cohortId: null,
    ...opts.profile,
  };
  // the bare record createSignIn made for a student-group sign-in gives way to the real one
  await db
    .send(
      new DeleteCommand({
        TableName: TABLE_NAME,
        Key: studentKeys.profile(username),
        ConditionExpression: 'attribute_exists(#bare)',
        ExpressionAttributeNames: { '#bare': FIXTURE_BARE },
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
  await createStudent({ profile, enrollments: opts.enrollments ?? [], entries: opts.entries ?? [] });
  return profile;
}
