/**
 * `npm run doctor -- --local`: the checks that mean something on the stack `npm start` runs
 * (bin/local.ts, lib/local/stack.ts), and the AWS-only ones printed as skipped. The Stripe sandbox's
 * keys are the data directory's (`stripe-keys.json`, lib/local/stripe-keys.ts): the doctor reads that
 * file, never creates it, so a wrong --data-dir is reported instead of papered over with new keys.
 */
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import type { LocalStripeKeys } from '../local/stripe-keys.js';
import { describeError, fail, pass, skip, type CheckResult } from './check.js';
import { checkRuntimeConfig, checkUnauthenticated, get, type HttpAnswer } from './http.js';
import { keyMode, maskKey, publishableKeyOf, WEBHOOK_PATH } from './stripe.js';

export const KEYS_FILE = 'stripe-keys.json';
/** Where lib/local/stripe-sandbox/server.ts is mounted on the gateway. */
const SANDBOX = '/local/stripe';

/** The checks that need AWS, in the order a cloud run prints them (cloud.ts). */
export const AWS_ONLY_CHECKS = [
  'Stripe secret',
  'Stripe webhook endpoint',
  'Alarm topic subscribers',
  'Alarm topic policy',
  'Test alarm',
  'SES identity',
  'SES production access',
  'WAF on the distribution',
  'Lambda concurrency quota',
] as const;

export const awsOnlySkips = (): CheckResult[] => AWS_ONLY_CHECKS.map((name) => skip(name, '(AWS only)'));

export function readKeysFile(dataDir: string): LocalStripeKeys | null {
  try {
    const keys = JSON.parse(fs.readFileSync(path.join(dataDir, KEYS_FILE), 'utf8')) as Partial<LocalStripeKeys>;
    return keys.secretKey && keys.publishableKey && keys.webhookSecret ? (keys as LocalStripeKeys) : null;
  } catch {
    return null;
  }
}

const KEYS = 'Stripe sandbox keys';
const dataDirFix = (dataDir: string) =>
  `give the data directory this stack was started on: --data-dir <dir> (npm start uses PORTAL_DATA_DIR, else .data; this run read ${dataDir})`;

/**
 * The sandbox answers the secret key of the data directory (so handlers, which get the same keys from
 * the environment the stack sets, can call it), config.json serves that directory's publishable key,
 * and both are in the same mode.
 */
export function judgeSandboxKeys(input: {
  dataDir: string;
  keys: LocalStripeKeys | null;
  sandbox: HttpAnswer | { error: string };
  publishableKey: string | undefined;
}): CheckResult {
  const { dataDir, keys, sandbox, publishableKey } = input;
  const file = path.join(dataDir, KEYS_FILE);
  if (!keys) return fail(KEYS, `no readable ${file}`, dataDirFix(dataDir));
  if ('error' in sandbox) return fail(KEYS, `the sandbox did not answer: ${sandbox.error}`, 'start the local stack (npm start) or give --url where it runs');
  if (sandbox.status === 401) return fail(KEYS, `the sandbox refuses the secret key of ${file}: the stack runs on another data directory`, dataDirFix(dataDir));
  if (sandbox.status !== 200) return fail(KEYS, `the sandbox answered ${sandbox.status} to GET /v1/events`, "is this the portal's local stack? start it with npm start");
  if (publishableKey !== keys.publishableKey) {
    return fail(
      KEYS,
      `config.json serves ${publishableKey ? maskKey(publishableKey, false) : 'no publishable key'}, not ${file}'s ${maskKey(keys.publishableKey, false)}`,
      dataDirFix(dataDir),
    );
  }
  const secretMode = keyMode(keys.secretKey);
  const publishableMode = keyMode(publishableKey);
  if (!secretMode || secretMode !== publishableMode) {
    return fail(
      KEYS,
      `the secret key is ${secretMode ?? 'of no'} mode, the publishable key ${publishableMode ?? 'of no'} mode`,
      `npm run reset, then npm start (new keys for a new data directory)`,
    );
  }
  return pass(
    KEYS,
    `the sandbox accepts the secret key of ${file} (${maskKey(keys.secretKey, true)}), ${secretMode} mode like config.json's ${maskKey(keys.publishableKey, false)}`,
  );
}

/** The sandbox's delivery record of one event (lib/local/stripe-sandbox/state.ts DeliveryRecord). */
export interface DeliveryInfo {
  readonly event: string;
  readonly type: string;
  readonly dropped: boolean;
  readonly delivered: boolean;
  readonly gaveUp: boolean;
  readonly attempts: ReadonlyArray<{ readonly error: string | null }>;
}

const WEBHOOK = 'Stripe sandbox webhook';

/**
 * Two facts: the gateway's webhook accepts an event signed with the data directory's webhook secret
 * (what the sandbox signs with), and the sandbox's deliveries reach it. The sandbox always posts to
 * the gateway's own port (lib/local/stack.ts), so if it delivered nothing of what it finished, the
 * gateway is not where it posts. A single failure among deliveries is an event our handler refused,
 * not a wrong target: it is shown, not failed.
 */
export function judgeLocalWebhook(input: {
  webhookUrl: string;
  dataDir: string;
  ping: HttpAnswer | { error: string };
  deliveries: readonly DeliveryInfo[] | { error: string };
}): CheckResult {
  const { webhookUrl, dataDir, ping, deliveries } = input;
  if ('error' in ping) return fail(WEBHOOK, `POST ${webhookUrl}: ${ping.error}`, 'start the local stack (npm start) or give --url where it runs');
  if (ping.status !== 200) {
    return fail(
      WEBHOOK,
      `POST ${webhookUrl} with an event signed by ${path.join(dataDir, KEYS_FILE)}'s webhook secret → ${ping.status} ${ping.body.slice(0, 80)}`,
      dataDirFix(dataDir),
    );
  }
  if ('error' in deliveries) return fail(WEBHOOK, `the sandbox's delivery records: ${deliveries.error}`, 'start the local stack (npm start) or give --url where it runs');
  const finished = deliveries.filter((d) => !d.dropped && (d.delivered || d.gaveUp));
  const delivered = finished.filter((d) => d.delivered).length;
  const gaveUp = finished.filter((d) => d.gaveUp);
  const lastError = (d: DeliveryInfo) => d.attempts.at(-1)?.error ?? 'no attempt recorded';
  if (finished.length > 0 && delivered === 0) {
    return fail(
      WEBHOOK,
      `the sandbox delivered none of its last ${finished.length} events (latest: ${lastError(gaveUp[0])})`,
      'the sandbox posts to http://127.0.0.1:<gateway port>/api/payments/webhook: start the gateway on loopback (HOST unset or 0.0.0.0) and read the [portal] log',
    );
  }
  const record =
    finished.length === 0
      ? 'no events delivered yet'
      : `the sandbox delivered ${delivered} of its last ${finished.length} events${gaveUp.length > 0 ? `; ${gaveUp.length} gave up (latest: ${lastError(gaveUp[0])})` : ''}`;
  return pass(WEBHOOK, `${webhookUrl} accepts events signed with the data directory's webhook secret; ${record}`);
}

/**
 * An event of a type the portal does not handle, signed as the sandbox signs: the webhook acknowledges
 * it (200, outcome "ignored") and records nothing (lambdas/store/stripe-events.ts).
 */
export function doctorPingEvent(nowSeconds: number): string {
  return JSON.stringify({ id: `evt_doctor_${nowSeconds}`, object: 'event', type: 'portal.doctor.ping', created: nowSeconds, livemode: false, data: { object: {} } });
}

const errorOf = (error: unknown) => ({ error: describeError(error) });

export interface LocalOptions {
  readonly url: string;
  readonly dataDir: string;
}

/** Runs the local checks in order, handing each result to `report` as soon as it is known. */
export async function runLocalChecks(opts: LocalOptions, report: (result: CheckResult) => void): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const add = (result: CheckResult) => {
    results.push(result);
    report(result);
  };
  const { result: config, body } = await checkRuntimeConfig(opts.url, `start the local stack (npm start) or give --url where it runs (this run tried ${opts.url})`);
  add(config);
  if (body === undefined) {
    for (const name of [KEYS, WEBHOOK, 'API refuses calls without a token']) add(skip(name, 'the local stack did not answer (see above)'));
  } else {
    const keys = readKeysFile(opts.dataDir);
    const auth = keys ? { authorization: `Bearer ${keys.secretKey}` } : undefined;
    const sandbox = keys ? await get(`${opts.url}${SANDBOX}/v1/events?limit=1`, { headers: auth }).catch(errorOf) : { error: 'no keys' };
    const keysResult = judgeSandboxKeys({ dataDir: opts.dataDir, keys, sandbox, publishableKey: publishableKeyOf(body) });
    add(keysResult);

    if (!keys || keysResult.status !== 'pass') {
      add(skip(WEBHOOK, "needs the data directory's keys (see above)"));
    } else {
      const webhookUrl = `${opts.url}${WEBHOOK_PATH}`;
      const payload = doctorPingEvent(Math.floor(Date.now() / 1000));
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: keys.webhookSecret });
      const ping = await get(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload }).catch(errorOf);
      const deliveries = await get(`${opts.url}${SANDBOX}/__control/deliveries`, { headers: auth })
        .then((answer) => (answer.status === 200 ? (JSON.parse(answer.body) as { data: DeliveryInfo[] }).data : { error: `${answer.status} ${answer.body.slice(0, 80)}` }))
        .catch(errorOf);
      add(judgeLocalWebhook({ webhookUrl, dataDir: opts.dataDir, ping, deliveries }));
    }
    add(await checkUnauthenticated(opts.url));
  }
  for (const result of awsOnlySkips()) add(result);
  return results;
}
