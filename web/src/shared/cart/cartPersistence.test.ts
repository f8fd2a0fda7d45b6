import { describe, expect, it, vi } from 'vitest';
import { loggedOut, login } from '../session/authSlice';
import { USER_INFO_KEY } from '../session/userInfoStorage';
import { cartCleared, itemAdded, itemAmountSet, itemRemoved, quantityUpdated, type CartItem } from './cartSlice';
import { newCartItem, sampleCartItem } from '../../testing/fixtures';
import { jsonResponse, makeStore, sampleUser, signedIn } from '../../testing/test-utils';

/** Spec section 4: the cart of a logged-in user lives in local storage under cart_<username>. */

const nursing = newCartItem;
const storedItem: CartItem = { ...sampleCartItem, quantity: 2 };

const stored = (username = 'student') => JSON.parse(localStorage.getItem(`cart_${username}`) ?? 'null') as CartItem[] | null;

describe('cart persistence (cart_<username>)', () => {
  it('saves the cart on every change for the signed-in user', () => {
    const store = makeStore(signedIn());
    store.dispatch(itemAdded(nursing));
    expect(stored()).toEqual(store.getState().cart.items);
    const id = store.getState().cart.items[0].id;
    store.dispatch(quantityUpdated({ id, quantity: 3 }));
    expect(stored()?.[0].quantity).toBe(3);
    store.dispatch(itemAmountSet({ id, amount: 250 }));
    expect(stored()?.[0].amount).toBe(250);
    store.dispatch(itemAdded({ ...nursing, program_id: '2', program_name: 'Phlebotomy' }));
    expect(stored()).toHaveLength(2);
    store.dispatch(itemRemoved(id));
    expect(stored()?.map((item) => item.program_name)).toEqual(['Phlebotomy']);
  });

  it('clear removes the stored cart', () => {
    const store = makeStore(signedIn());
    store.dispatch(itemAdded(nursing));
    store.dispatch(cartCleared());
    expect(localStorage.getItem('cart_student')).toBeNull();
    expect(store.getState().cart).toMatchObject({ items: [], total: 0 });
  });

  it('removes the stored cart when the last item is removed', () => {
    const store = makeStore(signedIn());
    store.dispatch(itemAdded(nursing));
    store.dispatch(itemRemoved(store.getState().cart.items[0].id));
    expect(localStorage.getItem('cart_student')).toBeNull();
  });

  it('saves nothing for an anonymous visitor', () => {
    const store = makeStore();
    store.dispatch(itemAdded(nursing));
    expect(localStorage.length).toBe(0);
  });

  it("loads the signed-in user's stored cart when the app starts", () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(sampleUser()));
    localStorage.setItem('cart_student', JSON.stringify([storedItem]));
    localStorage.setItem('cart_someone', JSON.stringify([{ ...storedItem, quantity: 9 }]));
    const cart = makeStore().getState().cart;
    expect(cart.items).toEqual([storedItem]);
    expect(cart.total).toBe(3000);
  });

  it('loads the stored cart on login', async () => {
    localStorage.setItem('cart_student', JSON.stringify([storedItem]));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(sampleUser())),
    );
    const store = makeStore();
    await store.dispatch(login({ username: 'student', password: 'Student!2345' }));
    expect(store.getState().cart.items).toEqual([storedItem]);
  });

  it('empties the cart on logout but keeps it stored for the next login', () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(sampleUser()));
    localStorage.setItem('cart_student', JSON.stringify([storedItem]));
    const store = makeStore();
    store.dispatch(loggedOut());
    expect(store.getState().cart).toMatchObject({ items: [], total: 0 });
    expect(stored()).toEqual([storedItem]);
  });

  it.each([
    ['corrupt JSON', '[{"id": "cert'],
    ['JSON that is not a list', '{"items": []}'],
    ['items without an amount', JSON.stringify([{ ...storedItem, amount: 'lots' }])],
    ['a zero quantity', JSON.stringify([{ ...storedItem, quantity: 0 }])],
  ])('logs and removes unreadable stored data (%s)', (_case, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(sampleUser()));
    localStorage.setItem('cart_student', raw);
    const cart = makeStore().getState().cart;
    expect(cart.items).toEqual([]);
    expect(localStorage.getItem('cart_student')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cart_student'), expect.anything());
  });
});
