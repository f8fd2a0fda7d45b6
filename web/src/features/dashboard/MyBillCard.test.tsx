import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentDetails, ProgramBalance } from '#contract/students';
import { seasonLabel } from '#shared/lib/season';
import { jsonResponse, signedIn } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { billCartItems } from '#shared/lib/bill';

function program(overrides: Partial<ProgramBalance>): ProgramBalance {
  return {
    id: 'p',
    program_type: 'certificate',
    program_name: 'Program',
    amount_due: 0,
    amount_paid: 0,
    next_due_date: null,
    payment_history: [],
    ...overrides,
  };
}

/** Like the demo `student`: 1500.00 left on Nursing Assistant, 4200.00 on Patient Care Technician. */
const owing: PaymentDetails = {
  certificate_courses: [program({ id: 'nursing-assistant', program_name: 'Nursing Assistant', amount_due: 2400, amount_paid: 900 })],
  diploma_programs: [program({ id: 'patient-care-technician', program_type: 'diploma', program_name: 'Patient Care Technician', amount_due: 5200, amount_paid: 1000 })],
  associate_programs: [],
  next_due_date: '2026-12-15',
};

const paidInFull: PaymentDetails = {
  certificate_courses: [program({ id: 'phlebotomy', program_name: 'Phlebotomy', amount_due: 1500, amount_paid: 1500 })],
  diploma_programs: [],
  associate_programs: [],
  next_due_date: null,
};

function stubStudent(response: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(response));
}

const withDetails = (payment_details: PaymentDetails) => () => Promise.resolve(jsonResponse({ username: 'student', program: 'Nursing Assistant', payment_details }));

async function openBillCard() {
  const rendered = renderApp('/Dashboard', { preloadedState: signedIn() });
  const card = within(await screen.findByRole('region', { name: 'My Bill' }));
  return { ...rendered, card };
}

describe('My Bill card', () => {
  it('says "Loading payment information..." while the record loads', async () => {
    stubStudent(() => new Promise(() => {}));
    const { card } = await openBillCard();
    expect(card.getByRole('status').textContent).toBe('Loading payment information...');
    expect(card.getByText(seasonLabel())).toBeTruthy();
  });

  it('says "Unable to load payment information" when the call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubStudent(() => Promise.resolve(jsonResponse({ error: 'Internal error' }, 500)));
    const { card } = await openBillCard();
    expect(await card.findByText('Unable to load payment information')).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
  });

  it('says "No payment information available" to a user without a student record', async () => {
    stubStudent(() => Promise.resolve(jsonResponse({ error: 'Not found' }, 404)));
    const { card } = await openBillCard();
    expect(await card.findByText('No payment information available')).toBeTruthy();
  });

  it('shows an empty bill as paid: $0.00, "No outstanding balance" and a disabled pay button', async () => {
    stubStudent(withDetails({ certificate_courses: [], diploma_programs: [], associate_programs: [], next_due_date: null }));
    const { card } = await openBillCard();
    expect(await card.findByText('No outstanding balance')).toBeTruthy();
    expect(card.getByText('$0.00')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Pay Bill' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the balance owed, each owed program, the Due chip and an enabled pay button', async () => {
    stubStudent(withDetails(owing));
    const { card } = await openBillCard();
    expect(await card.findByText('$5,700.00')).toBeTruthy();
    expect(card.getByText('Nursing Assistant').nextElementSibling?.textContent).toBe('$1,500.00');
    expect(card.getByText('Patient Care Technician').nextElementSibling?.textContent).toBe('$4,200.00');
    expect(card.getByText('Due Dec 15, 2026')).toBeTruthy();
    expect(card.queryByText('Paid in Full')).toBeNull();
    expect(card.queryByText('Account Current')).toBeNull();
    expect(card.getByRole('button', { name: 'Pay Bill' }).hasAttribute('disabled')).toBe(false);
  });

  it('says "Payment Due" when the bill has no next due date', async () => {
    stubStudent(withDetails({ ...owing, next_due_date: null }));
    const { card } = await openBillCard();
    expect(await card.findByText('Payment Due')).toBeTruthy();
  });

  it('at a 0 balance shows "Account Current", "Paid in Full" and a disabled pay button', async () => {
    stubStudent(withDetails(paidInFull));
    const { card } = await openBillCard();
    expect(await card.findByText('Paid in Full')).toBeTruthy();
    expect(card.getByText('Account Current')).toBeTruthy();
    expect(card.getByText('$0.00')).toBeTruthy();
    expect(card.getByText('No outstanding balance')).toBeTruthy();
    expect(card.queryByText(/^Due /)).toBeNull();
    expect(card.getByRole('button', { name: 'Pay Bill' }).hasAttribute('disabled')).toBe(true);
  });

  it('pays by adding one cart item per owed program, then opening /cart', async () => {
    stubStudent(withDetails(owing));
    const { card, store, router } = await openBillCard();
    fireEvent.click(await card.findByRole('button', { name: 'Pay Bill' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    const { items, total } = store.getState().cart;
    expect(total).toBe(5700);
    // The items bill.test checks (1500.00 and 4200.00, due 2026-12-15), one of each.
    expect(items).toEqual(billCartItems(owing).map((item) => expect.objectContaining({ ...item, quantity: 1 })));
    expect(items[0].id).toMatch(/^certificate-nursing-assistant-\d+$/);
    expect(Number.isNaN(Date.parse(items[0].added_at))).toBe(false);
    expect(await screen.findByRole('link', { name: 'Cart (2 items) - $5,700.00' })).toBeTruthy();
  });
});
