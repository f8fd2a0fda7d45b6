import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStripeEvent } from '../../lambdas/store/stripe-events.js';
import { routes } from '../../lambdas/routes.js';
import { judgeUnauthenticated, PROTECTED_PATH, type HttpAnswer } from './http.js';
import { AWS_ONLY_CHECKS, awsOnlySkips, doctorPingEvent, judgeLocalWebhook, judgeSandboxKeys, readKeysFile, type DeliveryInfo } from './local.js';

const keys = { secretKey: 'sk_test_2vB0cQqzP1m5l0T9wYy3rXn8kHsJdFgA', publishableKey: 'pk_test_9hG2aLq0Zx7c5VbN3mK1jR8tYw4pUe6s', webhookSecret: 'whsec_Qm3x' };
const answer = (status: number, body = '{}'): HttpAnswer => ({ status, body, headers: new Headers() });
const dataDir = '/tmp/portal-data';

describe("the data directory's keys", () => {
  it('reads stripe-keys.json without creating it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-keys-'));
    expect(readKeysFile(dir)).toBeNull();
    expect(fs.existsSync(path.join(dir, 'stripe-keys.json'))).toBe(false);
    fs.writeFileSync(path.join(dir, 'stripe-keys.json'), JSON.stringify(keys));
    expect(readKeysFile(dir)).toEqual(keys);
    fs.writeFileSync(path.join(dir, 'stripe-keys.json'), '{"secretKey":"sk_test_x"}');
    expect(readKeysFile(dir)).toBeNull();
  });
});

describe("the sandbox's keys", () => {
  const judge = (over: Partial<Parameters<typeof judgeSandboxKeys>[0]>) => judgeSandboxKeys({ dataDir, keys, sandbox: answer(200), publishableKey: keys.publishableKey, ...over });

  it("passes when the sandbox takes the directory's secret key and config.json serves its publishable key, same mode", () => {
    expect(judge({})).toMatchObject({
      status: 'pass',
      found: expect.stringMatching(/accepts the secret key of \/tmp\/portal-data\/stripe-keys.json \(sk_test_…\), test mode like config.json's pk_test_…/),
    });
  });

  it('points at --data-dir when the keys are missing, refused or not the ones config.json serves', () => {
    expect(judge({ keys: null })).toMatchObject({ status: 'fail', fix: expect.stringMatching(/--data-dir/) });
    expect(judge({ sandbox: answer(401) })).toMatchObject({ status: 'fail', found: expect.stringMatching(/another data directory/) });
    expect(judge({ publishableKey: 'pk_test_someoneelses000000000000000000' })).toMatchObject({ status: 'fail', fix: expect.stringMatching(/--data-dir/) });
    expect(judge({ sandbox: { error: 'ECONNREFUSED' } }).status).toBe('fail');
    expect(judge({ sandbox: answer(404) }).status).toBe('fail');
  });

  it('fails keys of different modes', () => {
    expect(judge({ keys: { ...keys, publishableKey: 'pk_live_9hG2aLq0Zx7c5VbN3mK1jR8tYw4pUe6s' }, publishableKey: 'pk_live_9hG2aLq0Zx7c5VbN3mK1jR8tYw4pUe6s' })).toMatchObject({
      status: 'fail',
      found: 'the secret key is test mode, the publishable key live mode',
    });
  });
});

describe("the sandbox's webhook", () => {
  const url = 'http://localhost:3000/api/payments/webhook';
  const record = (over: Partial<DeliveryInfo>): DeliveryInfo => ({
    event: 'evt_1',
    type: 'payment_intent.succeeded',
    dropped: false,
    delivered: true,
    gaveUp: false,
    attempts: [{ error: null }],
    ...over,
  });
  const judge = (over: Partial<Parameters<typeof judgeLocalWebhook>[0]>) =>
    judgeLocalWebhook({ webhookUrl: url, dataDir, ping: answer(200, '{"received":true,"outcome":"ignored"}'), deliveries: [], ...over });

  it('signs a ping the webhook acknowledges and records nothing for (an unhandled type)', () => {
    const parsed = parseStripeEvent(JSON.parse(doctorPingEvent(1_700_000_000)));
    expect(parsed).toEqual({ ok: true, fact: { kind: 'ignored', eventId: 'evt_doctor_1700000000', type: 'portal.doctor.ping' } });
  });

  it('passes a fresh stack (no events yet) and one whose deliveries arrived', () => {
    expect(judge({})).toMatchObject({ status: 'pass', found: expect.stringMatching(/accepts events signed with the data directory's webhook secret; no events delivered yet/) });
    expect(judge({ deliveries: [record({}), record({ dropped: true, delivered: false })] }).found).toMatch(/delivered 1 of its last 1 events$/);
  });

  it('shows a delivery that gave up among good ones without failing (an event the handler refused)', () => {
    const result = judge({ deliveries: [record({ delivered: false, gaveUp: true, attempts: [{ error: 'HTTP 400 bad' }] }), record({})] });
    expect(result).toMatchObject({ status: 'pass', found: expect.stringMatching(/delivered 1 of its last 2 events; 1 gave up \(latest: HTTP 400 bad\)/) });
  });

  it('fails when nothing the sandbox finished was delivered: it posts somewhere the gateway is not', () => {
    const result = judge({ deliveries: [record({ delivered: false, gaveUp: true, attempts: [{ error: 'fetch failed' }] })] });
    expect(result).toMatchObject({ status: 'fail', found: 'the sandbox delivered none of its last 1 events (latest: fetch failed)' });
  });

  it("fails when the gateway refuses the directory's signature", () => {
    expect(judge({ ping: answer(400, '{"error":"stripe-signature: does not match the payload"}') })).toMatchObject({ status: 'fail', fix: expect.stringMatching(/--data-dir/) });
    expect(judge({ ping: { error: 'ECONNREFUSED' } }).status).toBe('fail');
  });
});

describe('the API without a token', () => {
  it('calls a route that needs a sign-in', () => {
    expect(routes.find((r) => r.path === PROTECTED_PATH && r.method === 'GET')?.access).not.toBe('public');
  });

  it("passes only API Gateway's authorizer refusal", () => {
    const url = `http://localhost:3000${PROTECTED_PATH}`;
    expect(judgeUnauthenticated(url, answer(401, '{"message":"Unauthorized"}'))).toMatchObject({ status: 'pass', found: `GET ${url} → 401 {"message":"Unauthorized"}` });
    expect(judgeUnauthenticated(url, answer(200, '[]'))).toMatchObject({ status: 'fail', fix: expect.stringMatching(/no authorizer/) });
    expect(judgeUnauthenticated(url, answer(401, '{"error":"nope"}')).status).toBe('fail');
    expect(judgeUnauthenticated(url, answer(502, '<html>')).status).toBe('fail');
  });
});

describe('AWS-only checks', () => {
  it('are printed as skipped locally, one line each', () => {
    expect(awsOnlySkips().map((r) => `${r.status} ${r.name}: ${r.found}`)).toEqual(AWS_ONLY_CHECKS.map((name) => `skip ${name}: (AWS only)`));
  });
});
