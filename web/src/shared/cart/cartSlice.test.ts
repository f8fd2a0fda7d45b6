import { describe, expect, it } from 'vitest';
import {
  cartCleared,
  cartCount,
  cartFailed,
  cartLoading,
  cartReplaced,
  cartSlice,
  initialCartState,
  itemAdded,
  itemAmountSet,
  itemRemoved,
  quantityUpdated,
  type CartItem,
  type CartState,
  type NewCartItem,
} from './cartSlice';

const reduce = cartSlice.reducer;
const now = new Date('2026-03-01T10:00:00.000Z');

const diploma: NewCartItem = {
  program_id: '7',
  program_type: 'diploma',
  program_name: 'Practical Nursing Diploma',
  amount: '1250.50',
  payment_type: 'installment',
  due_date: '2026-04-01',
};

function item(overrides: Partial<CartItem>): CartItem {
  return {
    id: 'x',
    program_id: '1',
    program_type: 'certificate',
    program_name: 'Phlebotomy',
    amount: 100,
    payment_type: 'full',
    due_date: null,
    quantity: 1,
    added_at: now.toISOString(),
    ...overrides,
  };
}

const withItems = (...items: CartItem[]): CartState => reduce(initialCartState, cartReplaced(items));

describe('cart state (spec section 4)', () => {
  it('starts empty, total 0, not loading, no error', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({ items: [], total: 0, loading: false, error: null });
  });

  it('sets loading, and an error clears loading', () => {
    const loading = reduce(initialCartState, cartLoading(true));
    expect(loading.loading).toBe(true);
    const failed = reduce(loading, cartFailed('Could not read the cart'));
    expect(failed).toMatchObject({ loading: false, error: 'Could not read the cart' });
  });

  it('replacing the cart recomputes the total and clears loading', () => {
    const state = reduce({ ...initialCartState, loading: true }, cartReplaced([item({ amount: 10, quantity: 3 }), item({ id: 'y', amount: 2.5 })]));
    expect(state.total).toBe(32.5);
    expect(state.loading).toBe(false);
  });

  it('adds an item with id, parsed amount, default quantity 1 and timestamp', () => {
    const state = reduce(initialCartState, itemAdded(diploma, now));
    expect(state.items).toEqual([{ ...diploma, amount: 1250.5, id: `diploma-7-${now.getTime()}`, quantity: 1, added_at: '2026-03-01T10:00:00.000Z' }]);
    expect(state.total).toBe(1250.5);
  });

  it('merges the same program_id and program_type by increasing quantity', () => {
    let state = reduce(initialCartState, itemAdded(diploma, now));
    state = reduce(state, itemAdded({ ...diploma, quantity: 2 }, new Date(now.getTime() + 1000)));
    expect(state.items).toHaveLength(1);
    expect(state.items[0].quantity).toBe(3);
    expect(state.total).toBe(3751.5);
  });

  it('appends when the program type differs even if the id is the same', () => {
    let state = reduce(initialCartState, itemAdded(diploma, now));
    state = reduce(state, itemAdded({ ...diploma, program_type: 'certificate', amount: 100 }, now));
    expect(state.items.map((i) => i.program_type)).toEqual(['diploma', 'certificate']);
    expect(state.total).toBe(1350.5);
  });

  it('removes by id', () => {
    const state = reduce(withItems(item({ id: 'a' }), item({ id: 'b', program_id: '2', amount: 40 })), itemRemoved('a'));
    expect(state.items.map((i) => i.id)).toEqual(['b']);
    expect(state.total).toBe(40);
  });

  it('updates the quantity by id and recomputes the total', () => {
    const state = reduce(withItems(item({ id: 'a', amount: 19.99 })), quantityUpdated({ id: 'a', quantity: 3 }));
    expect(state.items[0].quantity).toBe(3);
    expect(state.total).toBe(59.97);
  });

  it('drops an item whose quantity reaches 0', () => {
    const state = reduce(withItems(item({ id: 'a' }), item({ id: 'b', program_id: '2' })), quantityUpdated({ id: 'a', quantity: 0 }));
    expect(state.items.map((i) => i.id)).toEqual(['b']);
    expect(state.total).toBe(100);
  });

  it('clears everything', () => {
    expect(reduce(withItems(item({})), cartCleared())).toEqual(initialCartState);
  });

  it('counts items as the sum of quantities', () => {
    expect(cartCount([item({ quantity: 2 }), item({ id: 'y', quantity: 5 })])).toBe(7);
    expect(cartCount([])).toBe(0);
  });

  it("a merge keeps the first item's id, position and amount", () => {
    let state = reduce(initialCartState, itemAdded({ ...diploma, program_id: '1' }, now));
    state = reduce(state, itemAdded(diploma, now));
    state = reduce(state, itemAdded({ ...diploma, program_id: '1', amount: 5 }, new Date(now.getTime() + 5000)));
    expect(state.items.map((i) => [i.program_id, i.quantity, i.id])).toEqual([
      ['1', 2, `diploma-1-${now.getTime()}`],
      ['7', 1, `diploma-7-${now.getTime()}`],
    ]);
    expect(state.total).toBe(2501 + 1250.5);
  });

  it('drops an item updated below 0 as well, and ignores unknown ids', () => {
    const start = withItems(item({ id: 'a' }));
    expect(reduce(start, quantityUpdated({ id: 'a', quantity: -1 })).items).toEqual([]);
    expect(reduce(start, quantityUpdated({ id: 'nope', quantity: 4 }))).toEqual(start);
    expect(reduce(start, itemRemoved('nope'))).toEqual(start);
  });

  it('clearing also resets loading and error', () => {
    const failed = reduce(withItems(item({})), cartFailed('boom'));
    expect(reduce({ ...failed, loading: true }, cartCleared())).toEqual({ items: [], total: 0, loading: false, error: null });
  });

  it('the count follows merges and quantity updates', () => {
    let state = reduce(initialCartState, itemAdded(diploma, now));
    state = reduce(state, itemAdded({ ...diploma, quantity: 4 }, now));
    state = reduce(state, itemAdded({ ...diploma, program_id: '8' }, now));
    expect(cartCount(state.items)).toBe(6);
    state = reduce(state, quantityUpdated({ id: state.items[0].id, quantity: 1 }));
    expect(cartCount(state.items)).toBe(2);
  });

  it('keeps the total free of floating-point dust', () => {
    expect(withItems(item({ amount: 0.1 }), item({ id: 'y', amount: 0.2 })).total).toBe(0.3);
  });

  it("sets an item's amount (a part of what is owed) to the cent and recomputes the total", () => {
    const state = reduce(withItems(item({ id: 'a', amount: 1500, quantity: 2 }), item({ id: 'b', program_id: '2', amount: 40 })), itemAmountSet({ id: 'a', amount: 250.005 }));
    expect(state.items[0]).toMatchObject({ amount: 250.01, quantity: 2 });
    expect(state.total).toBe(540.02);
  });

  it('sets amount and quantity together (what is owed, once)', () => {
    const state = reduce(withItems(item({ id: 'a', amount: 1500, quantity: 2 })), itemAmountSet({ id: 'a', amount: 1500, quantity: 1 }));
    expect(state.items[0]).toMatchObject({ amount: 1500, quantity: 1 });
    expect(state.total).toBe(1500);
  });

  it('ignores an amount of 0 or less, not a number, or an unknown id', () => {
    const start = withItems(item({ id: 'a', amount: 100 }));
    expect(reduce(start, itemAmountSet({ id: 'a', amount: 0 }))).toEqual(start);
    expect(reduce(start, itemAmountSet({ id: 'a', amount: -5 }))).toEqual(start);
    expect(reduce(start, itemAmountSet({ id: 'a', amount: Number.NaN }))).toEqual(start);
    expect(reduce(start, itemAmountSet({ id: 'nope', amount: 5 }))).toEqual(start);
  });
});
