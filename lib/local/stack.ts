/**
 * Boots the local stack: DynamoDB Local, s3rver, cognito-local, aws-ses-v2-local, provisioning, demo
 * data and the gateway. Used by `npm start` (bin/local.ts) and by the test setups (on free ports, in a temp dir).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import type { RuntimeConfig } from '../../lambdas/contract/runtime-config.js';
import { jobs, scheduleGroupName, scheduleTargetVariable } from '../../lambdas/jobs.js';
import { startCognitoLocal } from './cognito-local.js';
import { startDynamoDbLocal } from './dynamodb-local.js';
import http from 'node:http';
import { endpointsFor, handlerEnv, LOCAL_BUCKET, LOCAL_CONFIGURATION_SET, LOCAL_REGION, LOCAL_TABLE, type LocalEndpoints, type LocalPorts } from './endpoints.js';
import { localStripeKeys } from './stripe-keys.js';
import { localCredentials, type LocalCredentials } from './local-credentials.js';
import { createStripeSandbox } from './stripe-sandbox/server.js';
import { jwtVerifierFor } from './jwt-verifier.js';
import { createJobsRunner, type JobsRunner } from './jobs-runner.js';
import { createLocalQueue, QUEUES_PREFIX, type LocalQueue } from './local-queue.js';
import { createLocalStream, type LocalStream } from './local-stream.js';
import { createLocalScheduler, localFunctionArn, localSchedulerRoleArn, SCHEDULER_PREFIX, type LocalScheduler } from './local-scheduler.js';
import { freePort, stopAll, type Child } from './processes.js';
import { ensureBucket, ensureTable, ensureUserPool, type PoolIds } from './provision.js';
import { requestUrl } from './request-url.js';
import { createStackClock } from './stack-clock.js';
import { createS3Proxy } from './s3-proxy.js';
import { startS3Local } from './s3-local.js';
import { startSesLocal } from './ses-local.js';

export interface LocalStackOptions {
  dataDir: string;
  /** Fixed ports (npm start) or free ones (tests). */
  ports: Partial<LocalPorts>;
  /** Keep DynamoDB data on disk (npm start) or in memory (tests). */
  persist: boolean;
  seed: boolean;
  /** Serve the API and the SPA (npm start, browser tests); handler tests need only the stand-ins. */
  gateway: false | { webRoot: string };
  /**
   * Where the gateway listens: 127.0.0.1 unless told otherwise (HOST in bin/local.ts). The stand-ins
   * always listen on loopback only; everything reaches them through the gateway.
   */
  host?: string;
  /**
   * Run the jobs table on its schedules (npm start). Off, jobs run only when asked through
   * `POST /local/jobs/{id}/run`, which is mounted either way (tests run jobs as of the times they choose).
   */
  scheduleJobs?: boolean;
  log?: (message: string) => void;
}

export interface LocalStack {
  ports: LocalPorts;
  endpoints: LocalEndpoints;
  pool: PoolIds;
  /** The data directory's AWS key pair (local-credentials.ts): what s3rver and the S3 proxy accept. */
  credentials: LocalCredentials;
  /** The Lambda environment (also applied to this process before the gateway imports handlers). */
  env: Record<string, string>;
  url: string | null;
  stop(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
/** The name to print for a bind address: loopback and wildcards are opened as localhost. */
const browsableHost = (host: string) => (['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host);

/**
 * What the CDK tells a holder of a `schedule:<job id>` grant (lib/stacks/jobs-stack.ts), here for every oneTime row:
 * the local Scheduler's endpoint (the SDK's own variable), the group, and each target's function and role.
 */
function oneTimeScheduleEnv(gatewayPort: number): Record<string, string> {
  const targets = jobs.filter((job) => 'oneTime' in job.trigger && job.trigger.oneTime);
  return {
    AWS_ENDPOINT_URL_SCHEDULER: `http://127.0.0.1:${gatewayPort}${SCHEDULER_PREFIX}`,
    SCHEDULE_GROUP_NAME: scheduleGroupName('local'),
    ...Object.fromEntries(
      targets.map((job) => [
        scheduleTargetVariable(job.id),
        JSON.stringify({
          arn: localFunctionArn(job.id),
          roleArn: localSchedulerRoleArn(job.id),
          deadLetterArn: `arn:aws:sqs:${LOCAL_REGION}:000000000000:portal-local-${job.id}-dead-letters`,
        }),
      ]),
    ),
  };
}

export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const log = opts.log ?? (() => {});
  const ports: LocalPorts = {
    gateway: opts.ports.gateway ?? (await freePort()),
    dynamodb: opts.ports.dynamodb ?? (await freePort()),
    s3: opts.ports.s3 ?? (await freePort()),
    cognito: opts.ports.cognito ?? (await freePort()),
    mail: opts.ports.mail ?? (await freePort()),
  };
  const logDir = path.join(opts.dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const children: Child[] = [];
  let servers: Server[] = [];
  let jobsRunner: JobsRunner | null = null;
  let localQueue: LocalQueue | null = null;
  let localStream: LocalStream | null = null;
  let localScheduler: LocalScheduler | null = null;
  let stopSandbox: (() => void) | null = null;
  const stop = async () => {
    // the sandbox's settle timer first: a stopped stack must not write its state over the next one's
    stopSandbox?.();
    await jobsRunner?.stop();
    await localScheduler?.stop();
    await localStream?.stop();
    await localQueue?.stop();
    await Promise.all(
      servers.map((server) => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections(); // keep-alive connections would otherwise hold close() open
        return closed;
      }),
    );
    await stopAll(children);
  };

  try {
    // made per data directory, like the Stripe keys below: s3rver starts knowing only this pair
    const credentials = localCredentials(opts.dataDir);
    // before cognito-local starts: it stamps tokens with this clock's time
    const clock = createStackClock(opts.dataDir);
    log('starting DynamoDB Local, s3rver, cognito-local and aws-ses-v2-local...');
    const [dynamodb, s3, cognito, ses] = await Promise.all([
      startDynamoDbLocal({ port: ports.dynamodb, dbPath: opts.persist ? path.join(opts.dataDir, 'dynamodb') : undefined, logDir }),
      startS3Local({ port: ports.s3, dir: path.join(opts.dataDir, 's3'), bucket: LOCAL_BUCKET, logDir, credentials }),
      startCognitoLocal({ port: ports.cognito, dir: path.join(opts.dataDir, 'cognito'), logDir, clockFile: clock.file }),
      // SES's events go to the local queue on the gateway's port, mounted below
      startSesLocal({
        port: ports.mail,
        logDir,
        queueUrl: `http://127.0.0.1:${ports.gateway}${QUEUES_PREFIX}`,
        configurationSet: LOCAL_CONFIGURATION_SET,
        region: LOCAL_REGION,
        log,
      }),
    ]);
    children.push(dynamodb, s3, cognito, ses.child);
    const endpoints = endpointsFor(ports);
    await ensureTable(endpoints, credentials, LOCAL_TABLE);
    await ensureBucket(endpoints, credentials, LOCAL_BUCKET);
    const pool = await ensureUserPool(endpoints, credentials, opts.dataDir);
    const stripeKeys = localStripeKeys(opts.dataDir);
    const portalUrl = opts.gateway ? `http://${browsableHost(opts.host ?? LOOPBACK)}:${ports.gateway}` : null;
    const env = { ...handlerEnv(endpoints, pool, ports.gateway, stripeKeys, credentials, portalUrl), ...oneTimeScheduleEnv(ports.gateway) };
    // Handlers read their configuration at import: set it before anything imports them.
    Object.assign(process.env, env);

    if (opts.seed) {
      const { seedDemoData } = await import('./seed/index.js');
      await seedDemoData({ endpoints, credentials, pool, log });
    }

    // The Stripe sandbox, the S3 proxy and the mail viewer live on the gateway's port. Without a gateway (handler
    // tests) they get a server of their own there, and the sandbox delivers no events: those tests
    // post signed events themselves.
    const stripeSandbox = createStripeSandbox({
      dataFile: path.join(opts.dataDir, 'stripe-sandbox.json'),
      ...stripeKeys,
      webhookUrl: opts.gateway ? `http://127.0.0.1:${ports.gateway}/api/payments/webhook` : null,
      log,
      // the stack clock: moving /local/clock four days settles ACH debits (stripe-sandbox/ach.ts), checked every second
      now: () => clock.now().getTime(),
      settleEveryMs: 1_000,
    });
    stopSandbox = () => {
      stripeSandbox.stop();
      stripeSandbox.flush();
    };

    jobsRunner = createJobsRunner({ log });
    // queue rows' messages (SQS in the cloud), sent by handlers to PORTAL_LOCAL_QUEUE_URL
    localQueue = createLocalQueue({ log });
    // stream rows (the outbox's writes, read from DynamoDB Local's stream as Lambda reads the table's)
    localStream = await createLocalStream({ endpoint: endpoints.dynamodb, credentials, tableName: LOCAL_TABLE, log });
    // one-time schedules (EventBridge Scheduler's API), fired at their time by the stack clock
    localScheduler = createLocalScheduler({ groups: [scheduleGroupName('local')], now: clock.now, log });
    localScheduler.start();
    // Presigned document URLs reach s3rver through the origin each request came in on (S3_PUBLIC_PATH).
    const mounts = [
      stripeSandbox,
      createS3Proxy({ target: endpoints.s3, bucket: LOCAL_BUCKET, region: LOCAL_REGION, credentials }),
      jobsRunner.mount,
      localQueue.mount,
      localScheduler.mount,
      clock.mount,
      ses.mount,
    ];

    let url: string | null = null;
    if (!opts.gateway) {
      const sandboxServer = http.createServer(async (req, res) => {
        try {
          const url = requestUrl(req);
          if (url) for (const mount of mounts) if (await mount(req, res, url)) return;
          res.writeHead(url ? 404 : 400);
          res.end();
        } catch (error) {
          // a throw here would be an unhandled rejection, which stops the whole process
          log(`sandbox request failed: ${(error as Error).message}`);
          if (!res.headersSent) res.writeHead(500);
          res.end();
        }
      });
      await new Promise<void>((resolve) => sandboxServer.listen(ports.gateway, '127.0.0.1', resolve));
      servers = [sandboxServer];
    }
    if (opts.gateway) {
      const { startGateway } = await import('./gateway.js');
      const issuer = `${endpoints.cognito}/${pool.userPoolId}`;
      const runtimeConfig: RuntimeConfig = {
        stage: 'local',
        apiBase: '',
        region: LOCAL_REGION,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        payments: { mode: 'sandbox', publishableKey: stripeKeys.publishableKey },
      };
      servers = await startGateway({
        port: ports.gateway,
        host: opts.host ?? LOOPBACK,
        webRoot: opts.gateway.webRoot,
        runtimeConfig,
        verifyToken: jwtVerifierFor({ issuer, audience: pool.userPoolClientId, now: clock.now }),
        mounts,
      });
      url = portalUrl;
    }
    // jobs call the Stripe sandbox on the gateway's port: schedule them once it listens
    if (opts.scheduleJobs) jobsRunner.startScheduling();
    return { ports, endpoints, pool, credentials, env, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
