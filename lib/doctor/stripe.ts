/**
 * Judging Stripe's configuration: the publishable key in the SPA's config.json, the secret key and
 * webhook signing secret in Secrets Manager (lambdas/store/stripe-secrets.ts reads the same JSON), and
 * the webhook endpoint registered at Stripe. Pure functions over plain data; the calls are in cloud.ts
 * and local.ts.
 */
import type { RuntimeConfig } from '../../lambdas/contract/runtime-config.js';
import { fail, pass, skip, type CheckResult } from './check.js';

export type KeyMode = 'live' | 'test';

/**
 * A Stripe key's mode from its prefix: `sk_` secret, `rk_` restricted (only the permissions
 * given to it, https://docs.stripe.com/keys/restricted-api-keys), `pk_` publishable.
 */
export function keyMode(key: string | undefined): KeyMode | null {
  const mode = /^(?:sk|rk|pk)_(live|test)_/.exec(key ?? '')?.[1];
  return mode === 'live' || mode === 'test' ? mode : null;
}

/**
 * The values the stacks start with (`sk_test_replace_me`, `pk_test_placeholder`) and anything else
 * that cannot be a key Stripe issued: Stripe's keys carry at least 24 characters after the prefix.
 */
export function isPlaceholderKey(key: string | undefined): boolean {
  if (!key) return true;
  const body = key.replace(/^(?:sk|rk|pk)_(?:live|test)_/, '');
  return body === key || body.length < 20 || /replace|placeholder|example|changeme|your[_-]?key|x{6,}/i.test(body);
}

/** Enough of a key to recognise it, never enough to use it: `pk_live_…a1b2`, secrets only by prefix. */
export function maskKey(key: string, secret: boolean): string {
  const prefix = /^[a-z]+_(?:live_|test_)?/.exec(key)?.[0] ?? '';
  return secret || key.length < prefix.length + 8 ? `${prefix}…` : `${prefix}…${key.slice(-4)}`;
}

const CONFIG = 'Runtime config';

/** config.json as the SPA loads it: present, parseable, and with a real publishable key. */
export function judgeRuntimeConfig(status: number, body: string, url: string, deployFix: string): CheckResult {
  if (status !== 200) return fail(CONFIG, `${url} answered ${status}`, deployFix);
  let config: Partial<RuntimeConfig>;
  try {
    config = JSON.parse(body) as Partial<RuntimeConfig>;
  } catch {
    return fail(CONFIG, `${url} is not JSON (${body.slice(0, 40)}…)`, deployFix);
  }
  const key = config.payments?.publishableKey;
  if (!key || !keyMode(key) || isPlaceholderKey(key)) {
    return fail(
      CONFIG,
      `${url}: the Stripe publishable key is ${key ? `a placeholder (${key})` : 'missing'}`,
      'deploy with -c stripePublishableKey=pk_live_… (or pk_test_… for a test stage), the key from Stripe dashboard → Developers → API keys',
    );
  }
  return pass(CONFIG, `${url}: stage ${config.stage}, payments ${config.payments?.mode}, publishable key ${maskKey(key, false)} (${keyMode(key)} mode)`);
}

/** The publishable key of a config.json body, if it has one. */
export function publishableKeyOf(body: string): string | undefined {
  try {
    const key = (JSON.parse(body) as Partial<RuntimeConfig>).payments?.publishableKey;
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

const SECRET = 'Stripe secret';

/**
 * The Secrets Manager secret: JSON with a real secret key and Stripe's webhook signing secret, the key
 * in the same mode as the publishable key (a test key with a live publishable key takes no payment).
 */
export function judgeStripeSecret(secretString: string | undefined, publishableKey: string | undefined, secretArn: string): CheckResult {
  const put = `aws secretsmanager put-secret-value --secret-id ${secretArn} --secret-string '{"secretKey":"sk_…","webhookSecret":"whsec_…"}' (both from the Stripe dashboard: Developers → API keys, and the webhook endpoint's signing secret)`;
  let parsed: { secretKey?: unknown; webhookSecret?: unknown };
  try {
    parsed = JSON.parse(secretString ?? '') as typeof parsed;
  } catch {
    return fail(SECRET, 'the secret is not JSON', put);
  }
  const secretKey = typeof parsed.secretKey === 'string' ? parsed.secretKey : undefined;
  const webhookSecret = typeof parsed.webhookSecret === 'string' ? parsed.webhookSecret : undefined;
  const mode = keyMode(secretKey);
  if (!secretKey || isPlaceholderKey(secretKey) || !mode) {
    return fail(SECRET, `secretKey is ${secretKey ? `a placeholder (${secretKey.startsWith('pk_') ? 'a publishable key' : maskKey(secretKey, true)})` : 'missing'}`, put);
  }
  if (secretKey.startsWith('pk_')) return fail(SECRET, 'secretKey holds a publishable key (pk_…), not a secret key', put);
  // The data stack generates a random webhookSecret so the secret exists; Stripe's start with whsec_.
  if (!webhookSecret?.startsWith('whsec_')) {
    return fail(SECRET, `webhookSecret is ${webhookSecret ? "the generated placeholder, not Stripe's signing secret (whsec_…)" : 'missing'}`, put);
  }
  const publishableMode = keyMode(publishableKey);
  if (!publishableMode) return skip(SECRET, `${maskKey(secretKey, true)} and whsec_… set; mode not compared: no publishable key (see Runtime config)`);
  if (publishableMode !== mode) {
    return fail(
      SECRET,
      `the secret key is ${mode} mode but the publishable key is ${publishableMode} mode: no payment can work`,
      `store the ${publishableMode} secret key (${put}) or deploy with the ${mode} publishable key (-c stripePublishableKey=pk_${mode}_…)`,
    );
  }
  return pass(SECRET, `${maskKey(secretKey, true)} and whsec_… set, ${mode} mode like the publishable key`);
}

/**
 * The events the portal needs Stripe to send (README "Stripe webhook"): a payment that succeeded or
 * failed, and a refund. lambdas/store/stripe-events.ts also applies payment_intent.processing and
 * payment_intent.canceled, which only refine a status the reconciliation job reads back anyway.
 */
export const REQUIRED_WEBHOOK_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded'] as const;
export const OPTIONAL_WEBHOOK_EVENTS = ['payment_intent.processing', 'payment_intent.canceled'] as const;

export const WEBHOOK_PATH = '/api/payments/webhook';
export const webhookUrlFor = (origin: string) => `${origin.replace(/\/+$/, '')}${WEBHOOK_PATH}`;

/** A webhook endpoint as Stripe's GET /v1/webhook_endpoints lists it (https://docs.stripe.com/api/webhook_endpoints/object). */
export interface WebhookEndpointInfo {
  readonly id: string;
  readonly url: string;
  readonly status: string;
  readonly enabled_events: readonly string[];
}

/** Same endpoint: scheme and host case-insensitive, a trailing slash ignored (CloudFront strips it, web-stack.ts). */
function sameUrl(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const url = new URL(u);
      return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`.toLowerCase();
    } catch {
      return u.trim().replace(/\/+$/, '').toLowerCase();
    }
  };
  return norm(a) === norm(b);
}

const WEBHOOK = 'Stripe webhook endpoint';

export function judgeWebhookEndpoints(endpoints: readonly WebhookEndpointInfo[], expectedUrl: string, mode: KeyMode): CheckResult {
  const events = REQUIRED_WEBHOOK_EVENTS.join(', ');
  const add = `Stripe dashboard (${mode} mode) → Developers → Webhooks → Add endpoint: URL ${expectedUrl}, events ${events}; then store its signing secret (whsec_…) as webhookSecret in the Stripe secret`;
  const matching = endpoints.filter((e) => sameUrl(e.url, expectedUrl));
  if (matching.length === 0) {
    const others = endpoints.length === 0 ? 'none registered' : `only ${endpoints.map((e) => e.url).join(', ')}`;
    return fail(WEBHOOK, `no ${mode}-mode endpoint for ${expectedUrl} (${others})`, add);
  }
  const judged = matching.map((e) => {
    const all = e.enabled_events.includes('*');
    const missing = all ? [] : REQUIRED_WEBHOOK_EVENTS.filter((t) => !e.enabled_events.includes(t));
    return { e, missing, enabled: e.status === 'enabled' };
  });
  const good = judged.find((j) => j.enabled && j.missing.length === 0);
  if (good) {
    const which = good.e.enabled_events.includes('*') ? 'all events' : events;
    const extra = matching.length > 1 ? ` (${matching.length} endpoints share this URL: each delivers every event once, the ledger applies it once)` : '';
    return pass(WEBHOOK, `${good.e.id} at ${good.e.url}, enabled, sends ${which}${extra}`);
  }
  const first = judged[0];
  if (!first.enabled) {
    return fail(WEBHOOK, `${first.e.id} at ${first.e.url} is ${first.e.status}`, `Stripe dashboard → Developers → Webhooks → ${first.e.id} → Enable`);
  }
  return fail(
    WEBHOOK,
    `${first.e.id} at ${first.e.url} does not send ${first.missing.join(', ')}`,
    `Stripe dashboard → Developers → Webhooks → ${first.e.id} → Update details → add ${first.missing.join(', ')}`,
  );
}
