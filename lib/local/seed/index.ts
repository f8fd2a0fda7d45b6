/**
 * Demo data for the local stack (never deployed): Cognito users with their groups, student bills,
 * courses, cohorts, document categories and documents with their files. Every write is an
 * idempotent put with a fixed key, so an interrupted seed simply runs again on the next start;
 * a marker item records that it completed.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { cohortItems } from '../../../lambdas/store/cohort.js';
import { DocumentCategory, documentItems } from '../../../lambdas/store/document.js';
import { courseItems } from '../../../lambdas/store/course.js';
import { paymentItems } from '../../../lambdas/store/payment.js';
import { emailMarkerItem, studentItems } from '../../../lambdas/store/student.js';
import { welcomeNoticeItems } from './demo-notices.js';
import { LOCAL_BUCKET, LOCAL_TABLE, localClientConfig, type LocalEndpoints } from '../endpoints.js';
import type { LocalCredentials } from '../local-credentials.js';
import type { PoolIds } from '../provision.js';
import { demoCohorts, demoCourses, demoDocumentCategories } from './demo-catalog.js';
import { demoDocuments } from './demo-documents.js';
import { demoPayments, demoStudents } from './demo-students.js';
import { demoMfaUsers, demoStaff, STUDENT_PASSWORD, type DemoUser } from './demo-users.js';

const SEED_VERSION = 'SEED#v6';
const marker = { pk: 'META', sk: SEED_VERSION };
/** The demo admin without TOTP: its own marker, so data seeded before it gets it without a re-seed. */
const mfaMarker = { pk: 'META', sk: 'SEED#mfa-v1' };

export async function seedDemoData(opts: { endpoints: LocalEndpoints; credentials: LocalCredentials; pool: PoolIds; log: (m: string) => void }): Promise<void> {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(opts.endpoints.dynamodb, opts.credentials)), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const cognito = new CognitoIdentityProviderClient(localClientConfig(opts.endpoints.cognito, opts.credentials));
  const done = await db.send(new GetCommand({ TableName: LOCAL_TABLE, Key: marker }));
  if (done.Item) return seedMfaDemoUsers(db, cognito, opts.pool.userPoolId);
  opts.log('seeding demo data (first start)...');

  const studentUsers: DemoUser[] = demoStudents.map(({ profile }) => ({
    username: profile.username,
    password: STUDENT_PASSWORD,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    group: null,
  }));
  const subs = new Map<string, string>();
  for (const user of [...demoStaff, ...studentUsers]) subs.set(user.username, await ensureUser(cognito, opts.pool.userPoolId, user));

  const items = [
    ...demoStudents.flatMap((s) => studentItems({ ...s, profile: { ...s.profile, sub: subs.get(s.profile.username) ?? '' } })),
    ...demoStudents.map((s) => emailMarkerItem(s.profile)),
    ...demoCourses.flatMap(courseItems),
    ...demoCohorts.flatMap((c) => cohortItems({ ...c, studentCount: demoStudents.filter((s) => s.profile.cohortId === c.id).length })),
    ...demoDocumentCategories.map(DocumentCategory.item),
    ...demoDocuments.flatMap((d) =>
      documentItems({
        ...d.record,
        assignedStudents: d.record.assignedStudents.map((a) => ({ ...a, id: subs.get(a.username) || a.username })),
      }),
    ),
    ...demoPayments.flatMap(paymentItems),
    // each demo student's welcome, unread: the bell has something to show (no email: it was never sent)
    ...demoStudents.flatMap(({ profile }) => welcomeNoticeItems(profile.username, new Date())),
  ];
  for (let i = 0; i < items.length; i += 25) {
    let unprocessed: Record<string, any>[] | undefined = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (unprocessed?.length) {
      const result: BatchWriteCommandOutput = await db.send(new BatchWriteCommand({ RequestItems: { [LOCAL_TABLE]: unprocessed } }));
      unprocessed = result.UnprocessedItems?.[LOCAL_TABLE];
    }
  }

  const s3 = new S3Client({ ...localClientConfig(opts.endpoints.s3, opts.credentials), forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  for (const doc of demoDocuments) {
    await s3.send(new PutObjectCommand({ Bucket: LOCAL_BUCKET, Key: doc.record.s3Key, Body: doc.content, ContentType: doc.contentType }));
  }

  await db.send(new PutCommand({ TableName: LOCAL_TABLE, Item: { ...marker, seededAt: new Date().toISOString() } }));
  await seedMfaDemoUsers(db, cognito, opts.pool.userPoolId);
  opts.log(
    `seeded ${demoStaff.length + studentUsers.length} users, ${demoStudents.length} students, ${demoCourses.length} courses, ` +
      `${demoCohorts.length} cohorts, ${demoDocuments.length} documents`,
  );
}

/** The demo admin who has not set up TOTP (demo-users.ts), once per data directory: after that it is theirs to enrol or reset. */
async function seedMfaDemoUsers(db: DynamoDBDocumentClient, cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  if ((await db.send(new GetCommand({ TableName: LOCAL_TABLE, Key: mfaMarker }))).Item) return;
  for (const user of demoMfaUsers) await ensureUser(cognito, userPoolId, user);
  await db.send(new PutCommand({ TableName: LOCAL_TABLE, Item: { ...mfaMarker, seededAt: new Date().toISOString() } }));
}

/** Creates (or repairs) a sign-in with a permanent password and its group; answers the user's sub. */
async function ensureUser(cognito: CognitoIdentityProviderClient, userPoolId: string, user: DemoUser): Promise<string> {
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: user.username,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: user.password,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: user.firstName },
          { Name: 'family_name', Value: user.lastName },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'UsernameExistsException') throw error;
  }
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: user.username, Password: user.password, Permanent: true }));
  if (user.group) await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.username, GroupName: user.group }));
  const got = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.username }));
  return got.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? '';
}
