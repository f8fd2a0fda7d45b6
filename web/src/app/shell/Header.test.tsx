import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RootState } from '#shared/store/state';
import { cartReplaced, cartSlice, type CartItem } from '#shared/cart/cartSlice';
import { jsonResponse, renderRoutes, requestUrl, sampleUser, signedIn, stubApi } from '../../testing/test-utils';
import { Header } from './Header';

const ADMIN_BUTTONS = ['Course Manager', 'Cohort Management', 'Admin Panel', 'Dashboard'];

function cartWith(...lines: Array<[amount: number, quantity: number]>): RootState['cart'] {
  const items = lines.map(([amount, quantity], i): CartItem => ({
    id: `certificate-${i}-1`,
    program_id: String(i),
    program_type: 'certificate',
    program_name: `Program ${i}`,
    amount,
    payment_type: 'installment',
    due_date: null,
    quantity,
    added_at: '2026-01-01T00:00:00.000Z',
  }));
  return cartSlice.reducer(undefined, cartReplaced(items));
}

const renderHeader = (state: Partial<RootState> = {}) => renderRoutes([{ path: '*', element: <Header /> }], '/', { preloadedState: state });

describe('Header', () => {
  // a signed-in header reads the bell's notices: answered here, never by the network
  beforeEach(() => void stubApi({}));

  it('presents the portal and asks anonymous users to log in', () => {
    renderHeader();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Nursing Education Portal/ })).toBeTruthy();
    expect(screen.getByText('Please log in to view your dashboard')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('shows everyone the cart and the Course Catalog link', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Course Catalog' }).getAttribute('href')).toBe('/courses');
    expect(screen.getByRole('link', { name: 'Cart (0 items) - $0.00' }).getAttribute('href')).toBe('/cart');
  });

  it('shows no admin buttons to a student', () => {
    renderHeader(signedIn(sampleUser({ isAdmin: false })));
    expect(screen.queryByText('Please log in to view your dashboard')).toBeNull();
    expect(screen.getByText('Signed in as Jane Doe')).toBeTruthy();
    for (const name of ADMIN_BUTTONS) expect(screen.queryByRole('link', { name })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('shows admins Course Manager, Cohort Management, Admin Panel and Dashboard', () => {
    renderHeader(signedIn(sampleUser({ username: 'admin', isAdmin: true })));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const targets = ADMIN_BUTTONS.map((name) => within(nav).getByRole('link', { name }).getAttribute('href'));
    expect(targets).toEqual(['/course-manager', '/cohort-management', '/admin', '/Dashboard']);
    expect(within(nav).getByRole('link', { name: 'Finance Ledger' }).getAttribute('href')).toBe('/finance');
    expect(within(nav).getByRole('link', { name: 'Payment Plans' }).getAttribute('href')).toBe('/finance/payment-plans');
  });

  it('shows the Finance Ledger button to finance staff and admins only', () => {
    renderHeader(signedIn(sampleUser({ username: 'finance', is_finance: true })));
    expect(screen.getByRole('link', { name: 'Finance Ledger' }).getAttribute('href')).toBe('/finance');
    expect(screen.getByRole('link', { name: 'Payment Plans' }).getAttribute('href')).toBe('/finance/payment-plans');
    expect(screen.queryByRole('link', { name: 'Payment History' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'My Documents' })).toBeNull();
  });

  it('shows staff Document Management and Course Manager, not the admin buttons or the ledger', () => {
    renderHeader(signedIn(sampleUser({ username: 'staff', is_staff: true })));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Document Management' }).getAttribute('href')).toBe('/documents');
    expect(within(nav).getByRole('link', { name: 'Course Manager' }).getAttribute('href')).toBe('/course-manager');
    for (const name of ['Cohort Management', 'Admin Panel', 'Finance Ledger', 'Payment Plans', 'Payment History']) expect(within(nav).queryByRole('link', { name })).toBeNull();
  });

  it('shows staff and admins Announcements, not students or finance staff', () => {
    for (const user of [sampleUser({ username: 'staff', is_staff: true }), sampleUser({ username: 'admin', isAdmin: true })]) {
      const { unmount } = renderHeader(signedIn(user));
      expect(
        within(screen.getByRole('navigation', { name: 'Main' }))
          .getByRole('link', { name: 'Announcements' })
          .getAttribute('href'),
      ).toBe('/admin/announcements');
      unmount();
    }
    for (const user of [sampleUser(), sampleUser({ username: 'finance', is_finance: true })]) {
      const { unmount } = renderHeader(signedIn(user));
      expect(screen.queryByRole('link', { name: 'Announcements' })).toBeNull();
      unmount();
    }
  });

  it('shows the notifications bell to every signed-in person, and none to anonymous visitors', async () => {
    stubApi({ 'GET /api/notifications/': jsonResponse({ results: [], next: null, unread_count: 4 }) });
    const { unmount } = renderHeader(signedIn(sampleUser({ username: 'finance', is_finance: true })));
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();
    unmount();
    renderHeader();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('opens the same links in a menu from the menu button (the phone header)', async () => {
    renderHeader(signedIn(sampleUser({ username: 'staff', is_staff: true })));
    // jsdom applies no media query: the button is hidden there as on wide screens (so found by its label), and is pressed anyway
    const button = screen.getByLabelText('Menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Course Catalog', 'Document Management', 'Course Manager', 'Announcements']);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(menu).getByRole('link', { name: 'Course Manager' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull());
  });

  it('shows students My Compliance, the compliance group and admins the review queue and the rotations, admins the sites', () => {
    const { unmount } = renderHeader(signedIn(sampleUser()));
    expect(screen.getByRole('link', { name: 'My Compliance' }).getAttribute('href')).toBe('/compliance');
    expect(screen.queryByRole('link', { name: 'Compliance Review' })).toBeNull();
    unmount();
    for (const user of [{ ...sampleUser({ username: 'cora' }), is_compliance: true }, sampleUser({ username: 'admin', isAdmin: true })]) {
      const { unmount: done } = renderHeader(signedIn(user));
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(within(nav).getByRole('link', { name: 'Compliance Review' }).getAttribute('href')).toBe('/compliance/review');
      expect(within(nav).getByRole('link', { name: 'Clinical Rotations' }).getAttribute('href')).toBe('/rotations');
      // the sites are the admins'
      expect(within(nav).queryByRole('link', { name: 'Clinical Sites' })?.getAttribute('href') ?? null).toBe(user.isAdmin ? '/admin/clinical-sites' : null);
      // the compliance group is staff, not a student: none of a student's own links
      for (const name of ['My Compliance', 'Payment History', 'My Documents']) expect(within(nav).queryByRole('link', { name })).toBeNull();
      done();
    }
    for (const user of [sampleUser({ username: 'staff', is_staff: true }), sampleUser({ username: 'finance', is_finance: true })]) {
      const { unmount: done } = renderHeader(signedIn(user));
      expect(screen.queryByRole('link', { name: /Compliance/ })).toBeNull();
      expect(screen.queryByRole('link', { name: /Clinical/ })).toBeNull();
      done();
    }
  });

  it('shows students their Payment History and My Documents, not the ledger', () => {
    renderHeader(signedIn(sampleUser()));
    expect(screen.getByRole('link', { name: 'Payment History' }).getAttribute('href')).toBe('/payments');
    expect(screen.getByRole('link', { name: 'My Documents' }).getAttribute('href')).toBe('/documents');
    expect(screen.queryByRole('link', { name: 'Finance Ledger' })).toBeNull();
  });

  it('offers students their own two-step sign-in', () => {
    renderHeader(signedIn(sampleUser()));
    expect(screen.getByRole('button', { name: 'Two-step sign-in' })).toBeTruthy();
  });

  it('offers no two-step sign-in to staff accounts, which set it up at sign-in', () => {
    renderHeader(signedIn(sampleUser({ isAdmin: true, is_staff: true })));
    expect(screen.queryByRole('button', { name: 'Two-step sign-in' })).toBeNull();
  });

  it('caps the cart badge at 99+', () => {
    renderHeader({ cart: cartWith([1, 60], [1, 40]) });
    expect(screen.getByText('99+')).toBeTruthy();
  });

  it('shows the exact count below the cap', () => {
    renderHeader({ cart: cartWith([1, 99]) });
    expect(screen.getByText('99')).toBeTruthy();
  });

  it('describes the cart as "Cart (N items) - $total" with two decimals', () => {
    renderHeader({ cart: cartWith([1000, 1], [125.5, 2]) });
    const label = 'Cart (3 items) - $1,251.00';
    const cart = screen.getByRole('link', { name: label });
    fireEvent.mouseOver(cart);
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe(label);
  });

  it('logs out at once and revokes the refresh token in the background, even when that call fails', () => {
    const fetchMock = vi.fn(async (_url: unknown, _init?: RequestInit): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const { store } = renderHeader(signedIn(sampleUser({ refresh: 'refresh-9' })));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(store.getState().auth.userInfo).toBeNull();
    expect(screen.getByText('Please log in to view your dashboard')).toBeTruthy();
    // the bell's read of notices (when it has loaded by then) is no part of this
    const calls = fetchMock.mock.calls.filter(([url]) => !requestUrl(url).includes('/api/notifications/'));
    expect(calls.map(([url, init]) => [String(url), init?.body])).toEqual([[`${window.location.origin}/api/users/logout/`, JSON.stringify({ refresh: 'refresh-9' })]]);
  });
});
