/**
 * Demo data for the local stack (never deployed): Cognito users with their groups, student bills,
 * courses, cohorts, document categories and documents with their files, and clinical compliance
 * (requirement templates, the students' submissions and their files). Every write is an idempotent put
 * with a fixed key, so an interrupted seed simply runs again on the next start; a marker item records
 * that it completed.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { now } from '../../../lambdas/domain/clock.js';
import { cohortItems } from '../../../lambdas/store/cohort.js';
import { complianceKeys, pointerItem, Requirement, Submission } from '../../../lambdas/store/compliance.js';
import { Acknowledgement, DocumentCategory, documentItems } from '../../../lambdas/store/document.js';
import { Site } from '../../../lambdas/store/clinical-site.js';
import { Member, Placement, Rotation } from '../../../lambdas/store/rotation.js';
import { courseItems } from '../../../lambdas/store/course.js';
import { paymentItems } from '../../../lambdas/store/payment.js';
import { emailMarkerItem, studentItems } from '../../../lambdas/store/student.js';
import { welcomeNoticeItems } from './demo-notices.js';
import { LOCAL_BUCKET, LOCAL_TABLE, localClientConfig, type LocalEndpoints } from '../endpoints.js';
import type { LocalCredentials } from '../local-credentials.js';
import type { PoolIds } from '../provision.js';
import { demoCohorts, demoCourses, demoDocumentCategories } from './demo-catalog.js';
import { demoClinical } from './demo-clinical.js';
import { demoCompliance } from './demo-compliance.js';
import { demoDocuments } from './demo-documents.js';
import { demoPayments, demoStudents } from './demo-students.js';
import { demoMfaUsers, demoStaff, STUDENT_PASSWORD, type DemoUser } from './demo-users.js';

const SEED_VERSION = 'SEED#v6';
const marker = { pk: 'META', sk: SEED_VERSION };
/** The demo admin without TOTP: its own marker, so data seeded before it gets it without a re-seed. */
const mfaMarker = { pk: 'META', sk: 'SEED#mfa-v1' };
/**
 * Clinical compliance, its own marker too (data seeded before it gets it on the next start). Its dates follow the
 * seed's time, kept on the marker from the first try (`seededAt`), so a try interrupted and run again on another
 * day puts the same items under the same keys; `completedAt` says it finished.
 */
const complianceMarker = { pk: 'META', sk: 'SEED#compliance-v1' };
const clinicalMarker = { pk: 'META', sk: 'SEED#clinical-v1' };

export async function seedDemoData(opts: { endpoints: LocalEndpoints; credentials: LocalCredentials; pool: PoolIds; log: (m: string) => void }): Promise<void> {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(opts.endpoints.dynamodb, opts.credentials)), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const cognito = new CognitoIdentityProviderClient(localClientConfig(opts.endpoints.cognito, opts.credentials));
  const s3 = new S3Client({ ...localClientConfig(opts.endpoints.s3, opts.credentials), forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const done = await db.send(new GetCommand({ TableName: LOCAL_TABLE, Key: marker }));
  if (done.Item) {
    await seedMfaDemoUsers(db, cognito, opts.pool.userPoolId);
    const compliance = await seedCompliance(db, s3);
    if (compliance === 'skipped') opts.log('clinical compliance demo data skipped: this data directory has requirement templates of its own');
    else if (compliance) opts.log(`seeded clinical compliance: ${compliance.requirements} requirements, ${compliance.submissions} submissions`);
    if (compliance !== 'skipped' && (await seedClinical(db))) opts.log('seeded clinical placements: 2 sites, 1 rotation');
    return;
  }
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
  await putAll(db, items);

  for (const doc of demoDocuments) {
    await s3.send(new PutObjectCommand({ Bucket: LOCAL_BUCKET, Key: doc.record.s3Key, Body: doc.content, ContentType: doc.contentType }));
  }

  await db.send(new PutCommand({ TableName: LOCAL_TABLE, Item: { ...marker, seededAt: new Date().toISOString() } }));
  await seedMfaDemoUsers(db, cognito, opts.pool.userPoolId);
  const seeded = await seedCompliance(db, s3);
  const compliance = seeded && seeded !== 'skipped' ? seeded : { requirements: 0, submissions: 0 };
  if (seeded !== 'skipped') await seedClinical(db);
  opts.log(
    `seeded ${demoStaff.length + studentUsers.length} users, ${demoStudents.length} students, ${demoCourses.length} courses, ` +
      `${demoCohorts.length} cohorts, ${demoDocuments.length} documents, ${compliance.requirements} compliance requirements, ${compliance.submissions} compliance submissions`,
  );
}

/** Batch puts of 25, with what DynamoDB left unprocessed put again. */
async function putAll(db: DynamoDBDocumentClient, items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let unprocessed: Record<string, any>[] | undefined = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (unprocessed?.length) {
      const result: BatchWriteCommandOutput = await db.send(new BatchWriteCommand({ RequestItems: { [LOCAL_TABLE]: unprocessed } }));
      unprocessed = result.UnprocessedItems?.[LOCAL_TABLE];
    }
  }
}

/**
 * The compliance demo data (demo-compliance.ts), once per data directory; null when it had already run, 'skipped' when
 * the data directory has requirement templates of its own from before (the demo's would sit beside them).
 * Items are written as the store writes them (store/compliance.ts: the submission, whose keys place it in the
 * student's partition, the cohort grid and the review queue or the expiry index, and its pointer), without audit
 * entries: nobody did anything. The files go to the bucket first, so no submission names a file that is not there.
 */
async function seedCompliance(db: DynamoDBDocumentClient, s3: S3Client): Promise<{ requirements: number; submissions: number } | 'skipped' | null> {
  const state = (await db.send(new GetCommand({ TableName: LOCAL_TABLE, Key: complianceMarker }))).Item;
  if (state?.completedAt) return null;
  if (!state) {
    const own = await db.send(
      new QueryCommand({ TableName: LOCAL_TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': complianceKeys.requirements }, Limit: 1 }),
    );
    if (own.Items?.length) {
      await db.send(new PutCommand({ TableName: LOCAL_TABLE, Item: { ...complianceMarker, skipped: 'requirements existed', completedAt: now().toISOString() } }));
      return 'skipped';
    }
  }
  const seededAt = typeof state?.seededAt === 'string' ? state.seededAt : now().toISOString();
  if (!state) await db.send(new PutCommand({ TableName: LOCAL_TABLE, Item: { ...complianceMarker, seededAt } }));
  const data = demoCompliance(new Date(seededAt));

  for (let i = 0; i < data.files.length; i += 6) {
    await Promise.all(data.files.slice(i, i + 6).map((f) => s3.send(new PutObjectCommand({ Bucket: LOCAL_BUCKET, Key: f.key, Body: f.content, ContentType: f.contentType }))));
  }
  await putAll(db, [...data.requirements.map(Requirement.item), ...data.submissions.flatMap((s) => [Submission.item(s), pointerItem(s)])]);
  await db.send(new PutCommand({ TableName: LOCAL_TABLE, Item: { ...complianceMarker, seededAt, completedAt: now().toISOString() } }));
  return { requirements: data.requirements.length, submissions: data.submissions.length };
}

/**
 * The clinical placements demo data (demo-clinical.ts), once per data directory, after the compliance data it builds
 * on: sites, the site-only badge requirement, one rotation with its roster (in the rotation's partition and the
 * students' own) and the submissions and acknowledgement that make one student cleared. Laid out as the stores write
 * them; no audit entries (nobody did anything). True when it ran.
 */
async function seedClinical(db: DynamoDBDocumentClient): Promise<boolean> {
  if ((await db.send(new GetCommand({ TableName: LOCAL_TABLE, Key: clinicalMarker }))).Item) return false;
  const seededAt = (await db.send(new GetCommand({ TableName: LOCAL_TABLE, Key: complianceMarker }))).Item?.seededAt;
  const data = demoClinical(typeof seededAt === 'string' ? new Date(seededAt) : now());
  await putAll(db, [
    Requirement.item(data.requirement),
    ...data.sites.map(Site.item),
    Rotation.item(data.rotation),
    ...data.members.map(Member.item),
    ...data.placements.map(Placement.item),
    ...data.submissions.flatMap((s) => [Submission.item(s), pointerItem(s)]),
    ...data.acknowledgements.map(Acknowledgement.item),
  ]);
  await db.send(new PutCommand({ TableName: LOCAL_TABLE, Item: { ...clinicalMarker, seededAt: now().toISOString() } }));
  return true;
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
