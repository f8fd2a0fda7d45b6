/**
 * Steps of the cart and checkout shared by the money journeys (checkout-money.test.ts): the bill's
 * balance on the dashboard, paying with a Stripe test card in the sandbox form, and the calls that
 * open a checkout (POST /api/create-payment-intent), recorded per page.
 */
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { callApi, login } from './api.js';
import { baseUrl, stripeKeys } from './stack.js';

export const bill = (page: Page) => page.getByRole('region', { name: 'My Bill' });

/** The balance figure of My Bill, e.g. "$749.50". */
export const balance = (page: Page) => bill(page).getByText('Balance', { exact: true }).locator('xpath=following-sibling::*[1]');

/** Opens the dashboard and waits until My Bill shows `expected` (the webhook may still be on its way). */
export async function expectBalance(page: Page, expected: string, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    await page.goto(`${baseUrl()}/Dashboard`);
    await balance(page).waitFor();
    const shown = await balance(page).textContent();
    if (shown === expected) return;
    if (Date.now() > deadline) expect(shown).toBe(expected);
    await page.waitForTimeout(500);
  }
}

/** Pay Bill on the dashboard: every owed program goes to the cart (merging with what is there), then /cart. */
export async function payBill(page: Page): Promise<void> {
  if (!/\/Dashboard$/.test(new URL(page.url()).pathname)) await page.goto(`${baseUrl()}/Dashboard`);
  await bill(page).getByRole('button', { name: 'Pay Bill' }).click();
  await page.waitForURL(/\/cart$/);
}

export const cardForm = (page: Page) => page.getByRole('form', { name: 'Card payment' });

/** Fills the sandbox card form with `cardNumber` and presses "Pay $total". */
export async function payByCard(page: Page, total: string, cardNumber = '4242 4242 4242 4242'): Promise<void> {
  const form = cardForm(page);
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Postal code').fill('02139');
  await form.getByRole('button', { name: `Pay ${total}` }).click();
}

/** Records this page's POST /api/create-payment-intent calls (bodies parsed). */
export function recordIntentRequests(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/create-payment-intent') {
      bodies.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
    }
  });
  return bodies;
}

/** The student's payments as the API lists them to the student themself. */
export async function listedPayments(token: string, username: string): Promise<Array<{ status: string; amount: number; payment_intent_id: string }>> {
  const res = await fetch(`${baseUrl()}/api/students/${encodeURIComponent(username)}/payments/`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`payments of ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { results: Array<{ status: string; amount: number; payment_intent_id: string }> }).results;
}

type ProgramList = 'diploma_programs' | 'associate_programs' | 'certificate_programs';
const PROGRAM_TYPE_OF: Record<ProgramList, string> = { diploma_programs: 'diploma', associate_programs: 'associates', certificate_programs: 'certificate' };

/**
 * The student pays `amount` of the first program of a kind by card, without a browser: the portal opens
 * the checkout (POST /api/create-payment-intent, as the checkout page does) and the card is confirmed
 * with the sandbox as Stripe.js confirms it (publishable key and client secret, the 4242 test card).
 * Answers the PaymentIntent's id; the payment is recorded when the sandbox's signed event arrives.
 */
export async function studentPaysByCard(student: { username: string; password: string }, programs: ProgramList, amount: string, billingName?: string): Promise<string> {
  const { token } = await login(student.username, student.password);
  const record = await callApi(token, 'GET', `/api/students/${student.username}/`);
  expect(record.status, `${student.username}'s own record: ${record.said}`).toBe(200);
  const program = record.body.payment_details[programs][0] as { id: string };
  const opened = await callApi(token, 'POST', '/api/create-payment-intent', {
    username: student.username,
    totalCost: amount,
    items: [{ program_type: PROGRAM_TYPE_OF[programs], program_id: program.id, amount }],
    idempotency_key: crypto.randomUUID(),
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const { paymentIntentId, clientSecret } = opened.body as { paymentIntentId: string; clientSecret: string };
  const confirmed = await fetch(`${baseUrl()}/local/stripe/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stripeKeys().publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_secret: clientSecret,
      payment_method: 'pm_card_visa',
      ...(billingName ? { 'payment_method_data[billing_details][name]': billingName } : {}),
    }),
  });
  const intent = (await confirmed.json()) as { status?: string };
  expect(confirmed.status, JSON.stringify(intent)).toBe(200);
  expect(intent.status).toBe('succeeded');
  return paymentIntentId;
}
