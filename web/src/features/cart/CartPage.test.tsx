import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brand } from '../../app/brand';
import { renderRoutes, signedIn } from '../../test-utils';
import CartPage from './CartPage';
import CartRoute from './CartRoute';
import { cartState, nursingAssistant, patientCareTechnician } from './cartTestData';
import { PAYMENT_NOTES } from './EmptyCart';

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
    expect(screen.getByRole('link', { name: 'Browse Programs' }).getAttribute('href')).toBe('/courses');
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
    expect(within(nursing).getByLabelText('Amount for Nursing Assistant').textContent).toBe('$1500.00');
    const pct = line('Patient Care Technician');
    expect(within(pct).getByText('Diploma')).toBeTruthy();
    expect(within(pct).getByText('Full Payment')).toBeTruthy();
    expect(within(pct).queryByText(/^Due:/)).toBeNull();
    expect(within(pct).getByLabelText('Amount for Patient Care Technician').textContent).toBe('$8400.00');
    expect(within(pct).getByText('$4200.00 × 2')).toBeTruthy();
  });

  it('shows the order summary with the total, Proceed to Checkout and the Need Help box', () => {
    renderCart(nursingAssistant, patientCareTechnician);
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Items (2)')).toBeTruthy();
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toBe('$5700.00');
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
    expect(screen.getByLabelText('Amount for Nursing Assistant').textContent).toBe('$3000.00');
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
    let dialog = screen.getByRole('dialog', { name: 'Clear Cart' });
    expect(within(dialog).getByText('Are you sure you want to clear your cart?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getState().cart.items).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    dialog = screen.getByRole('dialog', { name: 'Clear Cart' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear Cart' }));
    expect(store.getState().cart.items).toEqual([]);
    expect(localStorage.getItem('cart_student')).toBeNull();
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
  });
});
