/**
 * Where the stand-ins listen, and the environment the Lambda handlers get locally. Handlers use the
 * SDK's service-specific endpoint variables (AWS_ENDPOINT_URL_<SERVICE>), so their code is the cloud's.
 */
import { cognitoIssuerDomain } from './cognito-local.js';
import type { LocalCredentials } from './local-credentials.js';
import { MFA_EXEMPT_DEMO_USERS } from './seed/demo-users.js';
import type { LocalStripeKeys } from './stripe-keys.js';
import { S3_PROXY_PREFIX } from './s3-proxy.js';

export interface LocalPorts {
  gateway: number;
  dynamodb: number;
  s3: number;
  cognito: number;
  /** The SES v2 front (ses-local.ts); aws-ses-v2-local behind it takes a free port. */
  mail: number;
}

export interface LocalEndpoints {
  dynamodb: string;
  s3: string;
  cognito: string;
  /** SES v2 (AWS_ENDPOINT_URL_SESV2); `<mail>/local/mail/store` lists what was sent, `<mail>/local/mail/bounce` bounces it. */
  mail: string;
}

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_TABLE = 'portal-local';
export const LOCAL_BUCKET = 'portal-local-documents';
/** The only SES configuration set locally: sends naming it get SES's events on the notifications-email-events queue. */
export const LOCAL_CONFIGURATION_SET = 'portal-local';
export const LOCAL_FROM_ADDRESS = 'noreply@portal.local';

export function endpointsFor(ports: LocalPorts): LocalEndpoints {
  return {
    dynamodb: `http://127.0.0.1:${ports.dynamodb}`,
    s3: `http://127.0.0.1:${ports.s3}`,
    cognito: cognitoIssuerDomain(ports.cognito),
    mail: `http://127.0.0.1:${ports.mail}`,
  };
}

/**
 * SDK client settings for talking to a stand-in directly (provisioning, seeding, tests). The key pair
 * is the data directory's (local-credentials.ts): s3rver knows only it; DynamoDB Local and
 * cognito-local accept any, so all use it.
 */
export function localClientConfig(endpoint: string, credentials: LocalCredentials) {
  return {
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
  };
}

/** The local user pool and its app client (provision.ts creates them once per data directory). */
export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * The Lambda environment, as the CDK api stack sets it in the cloud, plus the local endpoints. `portalUrl`:
 * the gateway's address for links in emails, when there is a gateway.
 */
export function handlerEnv(
  endpoints: LocalEndpoints,
  pool: PoolIds,
  gatewayPort: number,
  stripe: LocalStripeKeys,
  credentials: LocalCredentials,
  portalUrl: string | null = null,
): Record<string, string> {
  return {
    STAGE: 'local',
    TABLE_NAME: LOCAL_TABLE,
    BUCKET_NAME: LOCAL_BUCKET,
    USER_POOL_ID: pool.userPoolId,
    USER_POOL_CLIENT_ID: pool.userPoolClientId,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    // aws-ses-v2-local behind our front, which publishes SES's events (ses-local.ts)
    AWS_ENDPOINT_URL_SESV2: endpoints.mail,
    NOTIFY_FROM_ADDRESS: LOCAL_FROM_ADDRESS,
    SES_CONFIGURATION_SET: LOCAL_CONFIGURATION_SET,
    PORTAL_URL: portalUrl ?? 'http://localhost:3000',
    // s3rver serves buckets by path, not by virtual host
    S3_FORCE_PATH_STYLE: 'true',
    // presigned URLs the browser follows go through the origin the request came in on (CSP 'self'), see s3-proxy.ts
    S3_PUBLIC_PATH: S3_PROXY_PREFIX,
    // the cloud reads these from Secrets Manager (STRIPE_SECRET_ARN)
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: `http://127.0.0.1:${gatewayPort}/local/stripe`,
    // the cloud sends to SQS (QUEUE_URL_<JOB_ID>); here the local queue on the gateway's port (local-queue.ts)
    PORTAL_LOCAL_QUEUE_URL: `http://127.0.0.1:${gatewayPort}/local/queues/`,
    // no CloudWatch here to read EMF metrics; logs stay on (JSON, one line each)
    POWERTOOLS_METRICS_DISABLED: 'true',
    // local only (the CDK never sets it, and a deployed function refuses it: lambdas/sign-in/mfa-policy.ts): the
    // demo staff sign in with a password alone, as the browser tests do; every other admin, finance or staff
    // account, the demo mfa.admin included, must set up TOTP as in the cloud
    PORTAL_MFA_EXEMPT_USERS: MFA_EXEMPT_DEMO_USERS.join(','),
  };
}
