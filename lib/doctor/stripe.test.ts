import { describe, expect, it } from 'vitest';
import { parseStripeEvent } from '../../lambdas/store/stripe-events.js';
import {
  isPlaceholderKey,
  judgeRuntimeConfig,
  judgeStripeSecret,
  judgeWebhookEndpoints,
  keyMode,
  maskKey,
  OPTIONAL_WEBHOOK_EVENTS,
  publishableKeyOf,
  REQUIRED_WEBHOOK_EVENTS,
  webhookUrlFor,
  type WebhookEndpointInfo,
} from './stripe.js';

// shaped like Stripe's keys (prefix + a long random part), valid nowhere
const LIVE_SK = `sk_live_${'51HxYz'.repeat(8)}`;
const TEST_SK = `sk_test_${'51HxYz'.repeat(8)}`;
const LIVE_RK = `rk_live_${'51HxYz'.repeat(8)}`;
const LIVE_PK = `pk_live_${'51HxYz'.repeat(8)}Ab12`;
const TEST_PK = `pk_test_${'51HxYz'.repeat(8)}Cd34`;
const WHSEC = `whsec_${'a1B2'.repeat(8)}`;
const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:StripeSecret-AbC123';
const secret = (value: object) => JSON.stringify(value);

describe('Stripe keys', () => {
  it('reads the mode of secret, restricted and publishable keys', () => {
    expect([keyMode(LIVE_SK), keyMode(TEST_SK), keyMode(LIVE_RK), keyMode(LIVE_PK), keyMode(TEST_PK)]).toEqual(['live', 'test', 'live', 'live', 'test']);
    expect(keyMode('whsec_abc')).toBeNull();
    expect(keyMode(undefined)).toBeNull();
  });

  it('knows the values the stacks start with are placeholders (lib/stacks/data-stack.ts, lib/app.ts), and random local keys are not', () => {
    expect(isPlaceholderKey('sk_test_replace_me')).toBe(true);
    expect(isPlaceholderKey('pk_test_placeholder')).toBe(true);
    expect(isPlaceholderKey('sk_live_xxxxxxxxxxxxxxxxxxxxxxxx')).toBe(true);
    expect(isPlaceholderKey('sk_live_')).toBe(true);
    expect(isPlaceholderKey('')).toBe(true);
    expect(isPlaceholderKey(LIVE_SK)).toBe(false);
    expect(isPlaceholderKey('sk_test_2vB0cQqzP1m5l0T9wYy3rXn8kHsJdFgA')).toBe(false); // lib/local/stripe-keys.ts shape
  });

  it("shows a publishable key's last characters, never any of a secret", () => {
    expect(maskKey(LIVE_PK, false)).toBe('pk_live_…Ab12');
    expect(maskKey(LIVE_SK, true)).toBe('sk_live_…');
    expect(maskKey(WHSEC, true)).toBe('whsec_…');
  });
});

describe('runtime config', () => {
  const url = 'https://d1.cloudfront.net/config.json';
  const body = (publishableKey: string) =>
    JSON.stringify({ stage: 'prod', apiBase: '', region: 'eu-west-1', userPoolId: 'p', userPoolClientId: 'c', payments: { mode: 'stripe', publishableKey } });

  it('passes a config with a real publishable key and says its mode', () => {
    expect(judgeRuntimeConfig(200, body(LIVE_PK), url, 'deploy')).toMatchObject({ status: 'pass', found: expect.stringMatching(/pk_live_…Ab12 \(live mode\)/) });
    expect(publishableKeyOf(body(LIVE_PK))).toBe(LIVE_PK);
    expect(publishableKeyOf('<html>')).toBeUndefined();
  });

  it('fails the shipped placeholder, a missing file and a non-JSON answer', () => {
    expect(judgeRuntimeConfig(200, body('pk_test_placeholder'), url, 'deploy')).toMatchObject({ status: 'fail', fix: expect.stringMatching(/-c stripePublishableKey=pk_live_/) });
    expect(judgeRuntimeConfig(403, '<Error>AccessDenied</Error>', url, 'deploy it')).toMatchObject({ status: 'fail', found: `${url} answered 403`, fix: 'deploy it' });
    expect(judgeRuntimeConfig(200, '<!doctype html>', url, 'deploy').status).toBe('fail');
  });
});

describe('the Stripe secret', () => {
  it("passes a real key and signing secret in the publishable key's mode, printing neither", () => {
    const result = judgeStripeSecret(secret({ secretKey: LIVE_SK, webhookSecret: WHSEC }), LIVE_PK, ARN);
    expect(result).toMatchObject({ status: 'pass', found: 'sk_live_… and whsec_… set, live mode like the publishable key' });
    expect(JSON.stringify(result)).not.toContain(LIVE_SK.slice(8));
    expect(judgeStripeSecret(secret({ secretKey: LIVE_RK, webhookSecret: WHSEC }), LIVE_PK, ARN).status).toBe('pass');
  });

  it('fails the secret as the data stack creates it: a placeholder key and a generated webhook secret', () => {
    const asDeployed = secret({ secretKey: 'sk_test_replace_me', webhookSecret: 'Qx7!generated-by-secrets-manager' });
    const result = judgeStripeSecret(asDeployed, LIVE_PK, ARN);
    expect(result).toMatchObject({ status: 'fail', found: expect.stringMatching(/placeholder/) });
    expect(result.fix).toContain(`aws secretsmanager put-secret-value --secret-id ${ARN}`);
    expect(judgeStripeSecret(secret({ secretKey: LIVE_SK, webhookSecret: 'Qx7!generated' }), LIVE_PK, ARN)).toMatchObject({
      status: 'fail',
      found: expect.stringMatching(/webhookSecret is the generated placeholder/),
    });
  });

  it('fails keys of different modes, naming both ways out', () => {
    const result = judgeStripeSecret(secret({ secretKey: TEST_SK, webhookSecret: WHSEC }), LIVE_PK, ARN);
    expect(result).toMatchObject({ status: 'fail', found: 'the secret key is test mode but the publishable key is live mode: no payment can work' });
    expect(result.fix).toMatch(/store the live secret key .* or deploy with the test publishable key/);
  });

  it('fails a publishable key stored as the secret key, a missing key and a non-JSON secret', () => {
    expect(judgeStripeSecret(secret({ secretKey: LIVE_PK, webhookSecret: WHSEC }), LIVE_PK, ARN).found).toMatch(/publishable key/);
    expect(judgeStripeSecret(secret({ webhookSecret: WHSEC }), LIVE_PK, ARN).found).toBe('secretKey is missing');
    expect(judgeStripeSecret('sk_live_abc', LIVE_PK, ARN).found).toBe('the secret is not JSON');
  });

  it('skips the mode comparison when there is no publishable key to compare with', () => {
    expect(judgeStripeSecret(secret({ secretKey: LIVE_SK, webhookSecret: WHSEC }), undefined, ARN).status).toBe('skip');
  });
});

describe('the Stripe webhook endpoint', () => {
  const expected = webhookUrlFor('https://portal.school.edu');
  const endpoint = (over: Partial<WebhookEndpointInfo> = {}): WebhookEndpointInfo => ({
    id: 'we_1',
    url: expected,
    status: 'enabled',
    enabled_events: [...REQUIRED_WEBHOOK_EVENTS],
    ...over,
  });

  it('asks for events the webhook really applies (lambdas/store/stripe-events.ts), not ones it ignores', () => {
    for (const type of [...REQUIRED_WEBHOOK_EVENTS, ...OPTIONAL_WEBHOOK_EVENTS]) {
      const parsed = parseStripeEvent({ id: 'evt_1', type, created: 1, data: { object: {} } });
      // a handled type is judged on its object (here: a problem), an unhandled one would be 'ignored'
      expect(parsed.ok ? parsed.fact.kind : 'handled').not.toBe('ignored');
    }
    expect(expected).toBe('https://portal.school.edu/api/payments/webhook');
  });

  it("passes an enabled endpoint for the portal's URL with the three events, or with all events", () => {
    expect(judgeWebhookEndpoints([endpoint()], expected, 'live')).toMatchObject({
      status: 'pass',
      found: expect.stringMatching(/^we_1 at .*, enabled, sends payment_intent.succeeded/),
    });
    expect(judgeWebhookEndpoints([endpoint({ enabled_events: ['*'] })], expected, 'live').found).toMatch(/all events/);
    // a trailing slash and the host's case do not make another endpoint (CloudFront strips the slash)
    expect(judgeWebhookEndpoints([endpoint({ url: 'https://Portal.School.edu/api/payments/webhook/' })], expected, 'live').status).toBe('pass');
  });

  it('fails when no endpoint has the URL (the doubled https:// of the old README included), naming what is registered', () => {
    const doubled = endpoint({ url: 'https://https://portal.school.edu/api/payments/webhook' });
    const result = judgeWebhookEndpoints([doubled], expected, 'live');
    expect(result).toMatchObject({
      status: 'fail',
      found: expect.stringMatching(/no live-mode endpoint for https:\/\/portal.school.edu\/api\/payments\/webhook \(only https:\/\/https:\/\//),
    });
    expect(result.fix).toMatch(
      /Add endpoint: URL https:\/\/portal.school.edu\/api\/payments\/webhook, events payment_intent.succeeded, payment_intent.payment_failed, charge.refunded/,
    );
    expect(judgeWebhookEndpoints([], expected, 'test').found).toMatch(/none registered/);
  });

  it('fails a disabled endpoint and one missing an event, naming the event', () => {
    expect(judgeWebhookEndpoints([endpoint({ status: 'disabled' })], expected, 'live')).toMatchObject({ status: 'fail', found: expect.stringMatching(/is disabled/) });
    const partial = judgeWebhookEndpoints([endpoint({ enabled_events: ['payment_intent.succeeded'] })], expected, 'live');
    expect(partial).toMatchObject({ status: 'fail', found: expect.stringMatching(/does not send payment_intent.payment_failed, charge.refunded/) });
  });

  it('passes when one of several endpoints for the URL is right', () => {
    const result = judgeWebhookEndpoints([endpoint({ id: 'we_old', status: 'disabled' }), endpoint({ id: 'we_new' })], expected, 'live');
    expect(result).toMatchObject({ status: 'pass', found: expect.stringMatching(/^we_new/) });
  });
});
