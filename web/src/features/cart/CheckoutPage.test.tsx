import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig, setRuntimeConfig } from '#shared/runtimeConfig';
import { selectCurrentToast } from '#shared/toast/toastSlice';
import type { StudentRecord } from '#contract/students';
import type { CartItem } from '#shared/cart/cartSlice';
import { jsonResponse, renderRoutes, requestUrl, signedIn } from '../../testing/test-utils';
import CartRoute from './CartRoute';
import { cartState, nursingAssistant, owing, patientCareTechnician, studentRecord } from './cartTestData';
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
  createIntent?: (body: unknown) => Response | Promise<Response>;
  confirm?: (intentId: string) => Response | Promise<Response>;
  student?: () => Response | Promise<Response>;
}

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Answers the checkout's calls by URL; records every call. */
function stubNetwork({
  createIntent = () => jsonResponse(intent),
  confirm = (id) => jsonResponse({ id, status: 'succeeded' }),
  student = () => jsonResponse(studentRecord()),
}: Stub = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: unknown, init?: RequestInit) => {
    const url = requestUrl(input);
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    const body = input instanceof Request ? await input.clone().text() : init?.body;
    const parsed = typeof body === 'string' && body.startsWith('{') ? JSON.parse(body) : body;
    calls.push({ url, method, body: parsed });
    if (url.endsWith('/api/create-payment-intent')) return createIntent(parsed);
    const confirming = /\/local\/stripe\/v1\/payment_intents\/(pi_\w+)\/confirm/.exec(url);
    if (confirming) return confirm(confirming[1]);
    if (url.includes('/api/students/student/payments/')) return jsonResponse(recordedPage);
    if (url.endsWith('/api/students/student/')) return student();
    return jsonResponse({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const intentCalls = (calls: Call[]) => calls.filter((call) => call.url.endsWith('/api/create-payment-intent'));
const studentReads = (calls: Call[]) => calls.filter((call) => call.url.endsWith('/api/students/student/'));
const withRecord = (record: StudentRecord) => () => jsonResponse(record);

function renderCheckout(...items: CartItem[]) {
  setRuntimeConfig({ ...defaultRuntimeConfig, payments: { mode: 'sandbox', publishableKey: 'pk_test_local' } });
  const routes = [
    {
      Component: CartRoute,
      children: [
        { path: '/checkout', Component: CheckoutPage },
        { path: '/cart', element: <h1>Cart page</h1> },
      ],
    },
    { path: '/Dashboard', element: <h1>Dashboard page</h1> },
    { path: '/payments', element: <h1>Payment History page</h1> },
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
    expect(screen.getByRole('region', { name: 'Order Summary' }).textContent).toContain('$5,700.00');
    expect(screen.getByRole('note').textContent).toMatch(/^Secure payment/);
    expect((await payButton()).textContent).toBe('Pay $5,700.00');
    for (const label of ['Name on card', 'Email', 'Card number', 'Expiry (MM/YY)', 'CVC', 'Postal code']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect((screen.getByLabelText('Name on card') as HTMLInputElement).value).toBe('Jane Doe');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('student@example.edu');
  });

  it("asks for one payment intent with the spec's body plus the items and an idempotency key", async () => {
    const calls = stubNetwork({ student: withRecord(studentRecord([owing(nursingAssistant, 1500), owing(patientCareTechnician, 8400)])) });
    renderCheckout(nursingAssistant, { ...patientCareTechnician, quantity: 2 });
    await payButton();
    const created = intentCalls(calls);
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
    expect((await payButton()).textContent).toBe('Pay $1,500.00');
    const keys = intentCalls(calls).map((call) => (call.body as { idempotency_key: string }).idempotency_key);
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
    expect((await payButton()).textContent).toBe('Pay $1,500.00');
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

const canceledAnswer = (id: string) =>
  jsonResponse(
    {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has a status of canceled.',
        payment_intent: { id, object: 'payment_intent', status: 'canceled' },
      },
    },
    400,
  );

describe('Checkout that cannot mislead', () => {
  it('reads the student record afresh before opening the payment', async () => {
    const calls = stubNetwork();
    renderCheckout(nursingAssistant);
    await payButton();
    const read = calls.findIndex((call) => call.url.endsWith('/api/students/student/'));
    const created = calls.findIndex((call) => call.url.endsWith('/api/create-payment-intent'));
    expect(read).toBeGreaterThanOrEqual(0);
    expect(created).toBeGreaterThan(read);
  });

  it('a bill item twice (quantity 2) is explained before any payment starts, and one click pays exactly what is owed', async () => {
    const calls = stubNetwork();
    const { store } = renderCheckout({ ...nursingAssistant, quantity: 2 });
    const fix = await screen.findByRole('button', { name: 'Fix my cart' });
    const notice = fix.closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByText('Your cart asks for more than you owe')).toBeTruthy();
    expect(notice.textContent).toContain('Nursing Assistant: your cart asks for $3,000.00 (2 × $1,500.00), but you owe $1,500.00.');
    expect(notice.textContent).toContain('Nothing has been charged.');
    expect(document.body.textContent).not.toMatch(/items\.\d/);
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).toBeNull();
    expect(intentCalls(calls)).toEqual([]);

    fireEvent.click(fix);
    expect((await payButton()).textContent).toBe('Pay $1,500.00');
    expect(store.getState().cart.items).toMatchObject([{ program_id: '1', amount: 1500, quantity: 1 }]);
    expect(intentCalls(calls)).toHaveLength(1);
    expect(intentCalls(calls)[0].body).toMatchObject({ totalCost: 1500, items: [{ program_type: 'certificate', program_id: '1', amount: 1500 }] });
    expect(screen.queryByText('Your cart asks for more than you owe')).toBeNull();
  });

  it('a stale cart after paying elsewhere: a program with nothing owed is dropped, another is set to what is left', async () => {
    const calls = stubNetwork({ student: withRecord(studentRecord([owing(nursingAssistant, 0), owing(patientCareTechnician, 1200)])) });
    const { store } = renderCheckout(nursingAssistant, patientCareTechnician);
    const fix = await screen.findByRole('button', { name: 'Fix my cart' });
    const notice = fix.closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByText('Nursing Assistant: you owe nothing on this program now, so there is nothing to pay.')).toBeTruthy();
    expect(within(notice).getByText('Patient Care Technician: your cart asks for $4,200.00, but you owe $1,200.00.')).toBeTruthy();
    expect(intentCalls(calls)).toEqual([]);

    fireEvent.click(fix);
    expect((await payButton()).textContent).toBe('Pay $1,200.00');
    expect(store.getState().cart.items).toMatchObject([{ program_id: '2', amount: 1200, quantity: 1 }]);
  });

  it('when nothing is owed at all, the fix empties the cart and the checkout goes back to the cart', async () => {
    const calls = stubNetwork({ student: withRecord(studentRecord([owing(nursingAssistant, 0)])) });
    const { router } = renderCheckout(nursingAssistant);
    fireEvent.click(await screen.findByRole('button', { name: 'Fix my cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart');
    expect(intentCalls(calls)).toEqual([]);
  });

  it("never shows the server's field wording: a refusal for what is owed reads plainly, and Try Again checks again with a new key", async () => {
    let owed = 1500;
    const calls = stubNetwork({
      student: () => jsonResponse(studentRecord([owing(nursingAssistant, owed)])),
      createIntent: () => jsonResponse({ error: 'items.0.amount: 1500.00 is more than the 1000.00 owed for Nursing Assistant' }, 400),
    });
    renderCheckout(nursingAssistant);
    const alert = await screen.findByText(/Failed to initialize payment/);
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(box.textContent).toContain('Your cart asks for $1,500.00 for Nursing Assistant, but you owe $1,000.00. Nothing was charged');
    expect(document.body.textContent).not.toContain('items.0');

    owed = 1000; // what the server knew: the fresh record now says so too
    fireEvent.click(within(box).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Nursing Assistant: your cart asks for $1,500.00, but you owe $1,000.00.')).toBeTruthy();
    expect(studentReads(calls)).toHaveLength(2);
    expect(intentCalls(calls)).toHaveLength(1);
  });

  it("hides any other field-named refusal behind the spec's text", async () => {
    stubNetwork({ createIntent: () => jsonResponse({ error: 'items.0.program_type: must be one of certificate, diploma, associates' }, 400) });
    renderCheckout(nursingAssistant);
    const alert = (await screen.findByText(/Failed to initialize payment/)).closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toBe('Failed to initialize payment. Please try again.Try Again');
  });

  it('an old tab: a checkout replaced by a newer one says so, nothing charged, and Reload starts a new checkout', async () => {
    let next = 1;
    const calls = stubNetwork({
      createIntent: () => {
        const id = `pi_${next++}`;
        return jsonResponse({ ...intent, paymentIntentId: id, clientSecret: `${id}_secret_x` });
      },
      confirm: (id) => (id === 'pi_1' ? canceledAnswer(id) : jsonResponse({ id, status: 'succeeded' })),
    });
    const { store } = renderCheckout(nursingAssistant);
    const first = await payButton();
    enterCard('4242 4242 4242 4242');
    fireEvent.click(first);

    const replaced = await screen.findByText('This checkout was replaced by a newer one, opened in another tab or window. Nothing was charged.');
    expect(screen.queryByText(/cannot confirm this PaymentIntent/)).toBeNull();
    expect(screen.queryByRole('form', { name: 'Card payment' })).toBeNull();
    expect(store.getState().cart.items).toHaveLength(1);

    fireEvent.click(within(replaced.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }));
    const pay = await payButton();
    const keys = intentCalls(calls).map((call) => (call.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(studentReads(calls)).toHaveLength(2);

    enterCard('4242 4242 4242 4242');
    fireEvent.click(pay);
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('/payment_intents/pi_2/confirm'))).toBe(true);
  });

  it('a processing payment is neither a success nor a failure: the cart is cleared and Payment History is offered', async () => {
    stubNetwork({ confirm: (id) => jsonResponse({ id, status: 'processing' }) });
    const { store, router } = renderCheckout(nursingAssistant);
    localStorage.setItem('cart_student', JSON.stringify(store.getState().cart.items));
    const pay = await payButton();
    enterCard('4242 4242 4242 4242');
    fireEvent.click(pay);

    expect(await screen.findByText('Your payment is processing: it will appear once confirmed.')).toBeTruthy();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(selectCurrentToast(store.getState())).toBeNull();
    expect(store.getState().cart.items).toEqual([]);
    expect(localStorage.getItem('cart_student')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/checkout');
    fireEvent.click(screen.getByRole('link', { name: 'Go to Payment History' }));
    expect(await screen.findByRole('heading', { name: 'Payment History page' })).toBeTruthy();
  });

  it('a checkout already paid (confirmed twice) counts as the success it was', async () => {
    stubNetwork({
      confirm: (id) =>
        jsonResponse(
          { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'already succeeded', payment_intent: { id, status: 'succeeded' } } },
          400,
        ),
    });
    renderCheckout(nursingAssistant);
    const pay = await payButton();
    enterCard('4242 4242 4242 4242');
    fireEvent.click(pay);
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
  });

  it('a total under the $0.50 card minimum is said before any payment starts', async () => {
    const calls = stubNetwork({ student: withRecord(studentRecord([owing(nursingAssistant, 0.3)])) });
    renderCheckout({ ...nursingAssistant, amount: 0.3 });
    expect(await screen.findByText(/^Card payments must be at least \$0\.50, and your cart comes to \$0\.30\. Please contact Admissions to settle this balance\./)).toBeTruthy();
    expect(intentCalls(calls)).toEqual([]);
  });

  it('without a readable student record (e.g. none at all) the server decides, as before', async () => {
    const calls = stubNetwork({ student: () => jsonResponse({ error: 'Student not found' }, 404) });
    renderCheckout({ ...nursingAssistant, quantity: 3 });
    expect((await payButton()).textContent).toBe('Pay $4,500.00');
    expect(intentCalls(calls)).toHaveLength(1);
  });
});
