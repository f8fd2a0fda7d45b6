import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig, setRuntimeConfig } from '../../app/runtimeConfig';
import { selectCurrentToast } from '../../app/toastSlice';
import type { CartItem } from './cartSlice';
import { jsonResponse, renderRoutes, requestUrl, signedIn } from '../../test-utils';
import CartRoute from './CartRoute';
import { cartState, nursingAssistant, patientCareTechnician } from './cartTestData';
import CheckoutPage from './CheckoutPage';

const intent = { clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1', amount: 570000, currency: 'usd' };
const declined = { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } };
const recordedPage = {
  results: [{ id: 'pay-1', payment_intent_id: 'pi_1', status: 'succeeded' }],
  next: null,
  count: 1,
  totals: { amount: 5700, refunded: 0, succeeded: 5700 },
};

interface Stub {
  createIntent?: () => Response | Promise<Response>;
  confirm?: () => Response | Promise<Response>;
}

/** Answers the checkout's calls by URL; records every call. */
function stubNetwork({ createIntent = () => jsonResponse(intent), confirm = () => jsonResponse({ id: 'pi_1', status: 'succeeded' }) }: Stub = {}) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: unknown, init?: RequestInit) => {
    const url = requestUrl(input);
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    const body = input instanceof Request ? await input.clone().text() : init?.body;
    calls.push({ url, method, body: typeof body === 'string' && body.startsWith('{') ? JSON.parse(body) : body });
    if (url.endsWith('/api/create-payment-intent')) return createIntent();
    if (url.includes('/local/stripe/v1/payment_intents/pi_1/confirm')) return confirm();
    if (url.includes('/api/students/student/payments/')) return jsonResponse(recordedPage);
    return jsonResponse({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderCheckout(...items: CartItem[]) {
  setRuntimeConfig({ ...defaultRuntimeConfig, payments: { mode: 'sandbox', publishableKey: 'pk_test_local' } });
  const routes = [
    { Component: CartRoute, children: [{ path: '/checkout', Component: CheckoutPage }, { path: '/cart', element: <h1>Cart page</h1> }] },
    { path: '/Dashboard', element: <h1>Dashboard page</h1> },
  ];
  return renderRoutes(routes, '/checkout', { preloadedState: { ...signedIn(), cart: cartState(...items) } });
}

function enterCard(number: string) {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/40' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: '02139' } });
}

const payButton = () => screen.findByRole('button', { name: /^Pay \$/ });

afterEach(() => {
  vi.useRealTimers();
});

describe('Checkout page (spec section 2, Checkout)', () => {
  it('redirects to /cart when the cart is empty, without asking for a payment intent', async () => {
    const calls = stubNetwork();
    const { router } = renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart');
    expect(calls).toEqual([]);
  });

  it('shows the order summary, the secure-payment notice, the card form and "Pay $total"', async () => {
    stubNetwork();
    renderCheckout(nursingAssistant, patientCareTechnician);
    expect(screen.getByRole('heading', { level: 1, name: 'Secure Checkout' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Order Summary' }).textContent).toContain('$5700.00');
    expect(screen.getByRole('note').textContent).toMatch(/^Secure payment/);
    expect((await payButton()).textContent).toBe('Pay $5700.00');
    for (const label of ['Name on card', 'Email', 'Card number', 'Expiry (MM/YY)', 'CVC', 'Postal code']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect((screen.getByLabelText('Name on card') as HTMLInputElement).value).toBe('Jane Doe');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('student@example.edu');
  });

  it('asks for one payment intent with the spec\'s body plus the items and an idempotency key', async () => {
    const calls = stubNetwork();
    renderCheckout(nursingAssistant, { ...patientCareTechnician, quantity: 2 });
    await payButton();
    const created = calls.filter((call) => call.url.endsWith('/api/create-payment-intent'));
    expect(created).toHaveLength(1);
    expect(created[0].method).toBe('POST');
    expect(created[0].body).toEqual({
      username: 'student',
      totalCost: 9900,
      studentData: { firstName: 'Jane', lastName: 'Doe', studentId: 'u-1' },
      items: [
        { program_type: 'certificate', program_id: '1', amount: 1500 },
        { program_type: 'diploma', program_id: '2', amount: 8400 },
      ],
      idempotency_key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
  });

  it('says "Failed to initialize payment. Please try again." when the intent cannot be made, and retries with the same key', async () => {
    let answer = () => jsonResponse({ error: 'Amount for Nursing Assistant is above what is owed (1500.00)' }, 400);
    const calls = stubNetwork({ createIntent: () => answer() });
    renderCheckout(nursingAssistant);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to initialize payment. Please try again.');
    expect(alert.textContent).toContain('above what is owed');
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).toBeNull();

    answer = () => jsonResponse(intent);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await payButton()).textContent).toBe('Pay $1500.00');
    const keys = calls.filter((call) => call.url.endsWith('/api/create-payment-intent')).map((call) => (call.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('answers "Your card number is incorrect." for other numbers without calling the provider', async () => {
    const calls = stubNetwork();
    renderCheckout(nursingAssistant);
    fireEvent.click(await payButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');
    enterCard('5555 5555 5555 4444');
    fireEvent.click(await payButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your card number is incorrect.'));
    expect(calls.some((call) => call.url.includes('/local/stripe/'))).toBe(false);
  });

  it('shows "Processing..." while confirming, then the decline message, and changes nothing', async () => {
    let release: (response: Response) => void = () => {};
    const calls = stubNetwork({ confirm: () => new Promise<Response>((resolve) => (release = resolve)) });
    const { store, router } = renderCheckout(nursingAssistant);
    const pay = await payButton();
    enterCard('4000 0000 0000 0002');
    fireEvent.click(pay);

    const processing = (await screen.findByRole('button', { name: 'Processing...' })) as HTMLButtonElement;
    expect(processing.disabled).toBe(true);
    const confirm = calls.find((call) => call.url.includes('/confirm'));
    expect(new URLSearchParams(confirm?.body as URLSearchParams).get('payment_method')).toBe('pm_card_chargeDeclined');

    release(jsonResponse(declined, 402));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect((await payButton()).textContent).toBe('Pay $1500.00');
    expect(store.getState().cart.items).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.queryByText('Payment Successful!')).toBeNull();
  });

  it('on success: clears the cart, shows the success texts and toast, and goes to /Dashboard after 3000 ms', async () => {
    stubNetwork();
    const { store, router } = renderCheckout(nursingAssistant, patientCareTechnician);
    localStorage.setItem('cart_student', JSON.stringify(store.getState().cart.items));
    const pay = await payButton();
    enterCard('4242 4242 4242 4242');

    // Testing Library's findBy waits on setTimeout itself, so vi.waitFor (fake-timer aware) from here on.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(pay);
    await vi.waitFor(() => screen.getByText('Payment Successful!'));
    expect(screen.getByText('Redirecting to dashboard in a moment...')).toBeTruthy();
    expect(store.getState().cart.items).toEqual([]);
    expect(localStorage.getItem('cart_student')).toBeNull();
    expect(selectCurrentToast(store.getState())).toMatchObject({
      message: 'Payment successful! Your payment has been processed.',
      severity: 'success',
      autoHideMs: 6000,
    });

    await vi.advanceTimersByTimeAsync(2900);
    expect(router.state.location.pathname).toBe('/checkout');
    await vi.advanceTimersByTimeAsync(100);
    expect(router.state.location.pathname).toBe('/Dashboard');
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });
});
