/** ACH Direct Debit over the sandbox clock: processing, then settled 4 days later, never by wall time. */
import fs from 'node:fs';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACH_SETTLEMENT_MS } from './ach.js';
import { resetSandboxClock, setSandboxClock } from './clock.js';
import { startSandbox, type Harness } from './harness.js';

let h: Harness;
let stripe: Stripe;
let now = Date.parse('2026-03-02T15:00:00Z');
beforeAll(async () => {
  setSandboxClock(() => now);
  h = await startSandbox();
  stripe = h.stripe();
});
afterAll(async () => {
  resetSandboxClock();
  await h.close();
});
afterEach(() => {
  now += 30 * 24 * 60 * 60 * 1000; // every test starts after the previous one's debits are long due
});

const MANDATE = { customer_acceptance: { type: 'online' as const, online: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' } } };

/** A customer with a bank account saved through a SetupIntent (instant verification). */
async function savedBank(account: string) {
  const customer = await stripe.customers.create({ email: `${account}@example.com` });
  const si = await stripe.setupIntents.create({ customer: customer.id, payment_method_options: { us_bank_account: { verification_method: 'instant' } } });
  const done = await stripe.setupIntents.confirm(si.id, {
    payment_method_data: {
      type: 'us_bank_account',
      us_bank_account: { routing_number: '110000000', account_number: account, account_holder_type: 'individual' },
      billing_details: { name: 'Ana Lee' },
    },
    mandate_data: MANDATE,
  });
  return { customer: customer.id, pm: done.payment_method as string, mandate: done.mandate as string };
}

const debit = (customer: string, pm: string, mandate?: string) =>
  stripe.paymentIntents.create({ amount: 40_000, currency: 'usd', customer, payment_method: pm, off_session: true, confirm: true, mandate });

const eventsFor = async (intent: Stripe.PaymentIntent) => {
  const all = (await stripe.events.list({ limit: 100 })).data;
  return all
    .filter((e) => {
      const o = e.data.object as { id: string; payment_intent?: string };
      return o.id === intent.id || o.payment_intent === intent.id;
    })
    .map((e) => e.type)
    .reverse();
};

describe('ACH Direct Debit', () => {
  it('is processing (charge pending) until 4 days have passed on the sandbox clock, then succeeded', async () => {
    const { customer, pm, mandate } = await savedBank('000123456789');
    const intent = await debit(customer, pm, mandate);
    expect(intent).toMatchObject({ status: 'processing', payment_method: pm, amount_received: 0 });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({
      status: 'pending',
      paid: false,
      payment_method_details: { type: 'us_bank_account', us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' } },
    });
    expect(await eventsFor(intent)).toEqual(['charge.pending', 'payment_intent.processing']);

    now += ACH_SETTLEMENT_MS - 1_000; // not yet, whatever wall time says
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('processing');
    now += 1_000;
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 40_000 });
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).status).toBe('succeeded');
    expect(await eventsFor(intent)).toEqual(['charge.pending', 'payment_intent.processing', 'charge.succeeded', 'payment_intent.succeeded']);
  });

  it.each([
    ['000111111116', 'no_account'],
    ['000111111113', 'account_closed'],
    ['000222222227', 'insufficient_funds'],
  ])('account %s is returned after processing: requires_payment_method, %s, charge.failed', async (account, code) => {
    const { customer, pm } = await savedBank(account);
    const intent = await debit(customer, pm); // the SetupIntent's mandate is found for the method
    expect(intent.status).toBe('processing');
    now += ACH_SETTLEMENT_MS;
    const settled = await stripe.paymentIntents.retrieve(intent.id);
    expect(settled).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code, payment_method: { id: pm } } });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({ status: 'failed', failure_code: code });
    expect(await eventsFor(intent)).toEqual(['charge.pending', 'payment_intent.processing', 'charge.failed', 'payment_intent.payment_failed']);
  });

  it('POST /__control/settle settles what is due as of `now`; nothing before', async () => {
    const { customer, pm } = await savedBank('000123456789');
    const intent = await debit(customer, pm);
    const early = await h.raw('POST', '/__control/settle', {
      body: JSON.stringify({ now: new Date(now + 60_000).toISOString() }),
      headers: { 'content-type': 'application/json' },
    });
    expect(early.body).toMatchObject({ settled: 0 });
    expect(early.body.pending).toBeGreaterThanOrEqual(1);
    const due = await h.raw('POST', '/__control/settle', { body: `now=${encodeURIComponent(new Date(now + ACH_SETTLEMENT_MS).toISOString())}` });
    expect(due.body).toMatchObject({ settled: 1, pending: 0 });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    expect((await h.raw('POST', '/__control/settle', { body: 'now=yesterday' })).status).toBe(400);
  });

  it('inline payment_method_data with mandate_data on confirm; a bank intent without any mandate is refused', async () => {
    const customer = (await stripe.customers.create({ email: 'inline@example.com' })).id;
    const intent = await stripe.paymentIntents.create({ amount: 9_900, currency: 'usd', customer, setup_future_usage: 'off_session' });
    expect(intent.payment_method_types).toEqual(['card', 'us_bank_account']);
    const data = { type: 'us_bank_account' as const, us_bank_account: { routing_number: '110000000', account_number: '000123456789' }, billing_details: { name: 'Ana Lee' } };
    const refused = await h.raw('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      body: 'payment_method_data[type]=us_bank_account&payment_method_data[us_bank_account][routing_number]=110000000&payment_method_data[us_bank_account][account_number]=000123456789&payment_method_data[billing_details][name]=Ana',
    });
    expect(refused.status).toBe(400);
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method_data: data, mandate_data: MANDATE });
    expect(confirmed.status).toBe('processing');
    // setup_future_usage saved the account for the customer
    expect((await stripe.paymentMethods.retrieve(confirmed.payment_method as string)).customer).toBe(customer);
  });

  it('the settle function the local stack calls on a timer settles what is due', async () => {
    const { customer, pm } = await savedBank('000123456789');
    const intent = await debit(customer, pm);
    expect(h.settle()).toBe(0);
    now += ACH_SETTLEMENT_MS;
    expect(h.settle()).toBe(1); // no request needed
    h.flush();
    const saved = JSON.parse(fs.readFileSync(h.dataFile, 'utf8')) as { intents: Record<string, { status: string }>; pendingDebits: object };
    expect(saved.intents[intent.id].status).toBe('succeeded');
    expect(saved.pendingDebits).toEqual({});
  });
});
