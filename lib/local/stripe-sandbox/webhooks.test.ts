/** Webhook delivery: signed, asynchronous, retried, recorded per event, and droppable on request. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually, KEYS, startSandbox, type Harness } from './harness.js';

/** A webhook endpoint on loopback that verifies each signature and answers `status`. */
let received: Stripe.Event[] = [];
let status = 200;
let endpoint: http.Server;
let h: Harness;
let stripe: Stripe;

beforeAll(async () => {
  endpoint = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = Stripe.webhooks.constructEvent(Buffer.concat(chunks).toString('utf8'), String(req.headers['stripe-signature']), KEYS.webhookSecret);
      if (status < 300) received.push(event);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const { port } = endpoint.address() as AddressInfo;
  h = await startSandbox({ webhookUrl: `http://127.0.0.1:${port}/api/payments/webhook`, webhookRetryDelaysMs: [0, 20, 20] });
  stripe = h.stripe();
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
});
beforeEach(() => {
  received = [];
  status = 200;
});

const paidIntent = async () => {
  const intent = await stripe.paymentIntents.create({ amount: 5_000, currency: 'usd', allowed_payment_method_types: ['card'] });
  await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  return intent;
};
const succeededEventOf = async (intentId: string) =>
  (await stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 })).data.find((e) => (e.data.object as Stripe.PaymentIntent).id === intentId)!;

describe('webhook delivery', () => {
  it('delivers each event signed with the endpoint secret, then records the attempt and clears pending_webhooks', async () => {
    const intent = await paidIntent();
    const delivered = await eventually(() => received.find((e) => e.type === 'payment_intent.succeeded' && (e.data.object as Stripe.PaymentIntent).id === intent.id));
    expect(delivered).toMatchObject({ object: 'event', api_version: '2025-01-27.acacia', pending_webhooks: 1 });
    const event = await eventually(async () => {
      const e = await succeededEventOf(intent.id);
      return e.pending_webhooks === 0 ? e : undefined;
    });
    const record = await h.raw('GET', `/__control/deliveries/${event.id}`);
    expect(record.body).toMatchObject({ event: event.id, type: 'payment_intent.succeeded', dropped: false, delivered: true, gaveUp: false });
    expect(record.body.attempts).toEqual([{ at: expect.any(Number), ok: true, status: 200, error: null }]);
  });

  it('retries a failing endpoint, records every attempt, and leaves the event pending (delivery_success=false)', async () => {
    status = 500;
    const intent = await paidIntent();
    const event = await succeededEventOf(intent.id);
    const record = await eventually(async () => {
      const res = await h.raw('GET', `/__control/deliveries/${event.id}`);
      return res.body.gaveUp ? res.body : undefined;
    });
    expect(record.attempts).toHaveLength(3);
    expect(record.attempts.every((a: { ok: boolean; status: number }) => !a.ok && a.status === 500)).toBe(true);
    expect(record.delivered).toBe(false);
    const pending = await stripe.events.list({ delivery_success: false, limit: 100 });
    expect(pending.data.map((e) => e.id)).toContain(event.id);
    const done = await stripe.events.list({ delivery_success: true, limit: 100 });
    expect(done.data.map((e) => e.id)).not.toContain(event.id);
  });

  it('drop-next skips delivering the next event of a type: the event is still listed by GET /v1/events', async () => {
    const asked = await h.raw('POST', '/__control/drop-next', { body: JSON.stringify({ type: 'payment_intent.succeeded' }), headers: { 'content-type': 'application/json' } });
    expect(asked).toEqual({ status: 200, body: { type: 'payment_intent.succeeded', pending_drops: 1 } });

    const dropped = await paidIntent();
    const kept = await paidIntent();
    await eventually(() => received.some((e) => e.type === 'payment_intent.succeeded' && (e.data.object as Stripe.PaymentIntent).id === kept.id));
    expect(received.some((e) => (e.data.object as Stripe.PaymentIntent).id === dropped.id && e.type === 'payment_intent.succeeded')).toBe(false);

    const event = await succeededEventOf(dropped.id);
    expect(event).toMatchObject({ type: 'payment_intent.succeeded', pending_webhooks: 1 });
    const record = await h.raw('GET', `/__control/deliveries/${event.id}`);
    expect(record.body).toMatchObject({ dropped: true, delivered: false, attempts: [] });
    const listed = await h.raw('GET', '/__control/deliveries?type=payment_intent.succeeded');
    expect(listed.body.data.map((r: { event: string }) => r.event)).toContain(event.id);
  });

  it('the control routes need the secret key and a type', async () => {
    expect((await h.raw('POST', '/__control/drop-next', { key: KEYS.publishableKey, body: 'type=payment_intent.succeeded' })).status).toBe(401);
    expect((await h.raw('POST', '/__control/drop-next', { key: 'sk_test_wrong', body: 'type=payment_intent.succeeded' })).status).toBe(401);
    expect((await h.raw('POST', '/__control/drop-next', { body: '' })).status).toBe(400);
    expect((await h.raw('GET', '/__control/deliveries/evt_nope')).status).toBe(404);
    expect((await h.raw('GET', '/__control/nope')).status).toBe(404);
  });
});
