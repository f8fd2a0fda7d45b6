/** The sandbox driven through the official stripe SDK, as the portal's Lambdas drive it. */
import fs from 'node:fs';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEYS, startSandbox, type Harness } from './harness.js';
import { createStripeSandbox } from './server.js';

let h: Harness;
let stripe: Stripe;
beforeAll(async () => {
  h = await startSandbox();
  stripe = h.stripe();
});
afterAll(() => h.close());
afterEach(() => vi.restoreAllMocks());

const newIntent = (params: Partial<Stripe.PaymentIntentCreateParams> = {}, options?: Stripe.RequestOptions) =>
  stripe.paymentIntents.create({ amount: 12_000, currency: 'usd', allowed_payment_method_types: ['card'], ...params }, options);

/** What the SDK throws, as a plain object of the fields the portal reads. */
async function failure(promise: Promise<unknown>): Promise<{ type: string; statusCode?: number; code?: string; message: string; param?: string; raw: any }> {
  try {
    await promise;
  } catch (error) {
    const e = error as Stripe.errors.StripeError;
    return { type: e.type, statusCode: e.statusCode, code: e.code, message: e.message, param: e.param, raw: e.raw };
  }
  throw new Error('expected the call to fail');
}

describe('PaymentIntents: cancel', () => {
  it('cancels with a reason: status canceled, canceled_at, cancellation_reason, and a payment_intent.canceled event', async () => {
    const intent = await newIntent();
    const before = Math.floor(Date.now() / 1000);
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'duplicate' });
    expect(canceled).toMatchObject({ id: intent.id, status: 'canceled', cancellation_reason: 'duplicate' });
    expect(canceled.canceled_at).toBeGreaterThanOrEqual(before);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('canceled');
    const events = await stripe.events.list({ type: 'payment_intent.canceled', limit: 100 });
    const event = events.data.find((e) => (e.data.object as Stripe.PaymentIntent).id === intent.id);
    expect(event?.data.object).toMatchObject({ status: 'canceled', cancellation_reason: 'duplicate' });
  });

  it('cancels without a reason (cancellation_reason null)', async () => {
    const canceled = await stripe.paymentIntents.cancel((await newIntent()).id);
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: null });
  });

  it('refuses an unknown cancellation_reason', async () => {
    const intent = await newIntent();
    const res = await h.raw('POST', `/v1/payment_intents/${intent.id}/cancel`, { body: 'cancellation_reason=changed_mind' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      type: 'invalid_request_error',
      param: 'cancellation_reason',
      message: 'Invalid cancellation_reason: must be one of duplicate, fraudulent, requested_by_customer, or abandoned',
    });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it("refuses to cancel a succeeded or an already canceled intent with Stripe's payment_intent_unexpected_state and the intent", async () => {
    const paid = await newIntent();
    await stripe.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' });
    const succeeded = await failure(stripe.paymentIntents.cancel(paid.id));
    expect(succeeded).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
      message:
        'You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_reauthorization, requires_confirmation, requires_action, processing.',
    });
    expect(succeeded.raw.payment_intent).toMatchObject({ id: paid.id, status: 'succeeded' });

    const gone = await newIntent();
    await stripe.paymentIntents.cancel(gone.id, { cancellation_reason: 'abandoned' });
    const again = await failure(stripe.paymentIntents.cancel(gone.id));
    expect(again.code).toBe('payment_intent_unexpected_state');
    expect(again.message).toMatch(/^You cannot cancel this PaymentIntent because it has a status of canceled\. /);
    expect(again.raw.payment_intent).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
  });

  it('confirming a canceled intent answers payment_intent_unexpected_state with the canceled intent, as Stripe.js receives it', async () => {
    const intent = await newIntent();
    await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'duplicate' });
    // the SPA confirms with the publishable key and the client secret, form-encoded as Stripe.js does
    const res = await h.raw('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      key: KEYS.publishableKey,
      body: new URLSearchParams({ client_secret: intent.client_secret!, payment_method: 'pm_card_visa' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-unexpected-state',
      message:
        'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.',
      payment_intent: { id: intent.id, status: 'canceled' },
    });
    expect((await stripe.charges.list({ payment_intent: intent.id })).data).toEqual([]);
  });

  it('cancel needs the secret key', async () => {
    const intent = await newIntent();
    const res = await h.raw('POST', `/v1/payment_intents/${intent.id}/cancel`, { key: KEYS.publishableKey });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('This API call cannot be made with a publishable API key. Please use a secret API key.');
  });
});

describe('PaymentIntents: payment method types', () => {
  it('without payment method parameters: automatic payment methods on, the Dashboard types (cards in the sandbox)', async () => {
    const res = await h.raw('POST', '/v1/payment_intents', { body: 'amount=5000&currency=usd' });
    expect(res.body).toMatchObject({ payment_method_types: ['card'], automatic_payment_methods: { enabled: true, allow_redirects: 'always' } });
  });

  it('honours payment_method_types[] on API versions before 2026-09-30', async () => {
    const res = await h.raw('POST', '/v1/payment_intents', {
      body: 'amount=5000&currency=usd&payment_method_types[0]=us_bank_account',
      headers: { 'stripe-version': '2025-01-27.acacia' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ payment_method_types: ['us_bank_account'], automatic_payment_methods: null });
    // a card is not one of them: Stripe's refusal, intent unchanged
    const confirm = await failure(stripe.paymentIntents.confirm(res.body.id, { payment_method: 'pm_card_visa' }));
    expect(confirm).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_invalid_parameter',
      param: 'payment_method',
      message:
        'The PaymentMethod provided (card) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: us_bank_account. Alternatively, update the allowed payment_method_types for this PaymentIntent to include "card"',
    });
    expect((await stripe.paymentIntents.retrieve(res.body.id)).status).toBe('requires_payment_method');
  });

  it('refuses payment_method_types[] on 2026-09-30.endive and later (the SDK pins such a version)', async () => {
    const res = await h.raw('POST', '/v1/payment_intents', {
      body: 'amount=5000&currency=usd&payment_method_types[]=card',
      headers: { 'stripe-version': Stripe.API_VERSION },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'payment_method_types_no_longer_supported', param: 'payment_method_types' });
  });

  it('allowed_payment_method_types keeps the types the account can take (cards) and answers them as payment_method_types', async () => {
    expect((await newIntent({ allowed_payment_method_types: ['card', 'us_bank_account'] })).payment_method_types).toEqual(['card']);
    const none = await newIntent({ allowed_payment_method_types: ['us_bank_account'] });
    expect(none.payment_method_types).toEqual([]);
    expect((await failure(stripe.paymentIntents.confirm(none.id, { payment_method: 'pm_card_visa' }))).code).toBe('payment_intent_invalid_parameter');
    const old = await h.raw('POST', '/v1/payment_intents', {
      body: 'amount=5000&currency=usd&allowed_payment_method_types[0]=card',
      headers: { 'stripe-version': '2025-01-27.acacia' },
    });
    expect(old.body.error).toMatchObject({ code: 'parameter_unknown', message: 'Received unknown parameter: allowed_payment_method_types' });
  });

  it('refuses automatic_payment_methods together with payment_method_types', async () => {
    const res = await h.raw('POST', '/v1/payment_intents', {
      body: 'amount=5000&currency=usd&payment_method_types[0]=card&automatic_payment_methods[enabled]=true',
      headers: { 'stripe-version': '2025-01-27.acacia' },
    });
    expect(res.body.error).toMatchObject({
      code: 'parameters_exclusive',
      message: 'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
    });
  });
});

describe('lists', () => {
  it('pages refunds newest first with limit, has_more and starting_after, filtered by payment_intent; the SDK auto-paginates', async () => {
    const intent = await newIntent({ amount: 10_000 });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const made: Stripe.Refund[] = [];
    for (let i = 1; i <= 5; i += 1) {
      made.push(await stripe.refunds.create({ payment_intent: intent.id, amount: 1_000, metadata: { kind: 'excess', allocation: `diploma/${i}/1000` } }));
    }
    const first = await stripe.refunds.list({ payment_intent: intent.id, limit: 2 });
    expect(first).toMatchObject({ object: 'list', url: '/v1/refunds', has_more: true });
    expect(first.data.map((r) => r.id)).toEqual([made[4].id, made[3].id]);
    const second = await stripe.refunds.list({ payment_intent: intent.id, limit: 2, starting_after: first.data[1].id });
    expect(second.data.map((r) => r.id)).toEqual([made[2].id, made[1].id]);
    const last = await stripe.refunds.list({ payment_intent: intent.id, limit: 2, starting_after: second.data[1].id });
    expect(last).toMatchObject({ has_more: false });
    expect(last.data.map((r) => r.id)).toEqual([made[0].id]);

    const all: Stripe.Refund[] = [];
    for await (const refund of stripe.refunds.list({ payment_intent: intent.id, limit: 2 })) all.push(refund);
    expect(all.map((r) => r.id)).toEqual([...made].reverse().map((r) => r.id));
    expect(all[0]).toMatchObject({ object: 'refund', status: 'succeeded', payment_intent: intent.id, metadata: { kind: 'excess', allocation: 'diploma/5/1000' } });

    // ending_before: the SDK walks back towards the newest
    const back: string[] = [];
    for await (const refund of stripe.refunds.list({ payment_intent: intent.id, limit: 2, ending_before: made[0].id })) back.push(refund.id);
    expect(back).toEqual(made.slice(1).map((r) => r.id));
    const page = await stripe.refunds.list({ payment_intent: intent.id, limit: 2, ending_before: made[0].id });
    expect(page.data.map((r) => r.id)).toEqual([made[2].id, made[1].id]);
    expect(page.has_more).toBe(true);

    expect((await stripe.refunds.list({ charge: made[0].charge as string, limit: 100 })).data).toHaveLength(5);
    expect(await stripe.refunds.retrieve(made[0].id)).toEqual(made[0]);
  });

  it('lists charges by payment_intent and payment intents by created', async () => {
    const start = Math.floor(Date.now() / 1000);
    const a = await newIntent();
    const b = await newIntent();
    await stripe.paymentIntents.confirm(b.id, { payment_method: 'pm_card_mastercard' });
    const charges = await stripe.charges.list({ payment_intent: b.id });
    expect(charges.data).toHaveLength(1);
    expect(charges.data[0]).toMatchObject({ payment_intent: b.id, amount_refunded: 0 });
    expect(charges.data[0]).not.toHaveProperty('refunds');
    const recent = await stripe.paymentIntents.list({ created: { gte: start }, limit: 100 });
    expect(recent.data.map((i) => i.id).slice(0, 2)).toEqual([b.id, a.id]);
    expect((await stripe.paymentIntents.list({ created: { lt: start - 3600 } })).data).toEqual([]);
  });

  it('lists events by type (with a * wildcard), by types[] and by created; retrieves one', async () => {
    const intent = await newIntent();
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }).catch(() => undefined);
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await stripe.refunds.create({ payment_intent: intent.id, amount: 500 });
    const mine = (list: Stripe.ApiList<Stripe.Event>) => list.data.filter((e) => JSON.stringify(e.data.object).includes(intent.id)).map((e) => e.type);
    expect(mine(await stripe.events.list({ limit: 100 }))).toEqual(['charge.refunded', 'refund.created', 'payment_intent.succeeded', 'payment_intent.payment_failed']);
    expect(mine(await stripe.events.list({ type: 'payment_intent.*', limit: 100 }))).toEqual(['payment_intent.succeeded', 'payment_intent.payment_failed']);
    expect(mine(await stripe.events.list({ types: ['refund.created', 'payment_intent.payment_failed'], limit: 100 }))).toEqual(['refund.created', 'payment_intent.payment_failed']);
    const refunded = (await stripe.events.list({ type: 'charge.refunded', limit: 1 })).data[0];
    expect(refunded.data.object).toMatchObject({ object: 'charge', payment_intent: intent.id, amount_refunded: 500, refunded: false });
    expect(refunded.data.object).not.toHaveProperty('refunds');
    expect(refunded).toMatchObject({ api_version: '2025-01-27.acacia', pending_webhooks: 0 });
    expect(await stripe.events.retrieve(refunded.id)).toEqual(refunded);
    expect((await stripe.events.list({ created: { gt: refunded.created + 60 } })).data).toEqual([]);
    expect((await failure(stripe.events.list({ type: 'a.b', types: ['a.b'] }))).code).toBe('parameters_exclusive');
  });

  it('validates limit and cursors as Stripe does', async () => {
    expect(await failure(stripe.refunds.list({ limit: 101 }))).toMatchObject({ statusCode: 400, param: 'limit', message: 'This value must be less than or equal to 100.' });
    expect(await failure(stripe.refunds.list({ limit: 0 }))).toMatchObject({ param: 'limit', message: 'This value must be greater than or equal to 1.' });
    expect(await failure(stripe.refunds.list({ starting_after: 're_nope' }))).toMatchObject({
      code: 'resource_missing',
      param: 'starting_after',
      message: "No such refund: 're_nope'",
    });
    const both = await h.raw('GET', '/v1/charges?starting_after=ch_a&ending_before=ch_b');
    expect(both.body.error).toMatchObject({ code: 'parameters_exclusive' });
    expect((await stripe.charges.list()).data.length).toBeLessThanOrEqual(10);
  });

  it('every list and retrieve is secret-key only', async () => {
    for (const path of ['/v1/events', '/v1/refunds', '/v1/refunds/re_x', '/v1/payment_intents', '/v1/charges', '/v1/events/evt_x']) {
      const res = await h.raw('GET', path, { key: KEYS.publishableKey });
      expect(res.status, path).toBe(401);
    }
    expect((await h.raw('GET', '/v1/refunds', { key: 'sk_test_wrong' })).body.error.message).toBe('Invalid API Key provided: sk_test_***');
  });
});

describe('refunds', () => {
  it('refuses a refund of a fully refunded charge with charge_already_refunded', async () => {
    const intent = await newIntent({ amount: 5_000 });
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    await stripe.refunds.create({ payment_intent: intent.id });
    const again = await failure(stripe.refunds.create({ payment_intent: intent.id }));
    const charge = (await stripe.paymentIntents.retrieve(intent.id)).latest_charge as string;
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded', message: `Charge ${charge} has already been refunded.` });
  });
});

describe('idempotency through the SDK', () => {
  it('answers the saved response to a retry, refuses the key with other parameters, and forgets it after 24 hours', async () => {
    const key = `test-${Math.random()}`;
    const first = await newIntent({ metadata: { attempt: '1' } }, { idempotencyKey: key });
    await stripe.paymentIntents.cancel(first.id);
    const retry = await newIntent({ metadata: { attempt: '1' } }, { idempotencyKey: key });
    expect(retry).toEqual(first); // the saved answer, not the intent as it is now
    const other = await failure(newIntent({ metadata: { attempt: '2' } }, { idempotencyKey: key }));
    expect(other).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });

    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 24 * 60 * 60 * 1000 + 1_000);
    const later = await newIntent({ metadata: { attempt: '2' } }, { idempotencyKey: key });
    expect(later.id).not.toBe(first.id);
    h.flush();
    const saved = JSON.parse(fs.readFileSync(h.dataFile, 'utf8')) as { idempotency: Record<string, { fingerprint: string }> };
    expect(Object.keys(saved.idempotency)).toContain(key);
  });

  it('saves nothing for a request that failed validation: the key can be used again', async () => {
    const key = `test-${Math.random()}`;
    const bad = await h.raw('POST', '/v1/payment_intents', { body: 'amount=5000', headers: { 'idempotency-key': key } });
    expect(bad.body.error).toMatchObject({ code: 'parameter_missing', param: 'currency' });
    const good = await h.raw('POST', '/v1/payment_intents', { body: 'amount=5000&currency=usd', headers: { 'idempotency-key': key } });
    expect(good.status).toBe(200);
  });
});

describe('state across restarts', () => {
  it('writes its state file shortly after a change; a sandbox started over the file sees it', async () => {
    const first = await startSandbox();
    const intent = await first.stripe().paymentIntents.create({ amount: 5000, currency: 'usd' });
    await first.stripe().paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    await new Promise((resolve) => setTimeout(resolve, 200)); // SAVE_DELAY_MS is 50
    const second = await startSandbox({ dataFile: first.dataFile });
    try {
      expect(await second.stripe().paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
      expect((await second.stripe().events.list({ type: 'payment_intent.canceled' })).data[0].data.object).toMatchObject({ id: intent.id });
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('reads a data file written before cancel and lists existed', async () => {
    const file = `${h.dataFile}.legacy.json`;
    fs.writeFileSync(
      file,
      JSON.stringify({
        intents: {
          pi_old: {
            id: 'pi_old',
            object: 'payment_intent',
            amount: 5000,
            amount_received: 0,
            currency: 'usd',
            status: 'requires_payment_method',
            client_secret: 'pi_old_secret_x',
            created: 1,
            description: null,
            metadata: {},
            payment_method: null,
            payment_method_types: ['card'],
            latest_charge: null,
            last_payment_error: null,
            receipt_email: null,
            livemode: false,
          },
        },
        charges: {},
        refunds: {},
        events: [],
        idempotency: { k: { fingerprint: 'f', status: 200, body: {} } },
      }),
    );
    const legacy = await startSandbox({ dataFile: file });
    try {
      const canceled = await legacy.stripe().paymentIntents.cancel('pi_old');
      expect(canceled).toMatchObject({ status: 'canceled', automatic_payment_methods: null });
      legacy.flush();
      const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(Object.keys(saved.idempotency)).not.toContain('k'); // pruned: it had no time
      expect(Object.keys(saved.idempotency)).toHaveLength(1); // the SDK's own key for the cancel
      expect(saved.events.map((e: { type: string }) => e.type)).toEqual(['payment_intent.canceled']);
    } finally {
      await legacy.close();
    }
    expect(typeof createStripeSandbox).toBe('function');
  });
});
