import { Annotations, App, Tags, Token, Validations, type StackProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { configurationSetName, type NotifyEmail } from './constructs/api-function.js';
import { ApiStack } from './stacks/api-stack.js';
import { AuthStack } from './stacks/auth-stack.js';
import { DataStack } from './stacks/data-stack.js';
import { JobsStack } from './stacks/jobs-stack.js';
import { OpsStack } from './stacks/ops-stack.js';
import { WafStack, WAF_REGION } from './stacks/waf-stack.js';
import { WebStack } from './stacks/web-stack.js';
import { stageSettings, type StageName, type StageSettings } from './stage.js';

export interface BuildAppOptions {
  readonly stage: StageName;
  /** The built SPA folder (vite's dist), deployed by the web stack. */
  readonly webAssetPath: string;
  /** Pass an App to control context/outdir (tests); a fresh one otherwise. */
  readonly app?: App;
  /** Account and region; the CDK CLI's (CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION) otherwise. */
  readonly env?: { readonly account?: string; readonly region?: string };
}

export interface PortalApp {
  readonly app: App;
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly jobs: JobsStack;
  readonly web: WebStack;
  readonly ops: OpsStack;
  readonly waf: WafStack;
}

/**
 * The whole cloud deployment of one stage: data <- auth <- api <- web, data <- auth <- jobs, and the
 * web stack's WAF in us-east-1. Settings come from CDK context (`-c key=value` or cdk.json):
 *   alarmEmail, emailFrom, stripePublishableKey   required in prod (see deployContext)
 *   allowTestKeys=true                            a staging prod with pk_test_ keys
 *   sesRegion                                     Cognito's SES identity's region, if not the portal's
 *   domainName, certificateArn                    CloudFront's custom domain (certificate in us-east-1)
 *   portalUrl                                     the portal's address in emails (default https://<domainName>)
 *   apiDomainName, apiCertificateArn              the API's; disables the execute-api endpoint
 *   corsOrigins
 */
export function buildApp(opts: BuildAppOptions): PortalApp {
  const app = opts.app ?? new App();
  const stage = stageSettings(opts.stage);
  const context = deployContext(app, stage);
  const prefix = `Portal-${stage.name}`;
  const env = opts.env ?? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
  if (!env.region || Token.isUnresolved(env.region)) {
    // Cross-region references (the web stack reads the us-east-1 WAF's ARN) need both regions known.
    throw new Error('The portal needs its region: run through the CDK CLI (it sets CDK_DEFAULT_REGION from AWS_REGION or your profile), or pass env.region.');
  }
  const common: StackProps = {
    // Account/region from the CLI's credentials (the account may stay unknown offline).
    env: { account: env.account, region: env.region },
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
    email: context.emailFrom ? { from: context.emailFrom, sesRegion: stringContext(app, 'sesRegion') } : undefined,
  });

  // what route and job functions may be granted (lambdas/routes.ts Grant)
  const resources = {
    table: data.table,
    bucket: data.documentsBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    stripeSecret: data.stripeSecret,
    email: notifyEmail(stage, context),
  };

  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    description: `Portal ${stage.name}: HTTP API, one Lambda per route`,
    stage,
    resources,
    customDomain: customDomain(app, 'api'),
  });

  const jobs = new JobsStack(app, `${prefix}-Jobs`, {
    ...common,
    description: `Portal ${stage.name}: scheduled and queued jobs, one Lambda per row of the jobs table`,
    stage,
    resources,
  });
  // the import route sends to a queue of the jobs stack by its fixed name: the queue must exist first
  api.addDependency(jobs);
  if (context.emailFrom && !resources.email) {
    // Info, not a warning (cdk-nag's report fails the synth on warnings); prod refuses this in deployContext
    Annotations.of(jobs).addInfoV2('portal:notifications-in-app-only', 'No -c portalUrl=https://... (or -c domainName=...): notifications send no email, they stay in-app.');
  }

  const waf = new WafStack(app, `${prefix}-Waf`, {
    ...common,
    env: { account: env.account, region: WAF_REGION },
    description: `Portal ${stage.name}: WAF web ACL of the distribution (CloudFront scope, so us-east-1)`,
    stage,
  });

  const web = new WebStack(app, `${prefix}-Web`, {
    ...common,
    description: `Portal ${stage.name}: CloudFront, SPA bucket, runtime config`,
    stage,
    webAssetPath: opts.webAssetPath,
    api: api.api,
    apiCustomDomain: api.customDomainName,
    webAclArn: waf.webAcl.attrArn,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    logsBucket: data.logsBucket,
    // A Stripe *publishable* key is public by design (it ships to every browser).
    stripePublishableKey: context.stripePublishableKey,
    customDomain: customDomain(app, 'web'),
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
    deadLetterQueues: jobs.deadLetterQueues,
    alarmEmail: context.alarmEmail,
  });

  Tags.of(app).add('project', 'portal');
  Tags.of(app).add('stage', stage.name);
  // cdk-nag 3 is a validation plugin: any unacknowledged finding (warning or error) fails the synth.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

  return { app, data, auth, api, jobs, web, ops, waf };
}

/** The publishable key a stage without one ships: a test key that can take no payment. */
export const PLACEHOLDER_PUBLISHABLE_KEY = 'pk_test_placeholder';
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PUBLISHABLE_KEY = /^pk_(live|test)_[A-Za-z0-9]+$/;
const PORTAL_URL = /^https:\/\/[a-z0-9.-]+(:\d+)?$/i;

/**
 * The context a stage needs, checked before any stack exists. A stage with `requireProductionContext`
 * refuses to synthesize half configured: alarms that reach no one, Cognito's 50-emails-a-day sender, or
 * a Stripe key that cannot take real money. Every problem is listed with the `-c key=value` that fixes it.
 */
export function deployContext(app: App, stage: StageSettings) {
  const strict = stage.requireProductionContext;
  const problems: string[] = [];
  const email = (key: string, example: string, why: string) => {
    const value = stringContext(app, key);
    if (value === undefined && strict) problems.push(`-c ${key}=${example} is required: ${why}`);
    if (value !== undefined && !EMAIL.test(value)) problems.push(`-c ${key}=${value} is not an email address (e.g. ${example})`);
    return value;
  };
  const alarmEmail = email('alarmEmail', 'ops@school.edu', 'without a subscriber no alarm reaches anyone');
  const emailFrom = email('emailFrom', 'noreply@school.edu', "Cognito's own sender allows 50 emails a day (the domain must be verified in SES)");
  const portalUrl = portalUrlContext(app, problems);
  if (strict && emailFrom && !portalUrl) {
    problems.push('-c portalUrl=https://portal.school.edu (or a custom domain, -c domainName=...) is required: notification emails link to the portal');
  }

  const allowTestKeys = booleanContext(app, 'allowTestKeys');
  const key = stringContext(app, 'stripePublishableKey');
  if (key !== undefined && !PUBLISHABLE_KEY.test(key)) {
    problems.push(`-c stripePublishableKey=${key} is not a Stripe publishable key (pk_live_... or pk_test_...)`);
  } else if (strict && (key === undefined || key === PLACEHOLDER_PUBLISHABLE_KEY)) {
    problems.push('-c stripePublishableKey=pk_live_... is required: the placeholder key takes no payment');
  } else if (strict && key !== undefined && key.startsWith('pk_test_') && !allowTestKeys) {
    problems.push(`-c stripePublishableKey=${key} is a test key: pass a pk_live_ key, or -c allowTestKeys=true for a staging ${stage.name}`);
  }
  if (problems.length > 0) throw new Error(`Stage ${stage.name} cannot be synthesized:\n  - ${problems.join('\n  - ')}`);
  return { alarmEmail, emailFrom, portalUrl, stripePublishableKey: key ?? PLACEHOLDER_PUBLISHABLE_KEY };
}

/**
 * Where emails link to: `-c portalUrl`, else the custom domain. The CloudFront domain cannot be used: the web stack
 * comes after the jobs and API stacks that send the emails (web -> api -> jobs), so reading it would be a cycle.
 */
function portalUrlContext(app: App, problems: string[]): string | undefined {
  const explicit = stringContext(app, 'portalUrl')?.replace(/\/+$/, '');
  if (explicit !== undefined && !PORTAL_URL.test(explicit)) problems.push(`-c portalUrl=${explicit} is not an https origin (e.g. https://portal.school.edu)`);
  const domainName = stringContext(app, 'domainName');
  return explicit ?? (domainName ? `https://${domainName}` : undefined);
}

/** Notifications send email with a sender and an address to link to; without either they stay in-app. */
function notifyEmail(stage: StageSettings, context: ReturnType<typeof deployContext>): NotifyEmail | undefined {
  if (!context.emailFrom || !context.portalUrl) return undefined;
  return { fromAddress: context.emailFrom, configurationSetName: configurationSetName(stage.name), portalUrl: context.portalUrl };
}

function stringContext(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string, got ${JSON.stringify(value)}`);
  return value;
}

/** `-c key=true` arrives as a string, cdk.json may hold a boolean. */
function booleanContext(app: App, key: string): boolean {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new Error(`Context ${key} must be true or false, got ${JSON.stringify(value)}`);
}

/** Accepts a JSON array (cdk.json) or a comma-separated string (`-c key=a,b`). */
function listContext(app: App, key: string): string[] | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  const list = Array.isArray(value) ? value : String(value).split(',');
  const cleaned = list.map((item) => String(item).trim()).filter(Boolean);
  return cleaned.length > 0 ? cleaned : undefined;
}

/** The context keys of the portal's (CloudFront's) and the API's own hostnames and certificates, and how to give them. */
const DOMAIN_CONTEXT = {
  web: {
    domainName: 'domainName',
    certificateArn: 'certificateArn',
    hint: 'Custom domain needs both context values: -c domainName=portal.example.edu -c certificateArn=arn:aws:acm:us-east-1:...',
  },
  api: {
    domainName: 'apiDomainName',
    certificateArn: 'apiCertificateArn',
    hint: "The API's custom domain needs both context values: -c apiDomainName=api.portal.example.edu -c apiCertificateArn=arn:aws:acm:<the portal's region>:...",
  },
};

/** A custom hostname and its certificate: both context values given, or neither (none). */
function customDomain(app: App, which: keyof typeof DOMAIN_CONTEXT): { domainName: string; certificateArn: string } | undefined {
  const keys = DOMAIN_CONTEXT[which];
  const domainName = stringContext(app, keys.domainName);
  const certificateArn = stringContext(app, keys.certificateArn);
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) throw new Error(keys.hint);
  return { domainName, certificateArn };
}
