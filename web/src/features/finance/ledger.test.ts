import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { RECONCILE_MAX_DAYS as CONTRACT_MAX_DAYS } from '#contract/payments';
import { ledgerCsv, ledgerCsvFileName } from './ledgerCsv';
import { filtersProblem, ledgerUrl, NO_FILTERS } from './ledgerQuery';
import { ledgerTotals } from './ledgerTotals';
import { daysInRange, defaultReconcileRange, RECONCILE_MAX_DAYS, reconcileErrorText, reconcileRangeProblem } from './reconcile';
import { stripePaymentUrl } from './stripeDashboard';
import { samplePayment as payment } from '../../testing/fixtures';

describe('ledger query', () => {
  it('asks for the first page with only the page size when no filter is set', () => {
    expect(ledgerUrl(NO_FILTERS, null)).toBe('/api/payments/?limit=50');
  });

  it('adds the filters that are set, and the cursor of the next page', () => {
    const url = ledgerUrl({ from: '2026-01-01', to: '2026-03-31', status: 'succeeded', username: ' student ' }, 'opaque/cursor+1');
    const query = new URL(url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      status: 'succeeded',
      username: 'student',
      limit: '50',
      cursor: 'opaque/cursor+1',
    });
  });

  it('refuses a start date after the end date', () => {
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-04-01', to: '2026-03-01' })).toMatch(/start date/);
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-04-01' })).toBeNull();
  });
});

describe('ledger CSV', () => {
  it('has a header and one row per loaded payment', () => {
    const csv = ledgerCsv([
      payment(),
      payment({
        id: 'pay-2',
        payment_intent_id: 'pi_2',
        amount: 700.5,
        amount_refunded: 100,
        status: 'partially_refunded',
        items: [
          { program_type: 'certificate', program_id: '1', program_name: 'Nursing Assistant', amount: 500 },
          { program_type: 'diploma', program_id: '2', program_name: 'Patient Care Technician', amount: 200.5 },
        ],
      }),
    ]);
    const rows = Papa.parse<string[]>(csv).data;
    // The columns finance's spreadsheets were built on stay first, in their order; new ones are appended.
    expect(rows[0]).toEqual(['Date', 'Payment ID', 'Username', 'Student', 'Programs', 'Amount', 'Refunded', 'Status', 'Method', 'Stripe Reference', 'Excess Refund']);
    expect(rows[1]).toEqual([
      '2026-03-01T15:30:00.000Z',
      'pay-1',
      'student',
      'Jane Doe',
      'Nursing Assistant $1,500.00',
      '1500.00',
      '0.00',
      'Succeeded',
      'Card (visa •••• 4242)',
      'pi_1',
      '',
    ]);
    expect(rows[2].slice(4, 8)).toEqual(['Nursing Assistant $500.00; Patient Care Technician $200.50', '700.50', '100.00', 'Partially refunded']);
    expect(rows).toHaveLength(3);
  });

  it('says how much of an overpayment was refunded, and whether Stripe has confirmed it', () => {
    const rows = Papa.parse<string[]>(
      ledgerCsv([
        payment({ amount: 2000, amount_refunded: 500, status: 'partially_refunded', excess_refund: { amount: 500, status: 'refunded' } }),
        payment({ id: 'pay-2', amount: 1800.5, excess_refund: { amount: 300.5, status: 'requested' } }),
        payment({ id: 'pay-3', status: 'processing' }),
        payment({ id: 'pay-4', status: 'canceled' }),
      ]),
    ).data;
    expect(rows.slice(1).map((row) => [row[7], row[10]])).toEqual([
      ['Partially refunded', '500.00 refunded'],
      ['Succeeded', '300.50 requested'],
      ['Processing', ''],
      ['Canceled', ''],
    ]);
  });

  it('keeps formulas in names as text', () => {
    const rows = Papa.parse<string[]>(ledgerCsv([payment({ student_name: '=HYPERLINK("http://evil")' })])).data;
    expect(rows[1][3]).toBe(`'=HYPERLINK("http://evil")`);
  });

  it('escapes a formula after a newline, and writes amounts raw, a negative one too', () => {
    const csv = ledgerCsv([payment({ student_name: 'Jane\n=HYPERLINK("http://evil")', amount: -12.5 })]);
    const [, row] = Papa.parse<string[]>(csv).data;
    expect(row![3]).toBe(`Jane\n'=HYPERLINK("http://evil")`);
    expect(row![5]).toBe('-12.50');
    expect(csv).toContain(',-12.50,0.00,');
  });

  it("is named with today's date", () => {
    expect(ledgerCsvFileName(new Date(2026, 2, 7, 23, 59))).toBe('payments-2026-03-07.csv');
  });
});

describe('ledger totals', () => {
  it('sums collected money, refunds and the net, in cents', () => {
    const totals = ledgerTotals([
      payment({ amount: 0.1 }),
      payment({ amount: 0.2, amount_refunded: 0.05, status: 'partially_refunded' }),
      payment({ amount: 99, status: 'failed' }),
      payment({ amount: 50, status: 'pending' }),
      payment({ amount: 10, amount_refunded: 10, status: 'refunded' }),
    ]);
    expect(totals).toEqual({ count: 5, collected: 10.3, refunded: 10.05, net: 0.25 });
  });

  it('counts only money that moved: not opened checkouts, payments Stripe is still confirming, or canceled ones', () => {
    const totals = ledgerTotals([
      payment({ amount: 100 }),
      payment({ amount: 200, status: 'processing' }),
      payment({ amount: 300, status: 'pending' }),
      payment({ amount: 400, status: 'canceled' }),
      payment({ amount: 500, status: 'failed' }),
    ]);
    expect(totals).toEqual({ count: 5, collected: 100, refunded: 0, net: 100 });
  });

  it('subtracts an excess refund once Stripe has made it, not while it is only requested', () => {
    const confirmed = ledgerTotals([payment({ amount: 2000, amount_refunded: 500, status: 'partially_refunded', excess_refund: { amount: 500, status: 'refunded' } })]);
    expect(confirmed).toEqual({ count: 1, collected: 2000, refunded: 500, net: 1500 });
    const requested = ledgerTotals([payment({ amount: 2000, excess_refund: { amount: 500, status: 'requested' } })]);
    expect(requested).toEqual({ count: 1, collected: 2000, refunded: 0, net: 2000 });
  });
});

describe('Stripe dashboard link', () => {
  it('points test keys at test data and live keys at live data', () => {
    expect(stripePaymentUrl('pi_123', 'pk_test_abc')).toBe('https://dashboard.stripe.com/test/payments/pi_123');
    expect(stripePaymentUrl('pi_123', 'pk_live_abc')).toBe('https://dashboard.stripe.com/payments/pi_123');
  });
});

describe('reconcile range', () => {
  it('defaults to the last 7 days, ending today', () => {
    expect(defaultReconcileRange(new Date(2026, 10, 23, 9, 0))).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(defaultReconcileRange(new Date(2026, 2, 3, 23, 59))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(daysInRange(defaultReconcileRange())).toBe(7);
  });

  it('allows the same 31 days, both ends included, as the server', () => {
    expect(RECONCILE_MAX_DAYS).toBe(CONTRACT_MAX_DAYS);
    expect(reconcileRangeProblem({ from: '2026-03-01', to: '2026-03-31' })).toBeNull();
    expect(reconcileRangeProblem({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(reconcileRangeProblem({ from: '2026-03-01', to: '2026-04-01' })).toEqual({
      field: 'to',
      message: 'Choose at most 31 days at a time. This range covers 32 days.',
    });
  });

  it('names the missing or misordered date in a sentence', () => {
    expect(reconcileRangeProblem({ from: '', to: '2026-03-01' })).toEqual({ field: 'from', message: 'Enter the first day to check.' });
    expect(reconcileRangeProblem({ from: '2026-03-01', to: '' })).toEqual({ field: 'to', message: 'Enter the last day to check.' });
    expect(reconcileRangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ field: 'to', message: 'The start date must not be after the end date.' });
  });

  it('turns server errors into plain words', () => {
    expect(reconcileErrorText({ status: 400, data: { error: 'to: must be at most 31 days after from' } })).toBe('Choose at most 31 days at a time.');
    expect(reconcileErrorText({ status: 400, data: { error: 'to: must not be before from' } })).toBe('The start date must not be after the end date.');
    expect(reconcileErrorText({ status: 400, data: { error: 'from: is not a date in the calendar' } })).toBe(
      'The portal did not accept these dates: the start date is not a date in the calendar.',
    );
    expect(reconcileErrorText({ status: 403, data: { error: 'You do not have permission to perform this action' } })).toBe(
      'Only finance staff and administrators can reconcile payments.',
    );
    expect(reconcileErrorText({ status: 503, data: { error: 'The service is busy or unavailable - please try again in a moment' } })).toMatch(
      /^Stripe or the portal is busy right now/,
    );
    expect(reconcileErrorText({ status: 504, data: { message: 'Service Unavailable' } })).toBe('The check took too long and stopped. Try a shorter range of dates.');
    expect(reconcileErrorText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('The portal could not be reached. Check your connection and try again.');
    expect(reconcileErrorText({ status: 500, data: { error: 'Internal server error' } })).toBe(
      'Something went wrong on the server, so the check did not finish. Please try again in a few minutes.',
    );
  });
});
