/** Customers and PaymentMethods through the official stripe SDK. */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { KEYS, sandboxPerFile, stripeFailure } from './harness.js';

const sb = sandboxPerFile();

const bank = (account = '000123456789', name = 'Ana Lee') =>
  sb.stripe.paymentMethods.create({
    type: 'us_bank_account',
    us_bank_account: { routing_number: '110000000', account_number: account, account_holder_type: 'individual' },
    billing_details: { name },
  });

describe('Customers', () => {
  it('creates, retrieves and updates a customer (metadata merged), with customer.created/updated events', async () => {
    const customer = await sb.stripe.customers.create({ email: 'ana@example.com', name: 'Ana Lee', metadata: { student: 's1' } });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ana@example.com',
      name: 'Ana Lee',
      metadata: { student: 's1' },
      invoice_settings: { default_payment_method: null },
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(await sb.stripe.customers.retrieve(customer.id)).toEqual(customer);
    const updated = await sb.stripe.customers.update(customer.id, { name: 'Ana M. Lee', metadata: { plan: 'p1' } });
    expect(updated).toMatchObject({ name: 'Ana M. Lee', metadata: { student: 's1', plan: 'p1' } });
    const events = await sb.stripe.events.list({ types: ['customer.created', 'customer.updated'], limit: 100 });
    expect(events.data.filter((e) => (e.data.object as Stripe.Customer).id === customer.id).map((e) => e.type)).toEqual(['customer.updated', 'customer.created']);
  });

  it('answers 404 resource_missing for an unknown customer and refuses the publishable key', async () => {
    expect(await stripeFailure(sb.stripe.customers.retrieve('cus_nope'))).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such customer: 'cus_nope'" });
    expect(await stripeFailure(sb.h.stripe(KEYS.publishableKey).customers.create({ email: 'x@example.com' }))).toMatchObject({ statusCode: 401 });
  });

  it('sets invoice_settings.default_payment_method only to a method attached to the customer', async () => {
    const customer = await sb.stripe.customers.create({ email: 'b@example.com' });
    const loose = await bank();
    expect(await stripeFailure(sb.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: loose.id } }))).toMatchObject({ code: 'resource_missing' });
    await sb.stripe.paymentMethods.attach(loose.id, { customer: customer.id });
    const updated = await sb.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: loose.id } });
    expect(updated.invoice_settings.default_payment_method).toBe(loose.id);
    // detaching clears the default
    await sb.stripe.paymentMethods.detach(loose.id);
    expect((await sb.stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ invoice_settings: { default_payment_method: null } });
  });
});

describe('PaymentMethods', () => {
  it('creates a us_bank_account method (STRIPE TEST BANK, last4 only) and needs billing_details[name]', async () => {
    const pm = await bank();
    expect(pm).toMatchObject({
      object: 'payment_method',
      type: 'us_bank_account',
      customer: null,
      billing_details: { name: 'Ana Lee' },
      us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789', routing_number: '110000000', account_holder_type: 'individual', account_type: 'checking' },
    });
    expect(JSON.stringify(pm)).not.toContain('000123456789');
    const unnamed = await sb.h.raw('POST', '/v1/payment_methods', {
      body: 'type=us_bank_account&us_bank_account[routing_number]=110000000&us_bank_account[account_number]=000123456789',
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error).toMatchObject({ code: 'parameter_missing', param: 'billing_details[name]' });
  });

  it('attaching a test id makes a new pm_ card (brand, last4, expiry) owned by the customer; lists filter by type and paginate', async () => {
    const customer = await sb.stripe.customers.create({ email: 'c@example.com' });
    const card = await sb.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(card.id).toMatch(/^pm_(?!card_)/);
    expect(card).toMatchObject({ type: 'card', customer: customer.id, card: { brand: 'visa', last4: '4242', exp_month: expect.any(Number), exp_year: expect.any(Number) } });
    const account = await bank();
    await sb.stripe.paymentMethods.attach(account.id, { customer: customer.id });
    await sb.stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });

    const cards = await sb.stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(cards.data.map((pm) => pm.card?.brand)).toEqual(['mastercard', 'visa']);
    const all = [];
    for await (const pm of sb.stripe.customers.listPaymentMethods(customer.id, { limit: 1 })) all.push(pm.type);
    expect(all).toEqual(['card', 'us_bank_account', 'card']);
    const viaList = await sb.stripe.paymentMethods.list({ customer: customer.id, type: 'us_bank_account' });
    expect(viaList.data.map((pm) => pm.id)).toEqual([account.id]);
    const attached = await sb.stripe.events.list({ type: 'payment_method.attached', limit: 100 });
    expect(attached.data.filter((e) => (e.data.object as Stripe.PaymentMethod).customer === customer.id)).toHaveLength(3);
  });

  it('detach: customer null, payment_method.detached, and the method may not be attached or used again', async () => {
    const customer = await sb.stripe.customers.create({ email: 'd@example.com' });
    const pm = await sb.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const detached = await sb.stripe.paymentMethods.detach(pm.id);
    expect(detached.customer).toBeNull();
    expect((await sb.stripe.paymentMethods.retrieve(pm.id)).customer).toBeNull();
    expect(await stripeFailure(sb.stripe.paymentMethods.detach(pm.id))).toMatchObject({ statusCode: 400, message: /not attached to a customer/ });
    expect(await stripeFailure(sb.stripe.paymentMethods.attach(pm.id, { customer: customer.id }))).toMatchObject({ statusCode: 400, message: /may not be used again/ });
    const events = await sb.stripe.events.list({ type: 'payment_method.detached' });
    expect(events.data[0].data.object).toMatchObject({ id: pm.id, customer: null });
  });

  it('refuses to attach a method that belongs to another customer', async () => {
    const [a, b] = await Promise.all([sb.stripe.customers.create({ email: 'a@example.com' }), sb.stripe.customers.create({ email: 'b@example.com' })]);
    const pm = await sb.stripe.paymentMethods.attach('pm_card_visa', { customer: a.id });
    expect(await stripeFailure(sb.stripe.paymentMethods.attach(pm.id, { customer: b.id }))).toMatchObject({ statusCode: 400, message: /already been attached/ });
  });
});
