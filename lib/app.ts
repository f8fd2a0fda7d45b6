import { App, Tags, Validations, type StackProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './stacks/api-stack.js';
import { AuthStack } from './stacks/auth-stack.js';
import { DataStack } from './stacks/data-stack.js';
import { JobsStack } from './stacks/jobs-stack.js';
import { OpsStack } from './stacks/ops-stack.js';
import { WebStack, type CustomDomain } from './stacks/web-stack.js';
import { stageSettings, type StageName } from './stage.js';

export interface BuildAppOptions {
  readonly stage: StageName;
  /** The built SPA folder (vite's dist), deployed by the web stack. */
  readonly webAssetPath: string;
  /** Pass an App to control context/outdir (tests); a fresh one otherwise. */
  readonly app?: App;
}

export interface PortalApp {
  readonly app: App;
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly jobs: JobsStack;
  readonly web: WebStack;
  readonly ops: OpsStack;
}

/**
 * The whole cloud deployment of one stage: data <- auth <- api <- web, and data <- auth <- jobs.
 * Optional settings come from CDK context (`-c key=value` or cdk.json): corsOrigins,
 * stripePublishableKey, domainName, certificateArn, alarmEmail.
 */
export function buildApp(opts: BuildAppOptions): PortalApp {
  const app = opts.app ?? new App();
  const stage = stageSettings(opts.stage);
  const prefix = `Portal-${stage.name}`;
  const common: StackProps = {
    // Account/region from the CLI's credentials; absent offline, which gives env-agnostic templates.
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    terminationProtection: stage.name === 'prod',
  };

  const data = new DataStack(app, `${prefix}-Data`, {
    ...common,
    description: `Portal ${stage.name}: table, document bucket, logs bucket`,
    stage,
    // Default '*': presigned URLs carry their own signature and expiry, so the origin check adds
    // little, and the CloudFront domain is only known after the web stack (which depends on
    // this one) exists. Pin it with `-c corsOrigins=https://portal.example.edu` once known.
    corsOrigins: listContext(app, 'corsOrigins') ?? ['*'],
  });

  const auth = new AuthStack(app, `${prefix}-Auth`, {
    ...common,
    description: `Portal ${stage.name}: Cognito user pool, groups, web client`,
    stage,
  });

  // what route and job functions may be granted (lambdas/routes.ts Grant)
  const resources = {
    table: data.table,
    bucket: data.documentsBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    stripeSecret: data.stripeSecret,
  };

  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    description: `Portal ${stage.name}: HTTP API, one Lambda per route`,
    stage,
    resources,
  });

  const jobs = new JobsStack(app, `${prefix}-Jobs`, {
    ...common,
    description: `Portal ${stage.name}: scheduled and queued jobs, one Lambda per row of the jobs table`,
    stage,
    resources,
  });

  const web = new WebStack(app, `${prefix}-Web`, {
    ...common,
    description: `Portal ${stage.name}: CloudFront, SPA bucket, runtime config`,
    stage,
    webAssetPath: opts.webAssetPath,
    api: api.api,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    logsBucket: data.logsBucket,
    // A Stripe *publishable* key is public by design (it ships to every browser).
    stripePublishableKey: stringContext(app, 'stripePublishableKey') ?? 'pk_test_placeholder',
    customDomain: customDomain(app),
  });

  const ops = new OpsStack(app, `${prefix}-Ops`, {
    ...common,
    description: `Portal ${stage.name}: alarms, alarm topic, dashboard`,
    stage,
    api: api.api,
    // job functions alarm like route functions (a failed nightly run must reach someone), keyed apart
    // from them: a job may share its id with a route (payments-reconcile runs nightly and on demand)
    functions: new Map([...api.functions, ...[...jobs.functions].map(([id, fn]) => [`Job-${id}`, fn] as const)]),
    table: data.table,
    alarmEmail: stringContext(app, 'alarmEmail'),
  });

  Tags.of(app).add('project', 'portal');
  Tags.of(app).add('stage', stage.name);
  // cdk-nag 3 is a validation plugin: any unacknowledged finding (warning or error) fails the synth.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

  return { app, data, auth, api, jobs, web, ops };
}

function stringContext(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string, got ${JSON.stringify(value)}`);
  return value;
}

/** Accepts a JSON array (cdk.json) or a comma-separated string (`-c key=a,b`). */
function listContext(app: App, key: string): string[] | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  const list = Array.isArray(value) ? value : String(value).split(',');
  const cleaned = list.map((item) => String(item).trim()).filter(Boolean);
  return cleaned.length > 0 ? cleaned : undefined;
}

function customDomain(app: App): CustomDomain | undefined {
  const domainName = stringContext(app, 'domainName');
  const certificateArn = stringContext(app, 'certificateArn');
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) {
    throw new Error('Custom domain needs both context values: -c domainName=portal.example.edu -c certificateArn=arn:aws:acm:us-east-1:...');
  }
  return { domainName, certificateArn };
}
