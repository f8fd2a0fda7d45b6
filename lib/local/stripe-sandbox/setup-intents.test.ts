/** SetupIntents through the official stripe SDK: cards, declines, bank accounts with mandates and microdeposits. */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { KEYS, sandboxPerFile, stripeFailure } from './harness.js';

const sb = sandboxPerFile();

const MANDATE = { customer_acceptance: { type: 'online' as const, online: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' } } };
const BANK_DATA = {
  type: 'us_bank_account' as const,
  us_bank_account: { routing_number: '110000000', account_number: '000123456789', account_holder_type: 'individual' as const },
  billing_details: { name: 'Ana Lee' },
};
const eventsFor = async (id: string) => (await sb.stripe.events.list({ limit: 100 })).data.filter((e) => (e.data.object as { id: string }).id === id).map((e) => e.type);

describe('SetupIntents: cards', () => {
  it('creates with usage off_session by default; a card confirmed by Stripe.js (publishable key + client_secret) succeeds and is attached', async () => {
    const customer = await sb.stripe.customers.create({ email: 'ana@example.com' });
    const si = await sb.stripe.setupIntents.create({ customer: customer.id, metadata: { plan: 'p1' } });
    expect(si).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      usage: 'off_session',
      customer: customer.id,
      payment_method_types: ['card', 'us_bank_account'],
    });
    const browser = sb.h.stripe(KEYS.publishableKey);
    expect(
      await stripeFailure(browser.setupIntents.confirm(si.id, { payment_method: 'pm_card_visa', client_secret: 'seti_wrong_secret_x' } as Stripe.SetupIntentConfirmParams)),
    ).toMatchObject({
      statusCode: 400,
      param: 'client_secret',
    });
    const done = await browser.setupIntents.confirm(si.id, { payment_method: 'pm_card_visa', client_secret: si.client_secret } as Stripe.SetupIntentConfirmParams);
    expect(done.status).toBe('succeeded');
    expect(done.payment_method).toMatch(/^pm_(?!card_)/);
    expect(await sb.stripe.paymentMethods.retrieve(done.payment_method as string)).toMatchObject({ customer: customer.id, card: { last4: '4242' } });
    expect(await eventsFor(si.id)).toEqual(['setup_intent.succeeded', 'setup_intent.created']);
    const retrieved = await browser.setupIntents.retrieve(si.id, { client_secret: si.client_secret } as Stripe.SetupIntentRetrieveParams);
    expect(retrieved.status).toBe('succeeded');
  });

  it('a declining card fails the setup: 402 card_error with the SetupIntent, last_setup_error, setup_intent.setup_failed', async () => {
    const customer = await sb.stripe.customers.create({ email: 'b@example.com' });
    const si = await sb.stripe.setupIntents.create({ customer: customer.id });
    const error = await stripeFailure(sb.stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_chargeDeclined' }));
    expect(error).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect(error.raw).toMatchObject({ setup_intent: { id: si.id, status: 'requires_payment_method', last_setup_error: { code: 'card_declined', type: 'card_error' } } });
    expect(await eventsFor(si.id)).toContain('setup_intent.setup_failed');
    expect((await sb.stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(0);
  });

  it('the always-authenticate card asks for 3D Secure (requires_action, redirect_to_url)', async () => {
    const customer = await sb.stripe.customers.create({ email: 'c@example.com' });
    const si = await sb.stripe.setupIntents.create({ customer: customer.id });
    const pending = await sb.stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_authenticationRequired', return_url: 'http://localhost:5173/plans/return' });
    expect(pending).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: 'http://localhost:5173/plans/return' } } });
    expect(pending.next_action?.redirect_to_url?.url).toBe(`${sb.h.base}/__control/authenticate/${si.id}`);
  });

  it('cancels (setup_intent.canceled) and refuses to confirm a canceled one', async () => {
    const si = await sb.stripe.setupIntents.create({});
    expect((await sb.stripe.setupIntents.cancel(si.id, { cancellation_reason: 'abandoned' })).status).toBe('canceled');
    expect(await stripeFailure(sb.stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_visa' }))).toMatchObject({ code: 'setup_intent_unexpected_state' });
    expect(await stripeFailure(sb.stripe.setupIntents.cancel(si.id))).toMatchObject({ code: 'setup_intent_unexpected_state' });
  });
});

describe('SetupIntents: US bank accounts', () => {
  it('instant verification succeeds at once with a mandate (GET /v1/mandates/:id)', async () => {
    const customer = await sb.stripe.customers.create({ email: 'd@example.com' });
    const si = await sb.stripe.setupIntents.create({ customer: customer.id, payment_method_options: { us_bank_account: { verification_method: 'instant' } } });
    const done = await sb.stripe.setupIntents.confirm(si.id, { payment_method_data: BANK_DATA, mandate_data: MANDATE });
    expect(done.status).toBe('succeeded');
    expect(done.mandate).toMatch(/^mandate_/);
    const mandate = await sb.stripe.mandates.retrieve(done.mandate as string);
    expect(mandate).toMatchObject({
      object: 'mandate',
      status: 'active',
      type: 'multi_use',
      payment_method: done.payment_method,
      customer_acceptance: { type: 'online', online: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' } },
    });
    expect(await sb.stripe.paymentMethods.retrieve(done.payment_method as string)).toMatchObject({ customer: customer.id, us_bank_account: { last4: '6789' } });
  });

  it('needs mandate_data for a bank account', async () => {
    const customer = await sb.stripe.customers.create({ email: 'e@example.com' });
    const si = await sb.stripe.setupIntents.create({ customer: customer.id });
    expect(await stripeFailure(sb.stripe.setupIntents.confirm(si.id, { payment_method_data: BANK_DATA }))).toMatchObject({ statusCode: 400, code: 'parameter_missing' });
  });

  it('microdeposits: requires_action verify_with_microdeposits; wrong amounts refused; 32 and 45 verify', async () => {
    const customer = await sb.stripe.customers.create({ email: 'f@example.com' });
    const si = await sb.stripe.setupIntents.create({ customer: customer.id, payment_method_options: { us_bank_account: { verification_method: 'microdeposits' } } });
    const waiting = await sb.stripe.setupIntents.confirm(si.id, { payment_method_data: BANK_DATA, mandate_data: MANDATE });
    expect(waiting).toMatchObject({ status: 'requires_action', next_action: { type: 'verify_with_microdeposits', verify_with_microdeposits: { microdeposit_type: 'amounts' } } });
    expect(waiting.next_action?.verify_with_microdeposits?.hosted_verification_url).toMatch(/^http/);
    expect((await sb.stripe.mandates.retrieve(waiting.mandate as string)).status).toBe('pending');

    const wrong = await stripeFailure(sb.stripe.setupIntents.verifyMicrodeposits(si.id, { amounts: [10, 11] }));
    expect(wrong).toMatchObject({ statusCode: 400, code: 'payment_method_microdeposit_verification_amounts_mismatch' });
    const wrongCode = await stripeFailure(sb.stripe.setupIntents.verifyMicrodeposits(si.id, { descriptor_code: 'SM00XX' }));
    expect(wrongCode.code).toBe('payment_method_microdeposit_verification_descriptor_code_mismatch');
    const verified = await sb.stripe.setupIntents.verifyMicrodeposits(si.id, { amounts: [32, 45] });
    expect(verified.status).toBe('succeeded');
    expect((await sb.stripe.mandates.retrieve(waiting.mandate as string)).status).toBe('active');
  });

  it('descriptor code SM11AA verifies; three wrong tries fail the setup', async () => {
    const customer = await sb.stripe.customers.create({ email: 'g@example.com' });
    const make = async () => {
      const si = await sb.stripe.setupIntents.create({ customer: customer.id, payment_method_options: { us_bank_account: { verification_method: 'microdeposits' } } });
      await sb.stripe.setupIntents.confirm(si.id, { payment_method_data: BANK_DATA, mandate_data: MANDATE });
      return si;
    };
    const one = await make();
    expect((await sb.stripe.setupIntents.verifyMicrodeposits(one.id, { descriptor_code: 'SM11AA' })).status).toBe('succeeded');
    const two = await make();
    await stripeFailure(sb.stripe.setupIntents.verifyMicrodeposits(two.id, { amounts: [1, 2] }));
    await stripeFailure(sb.stripe.setupIntents.verifyMicrodeposits(two.id, { amounts: [1, 2] }));
    const third = await stripeFailure(sb.stripe.setupIntents.verifyMicrodeposits(two.id, { amounts: [1, 2] }));
    expect(third.code).toBe('payment_method_microdeposit_verification_attempts_exceeded');
    expect(await sb.stripe.setupIntents.retrieve(two.id)).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'payment_method_microdeposit_verification_attempts_exceeded' },
    });
  });
});
