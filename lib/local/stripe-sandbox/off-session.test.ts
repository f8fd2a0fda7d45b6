/** Off-session PaymentIntents (create with confirm=true) and 3D Secure through the official stripe SDK. */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { KEYS, sandboxPerFile, stripeFailure } from './harness.js';

const sb = sandboxPerFile();

/** A customer with a card saved through a SetupIntent, as the portal saves autopay cards. */
async function savedCard(testId: string) {
  const customer = await sb.stripe.customers.create({ email: `${testId}@example.com` });
  const si = await sb.stripe.setupIntents.create({ customer: customer.id });
  const confirmed = await sb.stripe.setupIntents.confirm(si.id, { payment_method: testId });
  if (confirmed.status === 'requires_action') await sb.h.raw('POST', `/__control/authenticate/${si.id}`, { body: 'outcome=complete' });
  const pm = (await sb.stripe.setupIntents.retrieve(si.id)).payment_method as string;
  return { customer: customer.id, pm };
}

const charge = (customer: string, pm: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}, options?: Stripe.RequestOptions) =>
  sb.stripe.paymentIntents.create({ amount: 25_000, currency: 'usd', customer, payment_method: pm, off_session: true, confirm: true, metadata: { plan: 'p1' }, ...extra }, options);

const eventsFor = async (id: string) => (await sb.stripe.events.list({ limit: 100 })).data.filter((e) => (e.data.object as { id: string }).id === id).map((e) => e.type);

describe('off-session card payments', () => {
  it('a saved card succeeds in the create request: charge, payment_intent.succeeded', async () => {
    const { customer, pm } = await savedCard('pm_card_visa');
    const intent = await charge(customer, pm);
    expect(intent).toMatchObject({ status: 'succeeded', customer, payment_method: pm, amount_received: 25_000 });
    expect(await sb.stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({ status: 'succeeded', customer, payment_method: pm });
    expect(await eventsFor(intent.id)).toEqual(['payment_intent.succeeded']);
  });

  it('a decline answers 402 card_error with the intent; payment_intent.payment_failed', async () => {
    const customer = (await sb.stripe.customers.create({ email: 'x@example.com' })).id;
    const error = await stripeFailure(charge(customer, 'pm_card_chargeDeclinedInsufficientFunds'));
    expect(error).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined', decline_code: 'insufficient_funds' });
    const intent = error.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: 'requires_payment_method', customer, last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' } });
    expect(await eventsFor(intent.id)).toEqual(['payment_intent.payment_failed']);
  });

  it('one Idempotency-Key, one intent: the retry answers the saved 402 and makes no second intent', async () => {
    const customer = (await sb.stripe.customers.create({ email: 'y@example.com' })).id;
    const key = `plan-p1-installment-2-${Math.random()}`;
    const before = (await sb.stripe.paymentIntents.list({ limit: 100 })).data.length;
    const first = await stripeFailure(charge(customer, 'pm_card_chargeDeclined', {}, { idempotencyKey: key }));
    const again = await stripeFailure(charge(customer, 'pm_card_chargeDeclined', {}, { idempotencyKey: key }));
    expect((again.payment_intent as Stripe.PaymentIntent).id).toBe((first.payment_intent as Stripe.PaymentIntent).id);
    expect((await sb.stripe.paymentIntents.list({ limit: 100 })).data.length).toBe(before + 1);
    const ok = await charge(customer, 'pm_card_visa', {}, { idempotencyKey: `${key}-ok` });
    expect((await charge(customer, 'pm_card_visa', {}, { idempotencyKey: `${key}-ok` })).id).toBe(ok.id);
  });

  it('refuses a method attached to another customer, a detached one, and an unknown one (no intent left behind)', async () => {
    const { pm } = await savedCard('pm_card_visa');
    const other = (await sb.stripe.customers.create({ email: 'z@example.com' })).id;
    const before = (await sb.stripe.paymentIntents.list({ limit: 100 })).data.length;
    expect(await stripeFailure(charge(other, pm))).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'payment_method' });
    await sb.stripe.paymentMethods.detach(pm);
    expect(await stripeFailure(charge(other, pm))).toMatchObject({ statusCode: 400, message: /may not be used again/ });
    expect(await stripeFailure(charge(other, 'pm_nope'))).toMatchObject({ statusCode: 400, code: 'resource_missing' });
    expect((await sb.stripe.paymentIntents.list({ limit: 100 })).data.length).toBe(before);
  });
});

describe('authentication required', () => {
  it('off session: 402 authentication_required, requires_payment_method; the student then confirms on session -> requires_action', async () => {
    const { customer, pm } = await savedCard('pm_card_authenticationRequired');
    const error = await stripeFailure(charge(customer, pm));
    expect(error).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'authentication_required', decline_code: 'authentication_required' });
    const intent = error.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'authentication_required', payment_method: { id: pm } } });
    expect(await eventsFor(intent.id)).toEqual(['payment_intent.payment_failed']);

    const browser = sb.h.stripe(KEYS.publishableKey);
    const onSession = await browser.paymentIntents.confirm(intent.id, {
      payment_method: pm,
      client_secret: intent.client_secret,
      return_url: 'http://localhost:5173/pay/return?x=1',
    } as Stripe.PaymentIntentConfirmParams);
    expect(onSession).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
    const url = onSession.next_action?.redirect_to_url?.url as string;
    expect(url).toBe(`${sb.h.base}/__control/authenticate/${intent.id}`);

    // the browser: the page, then its "Complete authentication" form, then back to return_url
    const page = await fetch(url);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('Complete authentication');
    expect(html).toContain('Fail authentication');
    expect(html).not.toMatch(/<script|<link|src=/);
    const done = await fetch(url, { method: 'POST', body: 'outcome=complete', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:5173/pay/return');
    expect(Object.fromEntries(back.searchParams)).toEqual({ x: '1', payment_intent: intent.id, payment_intent_client_secret: intent.client_secret, redirect_status: 'succeeded' });
    expect(await sb.stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', next_action: null });
    expect(await eventsFor(intent.id)).toEqual(['payment_intent.succeeded', 'payment_intent.requires_action', 'payment_intent.payment_failed']);
  });

  it('failing authentication (secret key control call) -> requires_payment_method with payment_intent_authentication_failure', async () => {
    const { customer, pm } = await savedCard('pm_card_authenticationRequired');
    const intent = await sb.stripe.paymentIntents.create({ amount: 5_000, currency: 'usd', customer, payment_method: pm, confirm: true, return_url: 'http://localhost:5173/r' });
    expect(intent.status).toBe('requires_action');
    const res = await sb.h.raw('POST', `/__control/authenticate/${intent.id}`, { body: JSON.stringify({ outcome: 'fail' }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });
    const twice = await sb.h.raw('POST', `/__control/authenticate/${intent.id}`, { body: 'outcome=complete' });
    expect(twice.status).toBe(400);
  });

  it('a browser failing a SetupIntent authentication is sent back with setup_intent and redirect_status=failed', async () => {
    const customer = (await sb.stripe.customers.create({ email: 's@example.com' })).id;
    const si = await sb.stripe.setupIntents.create({ customer });
    const pending = await sb.stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_authenticationRequired', return_url: 'http://localhost:5173/setup' });
    const res = await fetch(pending.next_action?.redirect_to_url?.url as string, {
      method: 'POST',
      body: 'outcome=fail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    const back = new URL(res.headers.get('location') as string);
    expect(Object.fromEntries(back.searchParams)).toEqual({ setup_intent: si.id, setup_intent_client_secret: si.client_secret, redirect_status: 'failed' });
    expect(await sb.stripe.setupIntents.retrieve(si.id)).toMatchObject({ status: 'requires_payment_method', last_setup_error: { code: 'setup_intent_authentication_failure' } });
  });
});
