import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, makeStore, signedIn } from '../../testing/test-utils';
import { CartProvider, useCart } from './CartContext';

describe('useCart (spec section 5)', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useCart();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useCart must be used within a CartProvider');
  });

  it('the provider needs a signed-in user', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <AppProviders store={makeStore()}>
          <CartProvider>{null}</CartProvider>
        </AppProviders>,
      ),
    ).toThrow();
  });

  it("gives the signed-in user's cart and its operations", () => {
    const store = makeStore(signedIn());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders store={store}>
        <CartProvider>{children}</CartProvider>
      </AppProviders>
    );
    const { result } = renderHook(() => useCart(), { wrapper });
    expect(result.current).toMatchObject({ username: 'student', items: [], total: 0, count: 0 });

    const item = { program_id: '1', program_type: 'certificate', program_name: 'Phlebotomy', amount: '99.50', payment_type: 'full', due_date: null } as const;
    act(() => result.current.addItem(item));
    act(() => result.current.addItem(item));
    expect(result.current).toMatchObject({ total: 199, count: 2 });
    act(() => result.current.updateQuantity(result.current.items[0].id, 5));
    expect(result.current.count).toBe(5);
    act(() => result.current.setItemAmount(result.current.items[0].id, 40));
    expect(result.current).toMatchObject({ total: 200, count: 5 });
    act(() => result.current.setItemAmount(result.current.items[0].id, 99.5, 1));
    expect(result.current).toMatchObject({ total: 99.5, count: 1 });
    act(() => result.current.clearCart());
    expect(result.current.items).toEqual([]);
  });
});
