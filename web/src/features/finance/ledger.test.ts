import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ledgerCsv, ledgerCsvFileName } from './ledgerCsv';
import { filtersProblem, ledgerUrl, NO_FILTERS } from './ledgerQuery';
import { ledgerTotals } from './ledgerTotals';
import { stripePaymentUrl } from './stripeDashboard';
import { payment } from './financeTestData';

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
    expect(rows[0]).toEqual(['Date', 'Payment ID', 'Username', 'Student', 'Programs', 'Amount', 'Refunded', 'Status', 'Method', 'Stripe Reference']);
    expect(rows[1]).toEqual([
      '2026-03-01T15:30:00.000Z', 'pay-1', 'student', 'Jane Doe', 'Nursing Assistant $1500.00', '1500.00', '0.00', 'Succeeded', 'Card (visa •••• 4242)', 'pi_1',
    ]);
    expect(rows[2].slice(4, 8)).toEqual(['Nursing Assistant $500.00; Patient Care Technician $200.50', '700.50', '100.00', 'Partially refunded']);
    expect(rows).toHaveLength(3);
  });

  it('keeps formulas in names as text', () => {
    const rows = Papa.parse<string[]>(ledgerCsv([payment({ student_name: '=HYPERLINK("http://evil")' })])).data;
    expect(rows[1][3]).toBe(`'=HYPERLINK("http://evil")`);
  });

  it('is named with today\'s date', () => {
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
});

describe('Stripe dashboard link', () => {
  it('points test keys at test data and live keys at live data', () => {
    expect(stripePaymentUrl('pi_123', 'pk_test_abc')).toBe('https://dashboard.stripe.com/test/payments/pi_123');
    expect(stripePaymentUrl('pi_123', 'pk_live_abc')).toBe('https://dashboard.stripe.com/payments/pi_123');
  });
});
