import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app/router';
import { defaultRuntimeConfig, setRuntimeConfig } from '../../app/runtimeConfig';
import { NOT_FINANCE_MESSAGE } from '../../components/financeAccess';
import { jsonResponse, renderRoutes, requestUrl, sampleUser, signedIn } from '../../test-utils';
import { page, payment } from './financeTestData';

const finance = sampleUser({ username: 'finance', is_finance: true });
const admin = sampleUser({ username: 'admin', isAdmin: true, is_staff: true });

/** Serves the ledger: two pages without filters; records each request. */
function stubLedger() {
  const requests: Array<{ url: URL; method: string; body: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(requestUrl(input));
      requests.push({ url, method: input.method, body: await input.clone().text() });
      if (url.pathname.endsWith('/refund/')) return jsonResponse({ status: 'pending' }, 202);
      if (url.searchParams.get('cursor') === 'c2') return jsonResponse(page([payment({ id: 'pay-3', payment_intent_id: 'pi_3', username: 'ben.nguyen', student_name: 'Ben Nguyen', amount: 250 })]));
      return jsonResponse(page([payment(), payment({ id: 'pay-2', payment_intent_id: 'pi_2', amount: 200, status: 'failed' })], 'c2'));
    }),
  );
  return requests;
}

function openLedger(user = finance) {
  setRuntimeConfig({ ...defaultRuntimeConfig, payments: { mode: 'sandbox', publishableKey: 'pk_test_local' } });
  return renderRoutes(appRoutes, '/finance', { preloadedState: signedIn(user) });
}

const ledgerRows = () => within(screen.getByRole('table', { name: 'Payments ledger' })).getAllByRole('row').slice(1);

describe('Finance Ledger (/finance)', () => {
  it('lists payments with a Stripe link per row, totals and Load more through the cursor', async () => {
    const requests = stubLedger();
    openLedger();
    expect(await screen.findByRole('heading', { level: 1, name: 'Finance Ledger' })).toBeTruthy();
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));

    const link = within(ledgerRows()[0]).getByRole('link', { name: /pi_1/ });
    expect(link.getAttribute('href')).toBe('https://dashboard.stripe.com/test/payments/pi_1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Collected').nextElementSibling?.textContent).toBe('$1500.00');
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(ledgerRows()).toHaveLength(3));
    expect(requests.map((r) => r.url.search)).toEqual(['?limit=50', '?limit=50&cursor=c2']);
    expect(within(totals).getByText('Collected').nextElementSibling?.textContent).toBe('$1750.00');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends the filters as the query', async () => {
    const requests = stubLedger();
    openLedger();
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'succeeded' } });
    fireEvent.change(screen.getByLabelText('Student username'), { target: { value: 'student' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(Object.fromEntries(requests[1].url.searchParams)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      status: 'succeeded',
      username: 'student',
      limit: '50',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });

  it('exports the loaded rows as CSV named with today\'s date', async () => {
    stubLedger();
    openLedger();
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:ledger';
    });
    URL.revokeObjectURL = vi.fn();
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(downloaded).toBe(`payments-${iso}.csv`);
    const rows = Papa.parse<string[]>(await blobs[0].text()).data;
    expect(rows.map((row) => row[1])).toEqual(['Payment ID', 'pay-1', 'pay-2']);
  });

  it('lets an admin refund, defaulting to the remaining amount, and says when it will show', async () => {
    const requests = stubLedger();
    openLedger(admin);
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    // The failed payment has nothing to refund.
    expect(within(ledgerRows()[1]).queryByRole('button', { name: /^Refund/ })).toBeNull();
    fireEvent.click(within(ledgerRows()[0]).getByRole('button', { name: 'Refund pi_1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    const amount = within(dialog).getByLabelText('Amount to refund ($)') as HTMLInputElement;
    expect(amount.value).toBe('1500.00');

    fireEvent.change(amount, { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('At most $1500.00 can be refunded.')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '250.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await screen.findByText(/Refund of \$250\.50 for pi_1 requested/)).textContent).toContain('once Stripe confirms it');
    const refund = requests.find((r) => r.url.pathname.endsWith('/refund/'));
    expect(refund?.url.pathname).toBe('/api/payments/pi_1/refund/');
    expect(refund?.method).toBe('POST');
    expect(JSON.parse(refund?.body ?? '{}')).toEqual({ amount: '250.50', reason: 'requested_by_customer' });
  });

  it('sends students to the dashboard with a message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ error: 'Not found' }, 404)));
    const { router } = renderRoutes(appRoutes, '/finance', { preloadedState: signedIn(sampleUser()) });
    expect((await screen.findByText(NOT_FINANCE_MESSAGE))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Dashboard');
  });
});
