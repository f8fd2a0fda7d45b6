import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { StripeApi, StripeError, STRIPE_API_VERSION, constructEvent, errorType, formEncode, parseAnswer, retryDelayMs, shouldRetry } from './stripe-api.js';

const SECRET = 'whsec_test_secret';
const sign = (t: number, body: string, secret = SECRET) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
const thrown = (fn: () => unknown): StripeError => {
  try {
    fn();
  } catch (error) {
    return error as StripeError;
  }
  throw new Error('did not throw');
};

describe('the API version', () => {
  it('is the one the installed SDK pins', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });
});

describe('formEncode', () => {
  it('encodes nested objects and arrays in bracket notation, as the SDK does', () => {
    const params = {
      amount: 5000,
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
      allowed_payment_method_types: ['card'],
      items: [{ price: 'p_1', quantity: 2 }],
      metadata: { username: 'ann lee', program_1: 'course/c1/5000' },
      receipt_email: undefined,
      description: null,
      created: { gte: 1, lte: 2 },
    };
    const encoded = formEncode(params);
    expect(encoded).toBe(
      'amount=5000&currency=usd&automatic_payment_methods[enabled]=true&allowed_payment_method_types[0]=card&items[0][price]=p_1&items[0][quantity]=2' +
        '&metadata[username]=ann%20lee&metadata[program_1]=course%2Fc1%2F5000&description=&created[gte]=1&created[lte]=2',
    );
  });

  it('escapes what qs escapes and keeps brackets readable', () => {
    expect(formEncode({ description: "Tuition: a&b=c (x)!*'", 'metadata[k]': 'é' })).toBe('description=Tuition%3A%20a%26b%3Dc%20%28x%29%21%2A%27&metadata[k]=%C3%A9');
  });
});

describe('constructEvent (webhook signatures)', () => {
  const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' });
  const now = 1_800_000_000;

  it('answers the event when a v1 signature matches', () => {
    expect(constructEvent(body, `t=${now},v1=${sign(now, body)}`, SECRET, now * 1000)).toMatchObject({ id: 'evt_1' });
  });

  it('accepts any of several v1 signatures (a secret being rolled) and ignores other schemes', () => {
    const header = `t=${now},v1=${sign(now, body, 'whsec_old')},v0=${sign(now, body)},v1=${sign(now, body)}`;
    expect(constructEvent(body, header, SECRET, now * 1000)).toMatchObject({ id: 'evt_1' });
  });

  it('refuses a wrong signature, a changed body and a v0-only header', () => {
    const wrong = thrown(() => constructEvent(body, `t=${now},v1=${sign(now, body, 'whsec_other')}`, SECRET, now * 1000));
    expect(wrong).toMatchObject({ type: 'StripeSignatureVerificationError', message: expect.stringMatching(/No signatures found/) });
    expect(thrown(() => constructEvent(`${body} `, `t=${now},v1=${sign(now, body)}`, SECRET, now * 1000)).type).toBe('StripeSignatureVerificationError');
    expect(thrown(() => constructEvent(body, `t=${now},v0=${sign(now, body)}`, SECRET, now * 1000)).message).toMatch(/Unable to extract/);
    expect(thrown(() => constructEvent(body, 'garbage', SECRET, now * 1000)).type).toBe('StripeSignatureVerificationError');
    expect(thrown(() => constructEvent(body, `t=${now},v1=abc`, SECRET, now * 1000)).type).toBe('StripeSignatureVerificationError');
  });

  it('refuses a timestamp older than 300 s, the signature being right', () => {
    const old = now - 301;
    expect(thrown(() => constructEvent(body, `t=${old},v1=${sign(old, body)}`, SECRET, now * 1000)).message).toMatch(/tolerance/);
    const edge = now - 300;
    expect(constructEvent(body, `t=${edge},v1=${sign(edge, body)}`, SECRET, now * 1000)).toMatchObject({ id: 'evt_1' });
  });

  it('agrees with the SDK: its test header verifies here, ours verifies there', () => {
    const sdk = new Stripe('sk_test_x');
    const header = sdk.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: now });
    expect(constructEvent(body, header, SECRET, now * 1000)).toMatchObject({ id: 'evt_1' });
    const ours = `t=${Math.floor(Date.now() / 1000)}`;
    const t = Number(ours.slice(2));
    expect(sdk.webhooks.constructEvent(body, `${ours},v1=${sign(t, body)}`, SECRET)).toMatchObject({ id: 'evt_1' });
  });
});

describe('errors', () => {
  const answer = (status: number, error: object, headers = {}) => ({ status, headers: { 'request-id': 'req_1', ...headers }, text: JSON.stringify({ error }) });

  it('map by HTTP status as the SDK does', () => {
    expect(errorType(402, { type: 'card_error' })).toBe('StripeCardError');
    expect(errorType(400, { type: 'invalid_request_error' })).toBe('StripeInvalidRequestError');
    expect(errorType(404, { type: 'invalid_request_error' })).toBe('StripeInvalidRequestError');
    expect(errorType(400, { type: 'idempotency_error' })).toBe('StripeIdempotencyError');
    expect(errorType(429, { type: 'invalid_request_error' })).toBe('StripeRateLimitError');
    expect(errorType(400, { code: 'rate_limit' })).toBe('StripeRateLimitError');
    expect(errorType(401, { type: 'invalid_request_error' })).toBe('StripeAuthenticationError');
    expect(errorType(403, {})).toBe('StripePermissionError');
    expect(errorType(409, { type: 'idempotency_error' })).toBe('StripeAPIError');
    expect(errorType(500, { type: 'api_error' })).toBe('StripeAPIError');
  });

  it("carry the body's fields, the status and the raw error, as callers read them", () => {
    const intent = { id: 'pi_1', status: 'succeeded' };
    const error = thrown(() =>
      parseAnswer(
        answer(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'You cannot cancel this PaymentIntent',
          param: 'intent',
          payment_intent: intent,
        }),
      ),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      type: 'StripeInvalidRequestError',
      rawType: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: 'You cannot cancel this PaymentIntent',
      statusCode: 400,
      param: 'intent',
      requestId: 'req_1',
      payment_intent: intent,
      raw: expect.objectContaining({ payment_intent: intent, statusCode: 400 }),
    });
    expect(thrown(() => parseAnswer(answer(402, { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'declined' })))).toMatchObject({
      type: 'StripeCardError',
      decline_code: 'insufficient_funds',
    });
  });

  it('answers a success body, and an unreadable body is an API error', () => {
    expect(parseAnswer({ status: 200, headers: {}, text: '{"id":"pi_1"}' })).toEqual({ id: 'pi_1' });
    expect(thrown(() => parseAnswer({ status: 200, headers: {}, text: '<html>' }))).toMatchObject({ type: 'StripeAPIError', message: /Invalid JSON/ });
  });
});

describe('retries', () => {
  it('repeat network errors, 409, 5xx and Stripe-Should-Retry: true, twice at most', () => {
    expect(shouldRetry(0, 'network-error')).toBe(true);
    expect(shouldRetry(1, { status: 409 })).toBe(true);
    expect(shouldRetry(0, { status: 500 })).toBe(true);
    expect(shouldRetry(0, { status: 503 })).toBe(true);
    expect(shouldRetry(0, { status: 400, shouldRetryHeader: 'true' })).toBe(true);
    expect(shouldRetry(2, 'network-error')).toBe(false);
    expect(shouldRetry(2, { status: 503 })).toBe(false);
  });

  it('never repeat other 4xx, or what Stripe says not to', () => {
    for (const status of [400, 401, 402, 403, 404, 429]) expect(shouldRetry(0, { status }), String(status)).toBe(false);
    expect(shouldRetry(0, { status: 500, shouldRetryHeader: 'false' })).toBe(false);
    expect(shouldRetry(0, { status: 409, shouldRetryHeader: 'false' })).toBe(false);
  });

  it('wait 0.5 to 1 s before each of the two retries, as the SDK', () => {
    expect(retryDelayMs(1, 0)).toBe(500);
    expect(retryDelayMs(1, 1)).toBe(500);
    expect(retryDelayMs(2, 0)).toBe(500);
    expect(retryDelayMs(2, 1)).toBe(1000);
    expect(retryDelayMs(5, 1)).toBe(5000);
  });
});

describe("StripeApi over HTTP (a local server in Stripe's place)", () => {
  type Seen = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };
  async function server(answers: Array<{ status: number; body: object; headers?: Record<string, string> }>) {
    const seen: Seen[] = [];
    const srv = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        const next = answers.shift() ?? { status: 500, body: { error: { type: 'api_error', message: 'no more answers' } } };
        res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers }).end(JSON.stringify(next.body));
      });
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/local/stripe`;
    return { base, seen, close: () => new Promise((resolve) => srv.close(resolve)) };
  }

  it('posts the form with key, version and one idempotency key that its retry repeats', async () => {
    const s = await server([
      { status: 500, body: { error: { type: 'api_error', message: 'try again' } } },
      { status: 200, body: { id: 'pi_1', object: 'payment_intent', status: 'canceled' } },
    ]);
    try {
      const intent = await new StripeApi('sk_test_1', s.base).paymentIntents.cancel('pi_1', { cancellation_reason: 'abandoned' });
      expect(intent.status).toBe('canceled');
      expect(s.seen).toHaveLength(2);
      const [first, second] = s.seen as [Seen, Seen];
      expect(first).toMatchObject({ method: 'POST', url: '/local/stripe/v1/payment_intents/pi_1/cancel', body: 'cancellation_reason=abandoned' });
      expect(first.headers).toMatchObject({
        authorization: 'Bearer sk_test_1',
        'stripe-version': STRIPE_API_VERSION,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': expect.stringMatching(/^portal-retry-/),
      });
      expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    } finally {
      await s.close();
    }
  });

  it("uses the caller's idempotency key and does not retry a 4xx", async () => {
    const s = await server([{ status: 400, body: { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters' } } }]);
    try {
      const refund = new StripeApi('sk_test_1', s.base).refunds.create({ payment_intent: 'pi_1', amount: 100, metadata: { by: 'x' } }, { idempotencyKey: 'refund:pi_1:0:100' });
      await expect(refund).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
      expect(s.seen).toHaveLength(1);
      expect(s.seen[0]).toMatchObject({ body: 'payment_intent=pi_1&amount=100&metadata[by]=x', headers: { 'idempotency-key': 'refund:pi_1:0:100' } });
    } finally {
      await s.close();
    }
  });

  it('pages a list with starting_after until has_more is false', async () => {
    const s = await server([
      { status: 200, body: { object: 'list', has_more: true, data: [{ id: 're_3' }, { id: 're_2' }] } },
      { status: 200, body: { object: 'list', has_more: false, data: [{ id: 're_1' }] } },
    ]);
    try {
      const ids = [];
      for await (const r of new StripeApi('sk_test_1', s.base).refunds.list({ payment_intent: 'pi_1', limit: 2 })) ids.push(r.id);
      expect(ids).toEqual(['re_3', 're_2', 're_1']);
      expect(s.seen.map((x) => [x.method, x.url, x.headers['idempotency-key']])).toEqual([
        ['GET', '/local/stripe/v1/refunds?payment_intent=pi_1&limit=2', undefined],
        ['GET', '/local/stripe/v1/refunds?payment_intent=pi_1&limit=2&starting_after=re_2', undefined],
      ]);
    } finally {
      await s.close();
    }
  });

  it('charges off-session in one create: the params encoded, a 402 thrown as a StripeCardError with the intent', async () => {
    const intent = { id: 'pi_2', object: 'payment_intent', status: 'requires_payment_method', last_payment_error: { code: 'authentication_required' } };
    const s = await server([
      {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'authentication_required',
            decline_code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
            payment_intent: intent,
          },
        },
      },
    ]);
    try {
      const create = new StripeApi('sk_test_1', s.base).paymentIntents.create(
        { amount: 25_000, currency: 'usd', customer: 'cus_1', payment_method: 'pm_1', off_session: true, confirm: true, mandate: 'mandate_1' },
        { idempotencyKey: 'plan:p1:2' },
      );
      await expect(create).rejects.toMatchObject({
        type: 'StripeCardError',
        statusCode: 402,
        code: 'authentication_required',
        decline_code: 'authentication_required',
        payment_intent: intent,
      });
      expect(s.seen).toHaveLength(1);
      expect(s.seen[0]).toMatchObject({
        url: '/local/stripe/v1/payment_intents',
        body: 'amount=25000&currency=usd&customer=cus_1&payment_method=pm_1&off_session=true&confirm=true&mandate=mandate_1',
        headers: { 'idempotency-key': 'plan:p1:2' },
      });
    } finally {
      await s.close();
    }
  });

  it('calls customers, payment methods and setup intents at their paths', async () => {
    const ok = (body: object) => ({ status: 200, body });
    const s = await server([
      ok({ id: 'cus_1', object: 'customer' }),
      ok({ id: 'cus_1', object: 'customer' }),
      ok({ id: 'cus_1', object: 'customer' }),
      ok({ object: 'list', has_more: false, data: [{ id: 'pm_1' }] }),
      ok({ id: 'pm_1' }),
      ok({ id: 'pm_1' }),
      ok({ id: 'pm_1' }),
      ok({ object: 'list', has_more: false, data: [] }),
      ok({ id: 'seti_1' }),
      ok({ id: 'seti_1' }),
      ok({ id: 'seti_1', status: 'succeeded' }),
    ]);
    try {
      const api = new StripeApi('sk_test_1', s.base);
      await api.customers.create({ email: 'a@example.com', metadata: { student: 's1' } });
      await api.customers.retrieve('cus_1');
      await api.customers.update('cus_1', { invoice_settings: { default_payment_method: 'pm_1' } });
      const methods = [];
      for await (const pm of api.customers.listPaymentMethods('cus_1', { type: 'us_bank_account' })) methods.push(pm.id);
      expect(methods).toEqual(['pm_1']);
      await api.paymentMethods.retrieve('pm_1');
      await api.paymentMethods.attach('pm_1', { customer: 'cus_1' });
      await api.paymentMethods.detach('pm_1');
      for await (const pm of api.paymentMethods.list({ customer: 'cus_1', type: 'card' })) methods.push(pm.id);
      await api.setupIntents.create({ customer: 'cus_1', usage: 'off_session', payment_method_options: { us_bank_account: { verification_method: 'microdeposits' } } });
      await api.setupIntents.retrieve('seti_1');
      const done = await api.setupIntents.confirm('seti_1', { payment_method: 'pm_card_visa' });
      expect(done.status).toBe('succeeded');
      expect(s.seen.map((x) => `${x.method} ${x.url} ${x.body}`)).toEqual([
        'POST /local/stripe/v1/customers email=a%40example.com&metadata[student]=s1',
        'GET /local/stripe/v1/customers/cus_1 ',
        'POST /local/stripe/v1/customers/cus_1 invoice_settings[default_payment_method]=pm_1',
        'GET /local/stripe/v1/customers/cus_1/payment_methods?type=us_bank_account ',
        'GET /local/stripe/v1/payment_methods/pm_1 ',
        'POST /local/stripe/v1/payment_methods/pm_1/attach customer=cus_1',
        'POST /local/stripe/v1/payment_methods/pm_1/detach ',
        'GET /local/stripe/v1/payment_methods?customer=cus_1&type=card ',
        'POST /local/stripe/v1/setup_intents customer=cus_1&usage=off_session&payment_method_options[us_bank_account][verification_method]=microdeposits',
        'GET /local/stripe/v1/setup_intents/seti_1 ',
        'POST /local/stripe/v1/setup_intents/seti_1/confirm payment_method=pm_card_visa',
      ]);
      expect(s.seen.filter((x) => x.method === 'POST').every((x) => typeof x.headers['idempotency-key'] === 'string')).toBe(true);
    } finally {
      await s.close();
    }
  });
});
