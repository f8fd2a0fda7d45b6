import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { brand } from '#shared/brand';
import type { PaymentSummary } from '#contract/payments';
import { paymentPage, samplePayment } from '../../testing/fixtures';
import { jsonResponse, signedIn, stubFetch } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';

/** A payment for two programs. */
const payment = (overrides: Partial<PaymentSummary> = {}) =>
  samplePayment({
    amount: 1700,
    items: [
      { program_type: 'certificate', program_id: '1', program_name: 'Nursing Assistant', amount: 1500 },
      { program_type: 'diploma', program_id: '2', program_name: 'Patient Care Technician', amount: 200 },
    ],
    ...overrides,
  });

const older = payment({ id: 'pay-0', payment_intent_id: 'pi_0', amount: 100, status: 'refunded', amount_refunded: 100, items: [] });

/** Two pages of the student's payments; records the URLs asked for. */
const stubPayments = () => stubFetch((url) => jsonResponse(url.includes('cursor=p2') ? paymentPage([older]) : paymentPage([payment()], 'p2')));

describe('Payment History (/payments)', () => {
  it("lists the student's payments with date, amount, programs, status, method, Stripe reference and receipt", async () => {
    const urls = stubPayments();
    renderApp('/payments', { preloadedState: signedIn() });
    const table = await screen.findByRole('table', { name: 'Payments' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText('$1,700.00')).toBeTruthy();
    expect(within(row).getByText('Nursing Assistant')).toBeTruthy();
    expect(within(row).getByText('Succeeded')).toBeTruthy();
    expect(within(row).getByText('Card (visa •••• 4242)')).toBeTruthy();
    expect(within(row).getByText('pi_1')).toBeTruthy();
    expect(
      within(row)
        .getByRole('link', { name: /^View receipt of / })
        .getAttribute('href'),
    ).toBe('/payments/pay-1/receipt');
    // (the header's bell reads notices besides)
    const paymentUrls = () => urls.filter((url) => url.includes('/payments/'));
    expect(paymentUrls()[0]).toBe(`${window.location.origin}/api/students/student/payments/`);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(paymentUrls()[1]).toContain('/api/students/student/payments/?cursor=p2');
  });

  it('prints a receipt: school, student, date, amount, programs with amounts, method, Stripe reference, status', async () => {
    stubPayments();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp('/payments/pay-1/receipt', { preloadedState: signedIn() });
    const receipt = await screen.findByRole('article', { name: 'Payment Receipt' });
    for (const text of [brand.collegeName, 'Jane Doe (student)', 'Card (visa •••• 4242)', 'pi_1', 'Succeeded', 'Patient Care Technician', '$200.00']) {
      expect(within(receipt).getByText(text)).toBeTruthy();
    }
    expect(within(receipt).getAllByText('$1,700.00').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('finds a receipt on a later page', async () => {
    stubPayments();
    renderApp('/payments/pay-0/receipt', { preloadedState: signedIn() });
    expect(await screen.findByRole('article', { name: 'Payment Receipt' })).toBeTruthy();
    expect(screen.getByText('Refunded', { selector: 'dd' })).toBeTruthy();
  });

  it('says when a payment is not found', async () => {
    stubPayments();
    renderApp('/payments/nope/receipt', { preloadedState: signedIn() });
    expect(await screen.findByText('This payment was not found.')).toBeTruthy();
  });
});

/** One page of payments answered for every list call. */
const stubList = (...results: PaymentSummary[]) => stubFetch(() => jsonResponse(paymentPage(results)));

const failed = payment({
  id: 'pay-f',
  payment_intent_id: 'pi_f',
  status: 'failed',
  failure_message: 'Your card was declined.',
  method_detail: 'visa •••• 0002',
  created_at: '2026-03-02T10:00:00.000Z',
});
const processing = payment({ id: 'pay-p', payment_intent_id: 'pi_p', status: 'processing', method_detail: null, created_at: '2026-03-03T10:00:00.000Z' });

/** A cart as the store keeps it, holding the demo bill line. */
const cartWithBill = {
  items: [
    {
      id: 'certificate-1-1',
      program_id: '1',
      program_type: 'certificate' as const,
      program_name: 'Nursing Assistant',
      amount: 1500,
      payment_type: 'installment' as const,
      due_date: null,
      quantity: 1,
      added_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  total: 1500,
  loading: false,
  error: null,
};

describe('Payment History: only payments that moved money have receipts', () => {
  it('marks a failed attempt "Failed" with its failure message, and offers no receipt', async () => {
    stubList(failed, payment());
    renderApp('/payments', { preloadedState: signedIn() });
    const table = await screen.findByRole('table', { name: 'Payments' });
    const [, failedRow, paidRow] = within(table).getAllByRole('row');
    expect(within(failedRow).getByText('Failed')).toBeTruthy();
    expect(within(failedRow).getByText('Your card was declined. Nothing was charged.')).toBeTruthy();
    expect(within(failedRow).queryByRole('link')).toBeNull();
    expect(within(failedRow).getByText('No receipt')).toBeTruthy();
    expect(within(paidRow).getByRole('link', { name: /^View receipt of / })).toBeTruthy();
  });

  it('shows a processing payment as such, without a receipt', async () => {
    stubList(processing);
    renderApp('/payments', { preloadedState: signedIn() });
    const row = within(await screen.findByRole('table', { name: 'Payments' })).getAllByRole('row')[1];
    expect(within(row).getByText('Processing')).toBeTruthy();
    expect(within(row).getByText('Waiting for our payment provider to confirm it.')).toBeTruthy();
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('never offers a receipt for a pending or canceled checkout, should one be listed', async () => {
    stubList(payment({ id: 'a', status: 'pending' }), payment({ id: 'b', status: 'canceled', created_at: '2026-03-04T10:00:00.000Z' }));
    renderApp('/payments', { preloadedState: signedIn() });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).queryAllByRole('link')).toEqual([]);
    expect(within(table).getAllByText('No receipt')).toHaveLength(2);
  });

  it('says when part of a payment was more than was owed and goes back to the card', async () => {
    stubList(payment({ excess_refund: { amount: 1500, status: 'requested' } }), payment({ id: 'pay-2', excess_refund: { amount: 20, status: 'refunded' } }));
    renderApp('/payments', { preloadedState: signedIn() });
    expect(await screen.findByText('$1,500.00 was more than you owed and is being refunded to your card.')).toBeTruthy();
    expect(screen.getByText('$20.00 was more than you owed and was refunded to your card.')).toBeTruthy();
  });

  it.each([
    ['failed', failed, 'This payment failed, so there is no receipt for it. Nothing was charged. Your card was declined.'],
    ['processing', processing, 'Your payment is processing: it will appear once confirmed. Its receipt will be here then.'],
    ['canceled', payment({ id: 'pay-c', status: 'canceled' }), 'This checkout was not paid, so there is no receipt for it.'],
  ])('the receipt page refuses a %s payment', async (_status, shown, text) => {
    stubList(shown);
    renderApp(`/payments/${shown.id}/receipt`, { preloadedState: signedIn() });
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.queryByRole('article', { name: 'Payment Receipt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Payment History' })).toBeTruthy();
  });
});

describe("Payment History after Stripe's redirect (return_url)", () => {
  const returnUrl = (status: string) => `/payments?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_x&redirect_status=${status}`;

  it('a succeeded return says so, empties the paid cart and drops the parameters from the address', async () => {
    stubList(payment({ payment_intent_id: 'pi_9' }));
    const { router, store } = renderApp(returnUrl('succeeded'), { preloadedState: { ...signedIn(), cart: cartWithBill } });
    expect((await screen.findByText('Payment successful! Your payment has been processed.')).closest('[role="alert"]')).toBeTruthy();
    expect(store.getState().cart.items).toEqual([]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('Payment successful! Your payment has been processed.')).toBeTruthy();
  });

  it('a processing return says it is processing and empties the cart: nothing invites paying twice', async () => {
    stubList();
    const { store } = renderApp(returnUrl('processing'), { preloadedState: { ...signedIn(), cart: cartWithBill } });
    expect(await screen.findByText('Your payment is processing: it will appear once confirmed.')).toBeTruthy();
    expect(store.getState().cart.items).toEqual([]);
  });

  it('a failed return says nothing was charged, keeps the cart and leads back to it', async () => {
    stubList();
    const { store } = renderApp(returnUrl('failed'), { preloadedState: { ...signedIn(), cart: cartWithBill } });
    const alert = (await screen.findByText(/^Your payment was not completed, and nothing was charged\./)).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/cart');
    expect(store.getState().cart.items).toHaveLength(1);
  });

  it("an address without Stripe's parameters shows no outcome", async () => {
    stubList(payment());
    renderApp('/payments?redirect_status=succeeded', { preloadedState: signedIn() });
    await screen.findByRole('table', { name: 'Payments' });
    expect(screen.queryByText(/Payment successful/)).toBeNull();
  });
});
