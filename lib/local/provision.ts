/**
 * Creates, if absent, what the CDK stacks create in the cloud: the single table (same key schema and
 * GSIs, from lambdas/store/table-schema.ts), the document bucket, the user pool with its groups and app client.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTableCommand, UpdateTimeToLiveCommand, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { required } from '../../lambdas/domain/required.js';
import { GROUP_ROLES } from '../../lambdas/domain/roles.js';
import { INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../lambdas/store/table-schema.js';
import { localClientConfig, type LocalEndpoints, type PoolIds } from './endpoints.js';

export type { PoolIds };
import type { LocalCredentials } from './local-credentials.js';

/** As the data stack's `dynamoStream`: new images, for the outbox (lambdas/store/outbox.ts). */
const STREAM = { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } as const;

export async function ensureTable(endpoints: LocalEndpoints, credentials: LocalCredentials, tableName: string): Promise<void> {
  const ddb = new DynamoDBClient(localClientConfig(endpoints.dynamodb, credentials));
  try {
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: tableName }));
    // a data directory made before the table had its stream (the outbox's way out, lib/stacks/data-stack.ts)
    if (!Table?.StreamSpecification?.StreamEnabled) await ddb.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM }));
    return;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const attrs = new Set<string>([TABLE_KEYS.partition, TABLE_KEYS.sort, ...INDEXES.flatMap((i) => [i.partition, i.sort])]);
  await ddb.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: STREAM,
      AttributeDefinitions: [...attrs].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partition, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sort, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: INDEXES.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partition, KeyType: 'HASH' },
          { AttributeName: i.sort, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await waitUntilTableExists({ client: ddb, maxWaitTime: 30 }, { TableName: tableName });
  await ddb.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }));
}

export async function ensureBucket(endpoints: LocalEndpoints, credentials: LocalCredentials, bucket: string): Promise<void> {
  const s3 = new S3Client({ ...localClientConfig(endpoints.s3, credentials), forcePathStyle: true });
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}

/**
 * The app client's settings, as lib/stacks/auth-stack.ts makes them in the cloud. Access and ID tokens
 * live 15 minutes: an access token already issued outlives a disable or a global sign-out
 * by at most that; the SPA refreshes on expiry and on any 401, so people do not notice.
 */
export const LOCAL_CLIENT_SETTINGS = {
  ClientName: 'portal-web',
  GenerateSecret: false,
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  AccessTokenValidity: 15,
  IdTokenValidity: 15,
  RefreshTokenValidity: 30,
  TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  EnableTokenRevocation: true,
  PreventUserExistenceErrors: 'ENABLED',
} as const;

/** Pool ids are remembered in <data>/cognito-ids.json; a pool that vanished is created again. */
export async function ensureUserPool(endpoints: LocalEndpoints, credentials: LocalCredentials, dataDir: string): Promise<PoolIds> {
  const cognito = new CognitoIdentityProviderClient(localClientConfig(endpoints.cognito, credentials));
  const idsFile = path.join(dataDir, 'cognito-ids.json');
  if (fs.existsSync(idsFile)) {
    const ids = JSON.parse(fs.readFileSync(idsFile, 'utf8')) as PoolIds;
    try {
      await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.userPoolClientId }));
      // a client made earlier (with 1-hour tokens) gets today's settings on every start
      const { GenerateSecret: _secret, ...settings } = LOCAL_CLIENT_SETTINGS;
      await cognito.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: ids.userPoolId,
          ClientId: ids.userPoolClientId,
          ...settings,
          ExplicitAuthFlows: [...settings.ExplicitAuthFlows],
          TokenValidityUnits: { ...settings.TokenValidityUnits },
        }),
      );
      return await withOptionalTotp(cognito, ids);
    } catch {
      // fall through: recreate
    }
  }
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'portal-local',
      Policies: { PasswordPolicy: { MinimumLength: 8, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: true } },
      AutoVerifiedAttributes: ['email'],
      // as the cloud's pool (auth-stack.ts); cognito-local does not apply it (jagregory/cognito-local#270):
      // the portal canonicalizes every username itself (lambdas/contract/username.ts), so it needs neither
      UsernameConfiguration: { CaseSensitive: false },
    }),
  );
  const userPoolId = required(pool.UserPool?.Id, 'the Id of the user pool cognito-local created');
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ...LOCAL_CLIENT_SETTINGS,
      ExplicitAuthFlows: [...LOCAL_CLIENT_SETTINGS.ExplicitAuthFlows],
      TokenValidityUnits: { ...LOCAL_CLIENT_SETTINGS.TokenValidityUnits },
    }),
  );
  for (const group of GROUP_ROLES) {
    await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
  }
  const ids = { userPoolId, userPoolClientId: required(client.UserPoolClient?.ClientId, 'the ClientId of the app client cognito-local created') };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(idsFile, JSON.stringify(ids, null, 2));
  return withOptionalTotp(cognito, ids);
}

/**
 * MFA as the cloud's pool has it: optional, by authenticator app (TOTP), so a user who turned it
 * on is asked for a code. cognito-local's pools default to OFF; set on every start, pools made before included.
 */
async function withOptionalTotp(cognito: CognitoIdentityProviderClient, ids: PoolIds): Promise<PoolIds> {
  await cognito.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: ids.userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
  return ids;
}
