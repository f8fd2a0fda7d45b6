import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app/router';
import { brand } from '../../app/brand';
import type { PaymentSummary } from '../../contract';
import { jsonResponse, renderRoutes, requestUrl, signedIn } from '../../test-utils';

function payment(overrides: Partial<PaymentSummary> = {}): PaymentSummary {
  return {
    id: 'pay-1',
    payment_intent_id: 'pi_1',
    username: 'student',
    student_name: 'Jane Doe',
    created_at: '2026-03-01T15:30:00.000Z',
    updated_at: '2026-03-01T15:30:05.000Z',
    amount: 1700,
    amount_refunded: 0,
    currency: 'usd',
    status: 'succeeded',
    method: 'card',
    method_detail: 'visa •••• 4242',
    failure_message: null,
    items: [
      { program_type: 'certificate', program_id: '1', program_name: 'Nursing Assistant', amount: 1500 },
      { program_type: 'diploma', program_id: '2', program_name: 'Patient Care Technician', amount: 200 },
    ],
    ...overrides,
  };
}

const older = payment({ id: 'pay-0', payment_intent_id: 'pi_0', amount: 100, status: 'refunded', amount_refunded: 100, items: [] });

/** Two pages of the student's payments; records the URLs asked for. */
function stubPayments() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = requestUrl(input);
      urls.push(url);
      const next = url.includes('cursor=p2');
      return jsonResponse({ results: next ? [older] : [payment()], next: next ? null : 'p2', count: 1, totals: { amount: 0, refunded: 0, succeeded: 0 } });
    }),
  );
  return urls;
}

describe('Payment History (/payments)', () => {
  it('lists the student\'s payments with date, amount, programs, status, method, Stripe reference and receipt', async () => {
    const urls = stubPayments();
    renderRoutes(appRoutes, '/payments', { preloadedState: signedIn() });
    const table = await screen.findByRole('table', { name: 'Payments' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText('$1700.00')).toBeTruthy();
    expect(within(row).getByText('Nursing Assistant')).toBeTruthy();
    expect(within(row).getByText('Succeeded')).toBeTruthy();
    expect(within(row).getByText('Card (visa •••• 4242)')).toBeTruthy();
    expect(within(row).getByText('pi_1')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /^View receipt of / }).getAttribute('href')).toBe('/payments/pay-1/receipt');
    expect(urls[0]).toBe(`${window.location.origin}/api/students/student/payments/`);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(urls[1]).toContain('/api/students/student/payments/?cursor=p2');
  });

  it('prints a receipt: school, student, date, amount, programs with amounts, method, Stripe reference, status', async () => {
    stubPayments();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoutes(appRoutes, '/payments/pay-1/receipt', { preloadedState: signedIn() });
    const receipt = await screen.findByRole('article', { name: 'Payment Receipt' });
    for (const text of [brand.collegeName, 'Jane Doe (student)', 'Card (visa •••• 4242)', 'pi_1', 'Succeeded', 'Patient Care Technician', '$200.00']) {
      expect(within(receipt).getByText(text)).toBeTruthy();
    }
    expect(within(receipt).getAllByText('$1700.00').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('finds a receipt on a later page', async () => {
    stubPayments();
    renderRoutes(appRoutes, '/payments/pay-0/receipt', { preloadedState: signedIn() });
    expect(await screen.findByRole('article', { name: 'Payment Receipt' })).toBeTruthy();
    expect(screen.getByText('Refunded', { selector: 'dd' })).toBeTruthy();
  });

  it('says when a payment is not found', async () => {
    stubPayments();
    renderRoutes(appRoutes, '/payments/nope/receipt', { preloadedState: signedIn() });
    expect(await screen.findByText('This payment was not found.')).toBeTruthy();
  });
});
