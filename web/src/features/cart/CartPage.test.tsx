import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { brand } from '#shared/brand';
import type { StudentRecord } from '#contract/students';
import { jsonResponse, renderRoutes, signedIn, stubApi } from '../../testing/test-utils';
import CartPage from './CartPage';
import CartRoute from './CartRoute';
import { cartState, nursingAssistant, owing, patientCareTechnician, studentRecord } from './cartTestData';
import { PAYMENT_NOTES } from './EmptyCart';

/** The student record the cart reads what is owed from (by default: exactly the two cart amounts). */
const withRecord = (record: StudentRecord = studentRecord()) => stubApi({ 'GET /api/students/student/': jsonResponse(record) });

beforeEach(() => {
  withRecord();
});

function renderCart(...items: (typeof nursingAssistant)[]) {
  const routes = [
    { Component: CartRoute, children: [{ path: '/cart', Component: CartPage }] },
    { path: '/checkout', element: <h1>Checkout</h1> },
    { path: '/courses', element: <h1>Catalog</h1> },
  ];
  return renderRoutes(routes, '/cart', { preloadedState: { ...signedIn(), cart: cartState(...items) } });
}

const line = (name: string) => screen.getByRole('listitem', { name });

describe('Cart page (spec section 2, Cart)', () => {
  it('shows the empty state: "Your cart is empty", Browse Programs and three payment notes', () => {
    renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeTruthy();
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Programs' }).getAttribute('href')).toBe('/Dashboard#my-bill');
    const notes = within(screen.getByRole('note')).getAllByRole('listitem');
    expect(notes.map((note) => note.textContent)).toEqual([...PAYMENT_NOTES]);
    expect(PAYMENT_NOTES).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Clear Cart' })).toBeNull();
  });

  it('shows each item: name, type chip, Next/Full Payment, due date, amount x quantity', () => {
    renderCart(nursingAssistant, { ...patientCareTechnician, quantity: 2 });
    const nursing = line('Nursing Assistant');
    expect(within(nursing).getByText('Certificate')).toBeTruthy();
    expect(within(nursing).getByText('Next Payment')).toBeTruthy();
    expect(within(nursing).getByText('Due: Dec 15, 2026')).toBeTruthy();
    expect(within(nursing).getByLabelText('Amount for Nursing Assistant').textContent).toBe('$1,500.00');
    const pct = line('Patient Care Technician');
    expect(within(pct).getByText('Diploma')).toBeTruthy();
    expect(within(pct).getByText('Full Payment')).toBeTruthy();
    expect(within(pct).queryByText(/^Due:/)).toBeNull();
    expect(within(pct).getByLabelText('Amount for Patient Care Technician').textContent).toBe('$8,400.00');
    expect(within(pct).getByText('$4,200.00 × 2')).toBeTruthy();
  });

  it('shows the order summary with the total, Proceed to Checkout and the Need Help box', () => {
    renderCart(nursingAssistant, patientCareTechnician);
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Items (2)')).toBeTruthy();
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toBe('$5,700.00');
    expect(within(summary).getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/checkout');
    const help = screen.getByRole('complementary', { name: 'Need Help?' });
    expect(within(help).getByRole('link', { name: 'Contact Admissions' }).getAttribute('href')).toBe(`mailto:${brand.admissionsEmail}`);
  });

  it('keeps the quantity at 1 or more with the stepper', () => {
    const { store } = renderCart(nursingAssistant);
    const decrease = screen.getByRole('button', { name: 'Decrease quantity of Nursing Assistant' }) as HTMLButtonElement;
    expect(decrease.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Nursing Assistant' }));
    expect(store.getState().cart.items[0].quantity).toBe(2);
    expect(decrease.disabled).toBe(false);
    expect(screen.getByLabelText('Amount for Nursing Assistant').textContent).toBe('$3,000.00');
    fireEvent.click(decrease);
    expect(store.getState().cart.items[0].quantity).toBe(1);
    expect(decrease.disabled).toBe(true);
    fireEvent.click(decrease);
    expect(store.getState().cart.items).toHaveLength(1);
  });

  it('removes an item', () => {
    const { store } = renderCart(nursingAssistant, patientCareTechnician);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Nursing Assistant' }));
    expect(store.getState().cart.items.map((item) => item.program_name)).toEqual(['Patient Care Technician']);
    expect(screen.queryByRole('listitem', { name: 'Nursing Assistant' })).toBeNull();
  });

  it('asks "Are you sure you want to clear your cart?" before clearing', async () => {
    const { store } = renderCart(nursingAssistant);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Nursing Assistant' }));
    expect(localStorage.getItem('cart_student')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear Cart' });
    expect(within(dialog).getByText('Are you sure you want to clear your cart?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().cart.items).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear Cart' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear Cart' }));
    expect(store.getState().cart.items).toEqual([]);
    expect(localStorage.getItem('cart_student')).toBeNull();
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
  });
});

const amountField = (name: string) => within(line(name)).getByLabelText('Amount to pay') as HTMLInputElement;
const helpOf = (name: string) => document.getElementById(amountField(name).getAttribute('aria-describedby') ?? '')?.textContent;
const typeAmount = (name: string, value: string) => fireEvent.change(amountField(name), { target: { value } });
const proceed = () => screen.getByRole('region', { name: 'Order Summary' }).querySelector('a, button') as HTMLElement;

describe('Paying all or part of a bill', () => {
  it('a bill item has an "Amount to pay" field, all of what is owed to start with; a full payment has none', async () => {
    renderCart(nursingAssistant, patientCareTechnician);
    expect(amountField('Nursing Assistant').value).toBe('1500.00');
    // two lines, the first saying what is owed once the student record is read
    await waitFor(() => expect(helpOf('Nursing Assistant')).toBe('You owe $1,500.00 for this program. Pay all of it or part of it (at least $1.00).'));
    expect(within(line('Patient Care Technician')).queryByLabelText('Amount to pay')).toBeNull();
  });

  it('pays part of the balance: the line and the total follow; "Pay all" goes back to all of it', async () => {
    const { store } = renderCart(nursingAssistant);
    await within(line('Nursing Assistant')).findByText(/^You owe \$1,500\.00/);
    typeAmount('Nursing Assistant', '250');
    expect(store.getState().cart.items[0].amount).toBe(250);
    expect(screen.getByLabelText('Amount for Nursing Assistant').textContent).toBe('$250.00');
    expect(within(screen.getByRole('region', { name: 'Order Summary' })).getByText('Total').nextElementSibling?.textContent).toBe('$250.00');
    fireEvent.blur(amountField('Nursing Assistant'));
    expect(amountField('Nursing Assistant').value).toBe('250.00');

    fireEvent.click(screen.getByRole('button', { name: 'Pay all $1,500.00 for Nursing Assistant' }));
    expect(store.getState().cart.items[0]).toMatchObject({ amount: 1500, quantity: 1 });
    expect(amountField('Nursing Assistant').value).toBe('1500.00');
    expect(screen.queryByRole('button', { name: /^Pay all/ })).toBeNull();
  });

  it.each([
    ['0.50', 'Enter an amount of at least $1.00'],
    ['', 'Enter the amount you want to pay'],
    ['12.345', 'Enter the amount in dollars and cents, with at most two decimals'],
    ['a lot', 'Enter the amount as a number, such as 250.00'],
    ['3000', 'You owe $1,500.00 for Nursing Assistant; enter at most that'],
  ])('refuses "%s" in a plain sentence, keeps the cart as it was and holds back the checkout', async (typed, message) => {
    const { store } = renderCart(nursingAssistant);
    await within(line('Nursing Assistant')).findByText(/^You owe \$1,500\.00/);
    typeAmount('Nursing Assistant', typed);
    expect(within(line('Nursing Assistant')).getByRole('alert').textContent).toBe(message);
    expect(store.getState().cart.items[0].amount).toBe(1500);
    expect(screen.getByText('Correct the amount to pay above to continue.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement).disabled).toBe(true);

    typeAmount('Nursing Assistant', '100.5');
    expect(store.getState().cart.items[0].amount).toBe(100.5);
    expect(proceed().getAttribute('href')).toBe('/checkout');
    expect(screen.queryByText('Correct the amount to pay above to continue.')).toBeNull();
  });

  it('flags a line asking for more than is owed (Pay Bill twice, or +), with a one-click fix', async () => {
    const { store } = renderCart({ ...nursingAssistant, quantity: 2 });
    const notice = await within(line('Nursing Assistant')).findByText('Nursing Assistant: your cart asks for $3,000.00 (2 × $1,500.00), but you owe $1,500.00.');
    fireEvent.click(within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Pay $1,500.00 instead' }));
    expect(store.getState().cart.items).toMatchObject([{ amount: 1500, quantity: 1 }]);
    await waitFor(() => expect(screen.queryByText(/your cart asks for/)).toBeNull());
    // Checkout stays open: it explains the same before any payment, for carts that reach it so.
    expect(proceed().getAttribute('href')).toBe('/checkout');
  });

  it('flags a program with nothing owed any more (a stale cart after paying elsewhere) and removes it in one click', async () => {
    withRecord(studentRecord([owing(nursingAssistant, 0), owing(patientCareTechnician, 4200)]));
    const { store } = renderCart(nursingAssistant, patientCareTechnician);
    const notice = await screen.findByText('Nursing Assistant: you owe nothing on this program now, so there is nothing to pay.');
    expect(within(line('Nursing Assistant')).getByText('You owe nothing for this program now.')).toBeTruthy();
    fireEvent.click(within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Remove from cart' }));
    expect(store.getState().cart.items.map((item) => item.program_name)).toEqual(['Patient Care Technician']);
  });

  it('a part payment below what is owed is no problem, and +/- still multiply it', async () => {
    const { store } = renderCart({ ...nursingAssistant, amount: 500 });
    await within(line('Nursing Assistant')).findByText(/^You owe \$1,500\.00/);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Nursing Assistant' }));
    expect(screen.getByLabelText('Amount for Nursing Assistant').textContent).toBe('$1,000.00');
    expect(screen.queryByText(/your cart asks for/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Nursing Assistant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Nursing Assistant' }));
    expect(store.getState().cart.total).toBe(2000);
    expect(await screen.findByText('Nursing Assistant: your cart asks for $2,000.00 (4 × $500.00), but you owe $1,500.00.')).toBeTruthy();
  });
});
