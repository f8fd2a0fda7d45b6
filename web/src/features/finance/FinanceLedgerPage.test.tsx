import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig, setRuntimeConfig } from '#shared/runtimeConfig';
import { NOT_FINANCE_MESSAGE } from '#shared/session/financeAccess';
import { PAYMENT_STATUS_LABEL, PAYMENT_STATUS_OPTIONS } from '#shared/lib/paymentFormat';
import { applyFilters, jsonResponse, passTime, passTimeUntil, requestUrl, sampleUser, signedIn, withFakeTimers } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { paymentPage as page, samplePayment as payment } from '../../testing/fixtures';

const finance = sampleUser({ username: 'finance', is_finance: true });
const admin = sampleUser({ username: 'admin', isAdmin: true, is_staff: true });

type Reply = { body: unknown; status?: number };

/**
 * Serves the ledger: two pages without filters; `ledgerRows` replaces the first page, `reconcile`
 * answers POST /api/payments/reconcile/ (one reply per run, the last repeated). Records each request.
 */
function stubLedger({ ledgerRows: rows, reconcile = [] }: { ledgerRows?: () => ReturnType<typeof payment>[]; reconcile?: Reply[] } = {}) {
  const requests: Array<{ url: URL; method: string; body: string; at: number }> = [];
  let runs = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(requestUrl(input));
      const at = Date.now();
      requests.push({ url, method: input.method, body: await input.clone().text(), at });
      if (url.pathname.endsWith('/refund/')) return jsonResponse({ status: 'pending' }, 202);
      if (url.pathname.endsWith('/reconcile/')) {
        const reply = reconcile[Math.min(runs++, reconcile.length - 1)] ?? { body: { error: 'Not implemented yet' }, status: 501 };
        return jsonResponse(reply.body, reply.status ?? 200);
      }
      if (rows) return jsonResponse(page(rows()));
      if (url.searchParams.get('cursor') === 'c2')
        return jsonResponse(page([payment({ id: 'pay-3', payment_intent_id: 'pi_3', username: 'ben.nguyen', student_name: 'Ben Nguyen', amount: 250 })]));
      return jsonResponse(page([payment(), payment({ id: 'pay-2', payment_intent_id: 'pi_2', amount: 200, status: 'failed' })], 'c2'));
    }),
  );
  return requests;
}

function openLedger(user = finance) {
  setRuntimeConfig({ ...defaultRuntimeConfig, payments: { mode: 'sandbox', publishableKey: 'pk_test_local' } });
  return renderApp('/finance', { preloadedState: signedIn(user) });
}

/** How many times the refund watch has asked for the student's payments. */
const probeCount = (requests: ReturnType<typeof stubLedger>) => requests.filter((r) => r.url.searchParams.get('username') === 'student').length;
const ledgerGets = (requests: ReturnType<typeof stubLedger>) => requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/payments/');
const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const UNFILTERED_NOTE =
  'Showing payments that moved money or failed. Checkouts that were opened but not paid (Pending) and canceled checkouts appear only when you filter by that status.';

async function openReconcile() {
  fireEvent.click(screen.getByRole('button', { name: 'Reconcile with Stripe' }));
  return screen.findByRole('dialog', { name: 'Reconcile with Stripe' });
}

const ledgerRows = () =>
  within(screen.getByRole('table', { name: 'Payments ledger' }))
    .getAllByRole('row')
    .slice(1);

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
    expect(within(totals).getByText('Collected').nextElementSibling?.textContent).toBe('$1,500.00');
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(ledgerRows()).toHaveLength(3));
    expect(ledgerGets(requests).map((r) => r.url.search)).toEqual(['?limit=50', '?limit=50&cursor=c2']);
    expect(within(totals).getByText('Collected').nextElementSibling?.textContent).toBe('$1,750.00');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends the filters as the query', async () => {
    const requests = stubLedger();
    openLedger();
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    applyFilters({ From: '2026-01-01', To: '2026-03-31', Status: 'succeeded', 'Student username': 'student' });
    await waitFor(() => expect(ledgerGets(requests)).toHaveLength(2));
    expect(Object.fromEntries(ledgerGets(requests)[1].url.searchParams)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      status: 'succeeded',
      username: 'student',
      limit: '50',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });

  it("exports the loaded rows as CSV named with today's date", async () => {
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
    expect(await within(dialog).findByText('At most $1,500.00 can be refunded.')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '250.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await screen.findByText(/Refund of \$250\.50 for pi_1 requested/)).textContent).toContain('once Stripe confirms it');
    const refund = requests.find((r) => r.url.pathname.endsWith('/refund/'));
    expect(refund?.url.pathname).toBe('/api/payments/pi_1/refund/');
    expect(refund?.method).toBe('POST');
    expect(JSON.parse(refund?.body ?? '{}')).toEqual({ amount: '250.50', reason: 'requested_by_customer' });
  });

  it("updates the refunded row by itself once Stripe's refund lands, then stops asking", async () => {
    // the refund is recorded (Stripe's event) by the time the student's payments are asked for the second time
    const requests: ReturnType<typeof stubLedger> = stubLedger({ ledgerRows: () => [payment({ amount_refunded: probeCount(requests) >= 2 ? 250.5 : 0 })] });
    openLedger(admin);
    await waitFor(() => expect(ledgerRows()).toHaveLength(1));
    fireEvent.click(within(ledgerRows()[0]).getByRole('button', { name: 'Refund pi_1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    fireEvent.change(within(dialog).getByLabelText('Amount to refund ($)'), { target: { value: '250.50' } });
    await withFakeTimers(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
      await passTimeUntil(() => probeCount(requests) >= 2, 5_000);
      await waitFor(() => expect(within(ledgerRows()[0]).getByText('$250.50')).toBeTruthy());
      expect(probeCount(requests)).toBe(2);
      expect(screen.getByText('Refund of $250.50 for pi_1 confirmed by Stripe and recorded.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Refresh' })).toBeTruthy();
      // polling stopped once it landed: nothing more is asked in the 15 s the whole back-off would take
      await passTime(15_000);
      expect(probeCount(requests)).toBe(2);
    });
  });

  it('backs off while a refund has not landed: asks again after 1 s, then after 2 s more', async () => {
    const requests = stubLedger({ ledgerRows: () => [payment()] });
    openLedger(admin);
    await waitFor(() => expect(ledgerRows()).toHaveLength(1));
    fireEvent.click(within(ledgerRows()[0]).getByRole('button', { name: 'Refund pi_1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    fireEvent.change(within(dialog).getByLabelText('Amount to refund ($)'), { target: { value: '10.00' } });
    // on the fake clock, which also stamps each request: when each probe was asked
    const probes = () => requests.filter((r) => r.url.searchParams.get('username') === 'student').map((r) => r.at);
    await withFakeTimers(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
      await passTimeUntil(() => probes().length >= 3, 10_000);
    });
    const [first, second, third] = probes();
    expect(probes()).toHaveLength(3);
    expect(second! - first!).toBeGreaterThanOrEqual(1_000);
    expect(third! - second!).toBeGreaterThanOrEqual(2_000);
  });

  it('offers every status in the filter and says what the unfiltered list leaves out', async () => {
    const requests = stubLedger();
    openLedger();
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    // Each status as paymentFormat.test words it, after the default.
    expect([...status.options].map((option) => option.text)).toEqual(['All except Pending and Canceled', ...PAYMENT_STATUS_OPTIONS.map((value) => PAYMENT_STATUS_LABEL[value])]);
    expect(screen.getByText(UNFILTERED_NOTE)).toBeTruthy();

    fireEvent.change(status, { target: { value: 'canceled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(ledgerGets(requests)).toHaveLength(2));
    expect(ledgerGets(requests)[1]?.url.searchParams.get('status')).toBe('canceled');
    expect(screen.queryByText(UNFILTERED_NOTE)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText(UNFILTERED_NOTE)).toBeTruthy();
  });

  it('shows the new statuses, and totals only money that moved', async () => {
    stubLedger({
      ledgerRows: () => [
        payment({ id: 'pay-1', payment_intent_id: 'pi_1', amount: 100 }),
        payment({ id: 'pay-2', payment_intent_id: 'pi_2', amount: 200, status: 'processing' }),
        payment({ id: 'pay-3', payment_intent_id: 'pi_3', amount: 300, status: 'canceled' }),
        payment({ id: 'pay-4', payment_intent_id: 'pi_4', amount: 400, status: 'pending' }),
      ],
    });
    openLedger();
    await waitFor(() => expect(ledgerRows()).toHaveLength(4));
    expect(ledgerRows().map((row) => within(row).getByText(/^(Succeeded|Processing|Canceled|Pending)$/).textContent)).toEqual(['Succeeded', 'Processing', 'Canceled', 'Pending']);
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Payments loaded').nextElementSibling?.textContent).toBe('4');
    expect(within(totals).getByText('Collected').nextElementSibling?.textContent).toBe('$100.00');
    expect(within(totals).getByText('Net').nextElementSibling?.textContent).toBe('$100.00');
  });

  it('flags a payment whose excess was refunded automatically, in the row and in the CSV', async () => {
    stubLedger({
      ledgerRows: () => [
        payment({ amount: 2000, amount_refunded: 500, status: 'partially_refunded', excess_refund: { amount: 500, status: 'refunded' } }),
        payment({ id: 'pay-2', payment_intent_id: 'pi_2', amount: 1800, excess_refund: { amount: 300, status: 'requested' } }),
        payment({ id: 'pay-3', payment_intent_id: 'pi_3' }),
      ],
    });
    openLedger();
    await waitFor(() => expect(ledgerRows()).toHaveLength(3));
    const [refunded, requested, plain] = ledgerRows();
    expect(within(refunded!).getByText('Excess refunded $500.00')).toBeTruthy();
    expect(within(refunded!).getByText('Paid more than was owed when it arrived; the excess was refunded automatically.')).toBeTruthy();
    expect(within(requested!).getByText('Excess refund requested $300.00')).toBeTruthy();
    expect(within(requested!).getByText('Paid more than was owed when it arrived; the excess is being refunded automatically.')).toBeTruthy();
    expect(within(plain!).queryByText(/Excess/)).toBeNull();

    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:ledger';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const rows = Papa.parse<string[]>(await blobs[0]!.text()).data;
    expect(rows.map((row) => row[10])).toEqual(['Excess Refund', '500.00 refunded', '300.00 requested', '']);
  });

  it('an admin can refund only what the excess refund has not already claimed', async () => {
    stubLedger({ ledgerRows: () => [payment({ amount: 2000, excess_refund: { amount: 500, status: 'requested' } })] });
    openLedger(admin);
    await waitFor(() => expect(ledgerRows()).toHaveLength(1));
    fireEvent.click(within(ledgerRows()[0]!).getByRole('button', { name: 'Refund pi_1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect((within(dialog).getByLabelText('Amount to refund ($)') as HTMLInputElement).value).toBe('1500.00');
  });

  it('reconciles the last 7 days with Stripe by default, shows the repairs and what it could not explain, and reloads the ledger', async () => {
    const result = {
      from: '2026-11-17',
      to: '2026-11-23',
      checked: 12,
      repaired: [
        { payment_intent_id: 'pi_missed', username: 'grace.obi', action: 'recorded_payment', amount: 4300, detail: 'Stripe says succeeded; the portal had it as pending' },
        { payment_intent_id: 'pi_old', username: 'student', action: 'canceled_checkout', amount: 0, detail: '' },
      ],
      unexplained: [{ payment_intent_id: 'pi_ghost', username: null, problem: 'Stripe has no payment with this id' }],
    };
    const requests = stubLedger({ reconcile: [{ body: result }] });
    openLedger();
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    const dialog = await openReconcile();
    const today = new Date();
    const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
    const from = within(dialog).getByLabelText('From') as HTMLInputElement;
    const to = within(dialog).getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual([isoDay(weekAgo), isoDay(today)]);

    fireEvent.change(from, { target: { value: '2026-11-17' } });
    fireEvent.change(to, { target: { value: '2026-11-23' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check with Stripe' }));
    expect(await within(dialog).findByText('Checked 12 payments created from Nov 17, 2026 to Nov 23, 2026.')).toBeTruthy();
    const run = requests.find((r) => r.url.pathname === '/api/payments/reconcile/');
    expect(run?.method).toBe('POST');
    expect(JSON.parse(run?.body ?? '{}')).toEqual({ from: '2026-11-17', to: '2026-11-23' });

    expect(within(dialog).getByRole('heading', { name: 'Repaired (2)' })).toBeTruthy();
    const repairs = within(within(dialog).getByRole('table', { name: 'Repairs' })).getAllByRole('row');
    expect(repairs.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Stripe Reference', 'Student', 'What was recorded', 'Amount'],
      ['pi_missed', 'grace.obi', 'Payment recordedStripe says succeeded; the portal had it as pending', '$4,300.00'],
      ['pi_old', 'student', 'Checkout canceled', '$0.00'],
    ]);
    const link = within(repairs[1]!).getByRole('link', { name: /pi_missed/ });
    expect(link.getAttribute('href')).toBe('https://dashboard.stripe.com/test/payments/pi_missed');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByRole('heading', { name: 'Not explained (1)' })).toBeTruthy();
    const differences = within(within(dialog).getByRole('list', { name: 'Differences not explained' })).getAllByRole('listitem');
    expect(differences.map((item) => item.textContent)).toEqual(['pi_ghost (no student found): Stripe has no payment with this id']);
    expect(
      within(differences[0]!)
        .getByRole('link', { name: /pi_ghost/ })
        .getAttribute('href'),
    ).toBe('https://dashboard.stripe.com/test/payments/pi_ghost');
    expect(within(dialog).queryByText('Everything matches Stripe.')).toBeNull();

    // The repairs changed payments: the ledger loads again behind the dialog.
    await waitFor(() => expect(ledgerGets(requests)).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says "Everything matches Stripe." when nothing was missing, and then leaves the ledger alone', async () => {
    const requests = stubLedger({ reconcile: [{ body: { from: '2026-11-17', to: '2026-11-23', checked: 1, repaired: [], unexplained: [] } }] });
    openLedger(admin);
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    const dialog = await openReconcile();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check with Stripe' }));
    expect(await within(dialog).findByText('Everything matches Stripe.')).toBeTruthy();
    expect(within(dialog).getByText('Checked 1 payment created from Nov 17, 2026 to Nov 23, 2026.')).toBeTruthy();
    expect(within(dialog).queryByRole('table', { name: 'Repairs' })).toBeNull();
    expect(ledgerGets(requests)).toHaveLength(1);
  });

  it('says when only differences it could not explain were found', async () => {
    stubLedger({
      reconcile: [
        { body: { from: '2026-11-17', to: '2026-11-23', checked: 3, repaired: [], unexplained: [{ payment_intent_id: 'pi_x', username: 'student', problem: 'Amounts differ' }] } },
      ],
    });
    openLedger();
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    const dialog = await openReconcile();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check with Stripe' }));
    expect(await within(dialog).findByText('Nothing needed repairing.')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Repaired (0)' })).toBeTruthy();
    const differences = within(within(dialog).getByRole('list', { name: 'Differences not explained' })).getAllByRole('listitem');
    expect(differences.map((item) => item.textContent)).toEqual(['pi_x (student): Amounts differ']);
  });

  it('checks the dates before asking the server, in sentences', async () => {
    const requests = stubLedger();
    openLedger();
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    const dialog = await openReconcile();
    const run = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Check with Stripe' }));

    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '' } });
    run();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Enter the first day to check.');

    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-11-24' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2026-11-23' } });
    run();
    expect(await within(dialog).findByText('The start date must not be after the end date.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2026-10-01' } });
    run();
    expect(await within(dialog).findByText('Choose at most 31 days at a time. This range covers 54 days.')).toBeTruthy();
    expect(requests.filter((r) => r.url.pathname === '/api/payments/reconcile/')).toHaveLength(0);
  });

  it('shows server errors in plain words', async () => {
    stubLedger({
      reconcile: [
        { status: 400, body: { error: 'to: must be at most 31 days after from' } },
        { status: 503, body: { error: 'The service is busy or unavailable - please try again in a moment' } },
        { status: 500, body: { error: 'Internal server error' } },
      ],
    });
    openLedger();
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    const dialog = await openReconcile();
    const run = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Check with Stripe' }));
    run();
    expect(await within(dialog).findByText('Choose at most 31 days at a time.')).toBeTruthy();
    run();
    expect(await within(dialog).findByText('Stripe or the portal is busy right now, so the check did not finish. Please try again in a few minutes.')).toBeTruthy();
    run();
    expect(await within(dialog).findByText('Something went wrong on the server, so the check did not finish. Please try again in a few minutes.')).toBeTruthy();
  });

  it('sends students to the dashboard with a message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Not found' }, 404)),
    );
    const { router } = renderApp('/finance', { preloadedState: signedIn(sampleUser()) });
    expect(await screen.findByText(NOT_FINANCE_MESSAGE)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Dashboard');
  });
});
