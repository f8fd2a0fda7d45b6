/** The Lambdas' own client (lambdas/store/stripe-api.ts) against the sandbox: the payment-plan calls end to end. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeApi } from '../../../lambdas/store/stripe-api.js';
import { KEYS, startSandbox, type Harness } from './harness.js';

let h: Harness;
let api: StripeApi;
beforeAll(async () => {
  h = await startSandbox();
  api = new StripeApi(KEYS.secretKey, h.base);
});
afterAll(() => h.close());

describe('StripeApi against the sandbox', () => {
  it('saves a card with a SetupIntent and charges it off-session; a card needing authentication throws StripeCardError with the intent', async () => {
    const customer = await api.customers.create({ email: 'ana@example.com', name: 'Ana Lee' });
    const si = await api.setupIntents.confirm((await api.setupIntents.create({ customer: customer.id })).id, { payment_method: 'pm_card_visa' });
    expect(si.status).toBe('succeeded');
    const pm = si.payment_method as string;
    await api.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
    expect((await api.customers.retrieve(customer.id)).invoice_settings.default_payment_method).toBe(pm);
    const paid = await api.paymentIntents.create({ amount: 10_000, currency: 'usd', customer: customer.id, payment_method: pm, off_session: true, confirm: true });
    expect(paid.status).toBe('succeeded');

    const strict = await api.setupIntents.create({ customer: customer.id });
    await api.setupIntents.confirm(strict.id, { payment_method: 'pm_card_authenticationRequired' });
    await h.raw('POST', `/__control/authenticate/${strict.id}`, { body: 'outcome=complete' });
    const strictPm = (await api.setupIntents.retrieve(strict.id)).payment_method as string;
    await expect(
      api.paymentIntents.create({ amount: 10_000, currency: 'usd', customer: customer.id, payment_method: strictPm, off_session: true, confirm: true }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'authentication_required',
      decline_code: 'authentication_required',
      payment_intent: { status: 'requires_payment_method', customer: customer.id },
    });
    const methods = [];
    for await (const m of api.customers.listPaymentMethods(customer.id, { type: 'card' })) methods.push(m.id);
    expect(methods.sort()).toEqual([pm, strictPm].sort());
    expect((await api.paymentMethods.detach(pm)).customer).toBeNull();
  });

  it('saves a bank account with a mandate and debits it off-session: processing', async () => {
    const customer = await api.customers.create({ email: 'bo@example.com' });
    const si = await api.setupIntents.create({ customer: customer.id, payment_method_options: { us_bank_account: { verification_method: 'instant' } } });
    const saved = await api.setupIntents.confirm(si.id, {
      payment_method_data: {
        type: 'us_bank_account',
        us_bank_account: { routing_number: '110000000', account_number: '000123456789', account_holder_type: 'individual' },
        billing_details: { name: 'Bo' },
      },
      mandate_data: { customer_acceptance: { type: 'online', online: { ip_address: '203.0.113.9', user_agent: 'portal-test' } } },
    });
    const pm = await api.paymentMethods.retrieve(saved.payment_method as string);
    expect(pm.us_bank_account).toMatchObject({ bank_name: 'STRIPE TEST BANK', last4: '6789' });
    const debit = await api.paymentIntents.create({
      amount: 30_000,
      currency: 'usd',
      customer: customer.id,
      payment_method: pm.id,
      mandate: saved.mandate as string,
      off_session: true,
      confirm: true,
    });
    expect(debit.status).toBe('processing');
  });
});
