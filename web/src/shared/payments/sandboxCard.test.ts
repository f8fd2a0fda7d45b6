import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/test-utils';
import { CARD_MESSAGES, cardProblem, confirmSandboxPayment, formatCardNumber, formatExpiry, testPaymentMethod, type SandboxConfirmation } from './sandboxCard';

const now = new Date('2026-03-15T12:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', postalCode: '02139' };

describe('sandbox card form: Stripe test cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'pm_card_visa'],
    ['4242424242424242', 'pm_card_visa'],
    ['4000 0000 0000 0002', 'pm_card_chargeDeclined'],
    ['4000-0000-0000-9995', 'pm_card_chargeDeclinedInsufficientFunds'],
  ])('maps %s to %s', (number, method) => {
    expect(testPaymentMethod(number)).toBe(method);
  });

  it.each(['5555 5555 5555 4444', '4242 4242 4242 4241', '4242'])('knows no other number (%s): "Your card number is incorrect."', (number) => {
    expect(testPaymentMethod(number)).toBeNull();
    expect(cardProblem({ ...good, number }, now)).toBe('Your card number is incorrect.');
  });

  it('formats the number in groups of four and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000 00')).toBe('4000 00');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/30')).toBe('12/30');
  });

  it.each([
    [{ number: '' }, CARD_MESSAGES.numberIncomplete],
    [{ expiry: '12' }, CARD_MESSAGES.expiryIncomplete],
    [{ expiry: '13/30' }, CARD_MESSAGES.expiryInvalid],
    [{ expiry: '02/26' }, CARD_MESSAGES.expiryPast],
    [{ expiry: '12/25' }, CARD_MESSAGES.expiryPast],
    [{ cvc: '12' }, CARD_MESSAGES.cvcIncomplete],
    [{ postalCode: ' ' }, CARD_MESSAGES.postalIncomplete],
  ])('checks the other fields like Stripe: %o', (change, message) => {
    expect(cardProblem({ ...good, ...change }, now)).toBe(message);
  });

  it('accepts a complete test card, this month included', () => {
    expect(cardProblem(good, now)).toBeNull();
    expect(cardProblem({ ...good, expiry: '03/26' }, now)).toBeNull();
  });
});

describe('confirmSandboxPayment', () => {
  const confirmation: SandboxConfirmation = {
    paymentIntentId: 'pi_123',
    clientSecret: 'pi_123_secret_abc',
    paymentMethod: 'pm_card_visa',
    publishableKey: 'pk_test_local',
    billing: { name: 'Jane Doe', email: 'jane@example.edu', postalCode: '02139' },
  };

  it('confirms the PaymentIntent the way Stripe.js does', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ id: 'pi_123', object: 'payment_intent', status: 'succeeded' }));
    await expect(confirmSandboxPayment(confirmation, fetchMock)).resolves.toEqual({ status: 'succeeded' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${window.location.origin}/local/stripe/v1/payment_intents/pi_123/confirm`);
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer pk_test_local');
    expect(headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(init.body as URLSearchParams)).toEqual({
      client_secret: 'pi_123_secret_abc',
      payment_method: 'pm_card_visa',
      'payment_method_data[billing_details][name]': 'Jane Doe',
      'payment_method_data[billing_details][email]': 'jane@example.edu',
      'payment_method_data[billing_details][address][postal_code]': '02139',
    });
  });

  it("answers the provider's message for a declined card (402)", async () => {
    const declined = { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } };
    const fetchMock = vi.fn(async () => jsonResponse(declined, 402));
    await expect(confirmSandboxPayment(confirmation, fetchMock)).resolves.toEqual({ error: 'Your card has insufficient funds.', code: 'card_declined' });
  });

  it("answers the code and the intent's status of an intent that cannot be confirmed (a newer checkout canceled it)", async () => {
    const canceled = {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has a status of canceled.',
        payment_intent: { id: 'pi_123', status: 'canceled' },
      },
    };
    await expect(
      confirmSandboxPayment(
        confirmation,
        vi.fn(async () => jsonResponse(canceled, 400)),
      ),
    ).resolves.toEqual({
      error: 'You cannot confirm this PaymentIntent because it has a status of canceled.',
      code: 'payment_intent_unexpected_state',
      intentStatus: 'canceled',
    });
  });

  it('answers a generic message when the sandbox cannot be reached or says nothing useful', async () => {
    await expect(
      confirmSandboxPayment(
        confirmation,
        vi.fn(async () => Promise.reject(new TypeError('offline'))),
      ),
    ).resolves.toEqual({
      error: CARD_MESSAGES.unexpected,
    });
    await expect(
      confirmSandboxPayment(
        confirmation,
        vi.fn(async () => new Response('oops', { status: 500 })),
      ),
    ).resolves.toEqual({
      error: CARD_MESSAGES.unexpected,
    });
  });
});
