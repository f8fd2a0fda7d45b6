import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { jobById, queueName, queueUrlVariable, type JobDef } from '../../lambdas/jobs.js';
import { DEFAULT_ROUTE_MEMORY_MB, routeMemoryMb, routeTimeoutSeconds, type Grant, type RouteDef } from '../../lambdas/routes.js';
import type { StageSettings } from '../stage.js';
import { acknowledgeWildcards, wildcardAction, wildcardResource } from './nag.js';

/** Repository root: entries, the lock file and tsconfig.json are resolved from here. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ApiFunctionResources {
  readonly table: ITableV2;
  readonly bucket: IBucket;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  readonly stripeSecret: ISecret;
  /** How the portal sends email (the `email:send` grant); absent in a stage that sends none: notices stay in-app. */
  readonly email?: NotifyEmail;
}

/** The portal's email sending (lib/app.ts): the sender, the configuration set every email goes through, the links' origin. */
export interface NotifyEmail {
  /** Context `emailFrom` (Cognito's sender too); its domain is the SES identity, verified in the portal's region. */
  readonly fromAddress: string;
  /** Created by the jobs stack under this fixed name, so any stack's function can name it without a reference. */
  readonly configurationSetName: string;
  /** The portal's origin (https://..., no trailing slash), for links in emails. */
  readonly portalUrl: string;
}

export const configurationSetName = (stageName: string) => `portal-${stageName}`;

/** A row of the route table or of the jobs table: both get the same function, defaults and grants. */
export type ApiFunctionProps = {
  readonly stage: StageSettings;
  readonly resources: ApiFunctionResources;
} & ({ readonly route: RouteDef; readonly job?: never } | { readonly job: JobDef; readonly route?: never });

/** What differs between a route's function and a job's. */
function functionSpec({ route, job }: ApiFunctionProps) {
  if (route) {
    return {
      handler: route.handler,
      grants: route.grants,
      timeout: Duration.seconds(routeTimeoutSeconds(route)),
      memorySize: routeMemoryMb(route),
      description: `${route.method} ${route.path} (${route.id})`,
      roleDescription: `Runs ${route.method} ${route.path}`,
    };
  }
  return {
    handler: job.handler,
    grants: job.grants,
    timeout: Duration.seconds(job.timeoutSeconds),
    memorySize: DEFAULT_ROUTE_MEMORY_MB,
    // Lambda descriptions are at most 256 characters
    description: `Job ${job.id}: ${job.description}`.slice(0, 256),
    roleDescription: `Runs job ${job.id}`,
  };
}

/**
 * Admin* calls a `userpool:admin` route may make (create/disable users, manage groups).
 * Listed one by one so a new capability is a reviewed change, not a wildcard.
 */
export const USER_POOL_ADMIN_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminResetUserPassword',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  // An admin turns a user's TOTP off (recovery)
  'cognito-idp:AdminSetUserMFAPreference',
  // Disabling a student, and an admin's "sign out everywhere", revoke every refresh token of the user
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

/**
 * Credential providers the SDK's default chain imports lazily (`import()`), after the environment
 * variables. Lambda always sets AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, so
 * these are never loaded there; left out of the bundle they cost nothing (about 130 KB otherwise).
 * Should one ever be reached, the runtime's own SDK copy provides it.
 */
export const UNREACHED_CREDENTIAL_PROVIDERS = [
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-web-identity',
  '@smithy/credential-provider-imds',
] as const;

/**
 * SDK code that protocols load lazily (`import()`) only for operations we never call: event streams
 * (S3 SelectObjectContent, Bedrock, Transcribe...), reached from every client's HttpProtocol but used
 * by no DynamoDB, Cognito, Secrets Manager or S3 call we make. Bundled, it costs about 19 KB in every
 * route; should it ever be reached, the runtime's own SDK copy provides it.
 */
export const UNREACHED_SDK_FEATURES = ['@smithy/core/event-streams'] as const;

/**
 * How every route and job is bundled (esbuild through NodejsFunction). test/perf/lambda-bundles.test.ts
 * builds each of them with exactly these options and holds it to its size budget.
 */
export const LAMBDA_BUNDLING = {
  minify: true,
  sourceMap: true,
  // Stack traces are mapped (NODE_OPTIONS=--enable-source-maps), and Node reads and parses the whole map
  // as it loads the bundle: about 15 ms of CPU at the cold start of the heaviest route (bench/cold-load.ts
  // --source-maps). Without the sources' text its map is 0.75 MB instead of 1.9 MB, and that cost 3 to
  // 4.5 ms less; stack traces still map to file, line and column.
  sourcesContent: false,
  target: 'node22',
  format: OutputFormat.CJS,
  // Bundle AWS SDK v3 (the default on node18+ leaves @aws-sdk/* to the runtime): the pinned version
  // is the one we tested, and a tree-shaken bundle loads about twice as fast as the runtime's copy.
  bundleAwsSDK: true,
  // ES module entry points first: esbuild tree-shakes only ES modules, and the SDK's CommonJS builds
  // are whole-package files (a DynamoDB-only bundle was 590 KB with them, 250 KB without).
  mainFields: ['module', 'main'],
  externalModules: [...UNREACHED_CREDENTIAL_PROVIDERS, ...UNREACHED_SDK_FEATURES],
} as const satisfies BundlingOptions;

/**
 * One route's or job's Lambda: NodejsFunction with the project defaults (nodejs22.x, arm64, esbuild
 * bundle with source maps, X-Ray, its own log group) and IAM derived from the row's `grants`.
 * The role is built here rather than with AWSLambdaBasicExecutionRole so it may only write to
 * its own log group.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const { stage, resources } = props;
    const spec = functionSpec(props);
    const queues = spec.grants.filter(isQueueGrant).map((grant) => queueOfGrant(grant, stage, this));
    // the jobs stack wires these, as it owns the schedules' roles and targets (lib/stacks/jobs-stack.ts)
    if (props.route && spec.grants.some(isScheduleGrant)) throw new Error(`Route ${props.route.id}: only jobs may hold a schedule:<job id> grant`);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });

    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: spec.roleDescription,
    });

    this.function = new NodejsFunction(this, 'Function', {
      description: spec.description,
      entry: join(REPO_ROOT, 'lambdas', spec.handler),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: spec.memorySize,
      timeout: spec.timeout,
      role,
      logGroup: this.logGroup,
      tracing: Tracing.ACTIVE,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      bundling: { ...LAMBDA_BUNDLING, mainFields: [...LAMBDA_BUNDLING.mainFields], externalModules: [...LAMBDA_BUNDLING.externalModules] },
      environment: {
        STAGE: stage.name,
        TABLE_NAME: resources.table.tableName,
        BUCKET_NAME: resources.bucket.bucketName,
        USER_POOL_ID: resources.userPool.userPoolId,
        USER_POOL_CLIENT_ID: resources.userPoolClient.userPoolClientId,
        NODE_OPTIONS: '--enable-source-maps',
        // only the functions allowed to read the Stripe secret learn where it is
        ...(spec.grants.includes('secret:stripe') ? { STRIPE_SECRET_ARN: resources.stripeSecret.secretArn } : {}),
        // the queues a `queue:<job id>` grant lets it send to (lambdas/store/queue.ts)
        ...Object.fromEntries(queues.map((q) => [queueUrlVariable(q.jobId), q.url])),
        // without them (no email in this stage, lambdas/store/email.ts) notices stay in-app
        ...(spec.grants.includes('email:send') && resources.email
          ? { NOTIFY_FROM_ADDRESS: resources.email.fromAddress, SES_CONFIGURATION_SET: resources.email.configurationSetName, PORTAL_URL: resources.email.portalUrl }
          : {}),
      },
    });
    this.logGroup.grantWrite(role);

    acknowledgeWildcards(role, 'X-Ray PutTraceSegments/PutTelemetryRecords (tracing: ACTIVE) do not support resource-level permissions.', () => ['Resource::*']);
    for (const grant of new Set(spec.grants)) {
      if (!isQueueGrant(grant) && !isScheduleGrant(grant)) applyGrant(grant, role, resources);
    }
    for (const queue of queues) {
      role.addToPrincipalPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['sqs:SendMessage'], resources: [queue.arn] }));
    }
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'nodejs22.x is pinned on purpose (DESIGN.md: the handlers and the AWS SDK pins are tested on Node 22); moving to nodejs24.x is a deliberate, tested upgrade.',
    });
  }
}

/** Turns one route grant into IAM on the function's role, acknowledging the wildcards it implies. */
function applyGrant(grant: Exclude<Grant, QueueGrant | ScheduleGrant>, role: Role, { table, bucket, userPool, stripeSecret, email }: ApiFunctionResources): void {
  /** A document bucket grant's wildcards: `actions` on every object of the bucket (keys are generated per upload). */
  const acknowledgeObjectWildcards = (reason: string, ...actions: string[]) =>
    acknowledgeWildcards(role, reason, () => actions.map(wildcardAction).concat(wildcardResource(role, bucket.arnForObjects('*'))));
  switch (grant) {
    case 'table:read':
      table.grantReadData(role);
      acknowledgeIndexWildcard(role, table);
      return;
    case 'table:write':
      table.grantWriteData(role);
      acknowledgeIndexWildcard(role, table);
      denyAuditEdits(role, table);
      return;
    case 'audit:write':
      role.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['dynamodb:PutItem'],
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { [LEADING_KEYS]: [AUDIT_PARTITIONS] } },
        }),
      );
      return;
    case 'bucket:read':
      bucket.grantRead(role);
      acknowledgeObjectWildcards(
        'bucket:read (Bucket.grantRead) on the document bucket only: the handler presigns GETs for stored document keys, which are generated per upload.',
        's3:GetObject*',
        's3:GetBucket*',
        's3:List*',
      );
      return;
    case 'bucket:write':
      bucket.grantPut(role);
      acknowledgeObjectWildcards('bucket:write (Bucket.grantPut) on the document bucket only: keys are generated per upload, so the grant spans its objects.', 's3:Abort*');
      return;
    case 'bucket:delete':
      bucket.grantDelete(role);
      acknowledgeObjectWildcards('bucket:delete (Bucket.grantDelete) on the document bucket only; versioning keeps deleted documents recoverable for 90 days.', 's3:DeleteObject*');
      return;
    case 'userpool:login':
      // InitiateAuth (USER_PASSWORD_AUTH) and GetUser on a client without a secret are
      // unauthenticated Cognito APIs: the password / access token authorises them, not IAM.
      return;
    case 'userpool:admin':
      role.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: [...USER_POOL_ADMIN_ACTIONS],
          resources: [userPool.userPoolArn],
        }),
      );
      return;
    case 'userpool:groups':
      role.addToPrincipalPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['cognito-idp:ListUsersInGroup'], resources: [userPool.userPoolArn] }));
      return;
    case 'mfa:enrolment':
      // TOTP enrolments at sign-in: their own partitions only, never the rest of the table
      role.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { [LEADING_KEYS]: [MFA_ENROLMENT_PARTITIONS] } },
        }),
      );
      return;
    case 'secret:stripe':
      stripeSecret.grantRead(role);
      return;
    case 'email:send':
      if (email) role.addToPrincipalPolicy(sendEmailStatement(role, email));
      return;
    default: {
      const unknown: never = grant;
      throw new Error(`No IAM mapping for grant ${String(unknown)}`);
    }
  }
}

/**
 * SES v2 SendEmail is authorised as ses:SendEmail on the sending identity and, when one is named, on the configuration
 * set (https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazonsimpleemailservicev2.html, SendEmail:
 * resource types identity and configuration-set), and ses:FromAddress holds it to our sender
 * (https://docs.aws.amazon.com/ses/latest/dg/control-user-access.html). Both identities the sender may have are listed:
 * its domain (what Cognito's mails use) and the address itself, should someone verify it on its own too.
 */
export function sendEmailStatement(scope: Construct, email: NotifyEmail): PolicyStatement {
  const stack = Stack.of(scope);
  const identity = (name: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
  return new PolicyStatement({
    effect: Effect.ALLOW,
    actions: ['ses:SendEmail'],
    resources: [
      identity(email.fromAddress.slice(email.fromAddress.lastIndexOf('@') + 1)),
      identity(email.fromAddress),
      stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: email.configurationSetName }),
    ],
    conditions: { StringEquals: { 'ses:FromAddress': email.fromAddress } },
  });
}

type QueueGrant = Extract<Grant, `queue:${string}`>;
const isQueueGrant = (grant: Grant): grant is QueueGrant => grant.startsWith('queue:');
export type ScheduleGrant = Extract<Grant, `schedule:${string}`>;
export const isScheduleGrant = (grant: Grant): grant is ScheduleGrant => grant.startsWith('schedule:');

/**
 * `queue:<job id>`: the queue row's SQS queue, named `portal-<stage>-<job id>` by the jobs stack,
 * so the route's stack can name it without a cross-stack reference. SendMessageBatch is authorised by
 * sqs:SendMessage (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-api-permissions-reference.html).
 */
export function queueOfGrant(grant: QueueGrant, stage: StageSettings, scope: Construct) {
  const jobId = grant.slice('queue:'.length);
  const job = jobById(jobId);
  if (!job || !('queue' in job.trigger)) throw new Error(`Grant ${grant}: ${jobId} is not a queue row of lambdas/jobs.ts`);
  const name = queueName(stage.name, jobId);
  const stack = Stack.of(scope);
  return { jobId, name, arn: stack.formatArn({ service: 'sqs', resource: name }), url: `https://sqs.${stack.region}.${stack.urlSuffix}/${stack.account}/${name}` };
}

/** The partitions of the audit log (store/audit.ts `auditKeys.day`). */
export const AUDIT_PARTITIONS = 'AUDIT#*';
/** The partitions of TOTP enrolments (store/mfa-enrolment.ts `MFA_ENROLMENT_PREFIX`). */
export const MFA_ENROLMENT_PARTITIONS = 'MFA_ENROL#*';
const LEADING_KEYS = 'dynamodb:LeadingKeys';
/** What could change or remove an existing audit entry (a Put through BatchWriteItem has no condition). */
export const AUDIT_EDIT_ACTIONS = ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'] as const;

/**
 * Audit entries are put, never edited or deleted: even a writing function may not touch
 * an `AUDIT#` partition but with PutItem (in a transaction or alone; store/audit.ts puts each new
 * entry under a fresh id with attribute_not_exists, which IAM cannot require, so overwriting is
 * prevented by the code, not here). Transactions are authorised by these same item actions.
 */
function denyAuditEdits(role: Role, table: ITableV2): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      effect: Effect.DENY,
      actions: [...AUDIT_EDIT_ACTIONS],
      resources: [table.tableArn],
      conditions: { 'ForAnyValue:StringLike': { [LEADING_KEYS]: [AUDIT_PARTITIONS] } },
    }),
  );
}

function acknowledgeIndexWildcard(role: Role, table: ITableV2): void {
  acknowledgeWildcards(role, 'Table grants cover <table>/index/*: handlers Query the GSIs (gsi1, gsi2) of the single table, and nothing else.', () => [
    wildcardResource(role, `${table.tableArn}/index/*`),
  ]);
}
