import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProgramType } from '#contract/programs';

/**
 * Cart state and rules. Persistence per user (`cart_<username>`) is done by
 * store listeners (cartPersistence.ts): they load with `cartReplaced` and save after every
 * change here, so these reducers stay pure.
 */
export interface CartItem {
  /** Program type + program id + timestamp. */
  id: string;
  program_id: string;
  program_type: ProgramType;
  program_name: string;
  amount: number;
  payment_type: 'installment' | 'full';
  due_date: string | null;
  quantity: number;
  /** ISO timestamp. */
  added_at: string;
}

export interface CartState {
  items: CartItem[];
  total: number;
  loading: boolean;
  error: string | null;
}

/** What a caller supplies to add an item; id, added_at and quantity get their defaults. */
export type NewCartItem = Omit<CartItem, 'id' | 'added_at' | 'quantity' | 'amount'> & {
  amount: number | string;
  quantity?: number;
};

export const initialCartState: CartState = { items: [], total: 0, loading: false, error: null };

/** Total = sum of amount x quantity, rounded to cents so floating-point dust never shows. */
export function cartTotal(items: readonly CartItem[]): number {
  const total = items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
  return Math.round(total * 100) / 100;
}

/** Item count = sum of quantities (what the header badge shows). */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    cartLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
    cartFailed(state, action: PayloadAction<string | null>) {
      state.error = action.payload;
      state.loading = false;
    },
    /** Replaces the whole cart (e.g. from storage): total recomputed, loading cleared. */
    cartReplaced(state, action: PayloadAction<CartItem[]>) {
      state.items = action.payload;
      state.total = cartTotal(state.items);
      state.loading = false;
    },
    itemAdded: {
      reducer(state, action: PayloadAction<CartItem>) {
        const added = action.payload;
        const same = state.items.find((item) => item.program_id === added.program_id && item.program_type === added.program_type);
        if (same) same.quantity += added.quantity;
        else state.items.push(added);
        state.total = cartTotal(state.items);
      },
      prepare(item: NewCartItem, now: Date = new Date()) {
        const payload: CartItem = {
          ...item,
          id: `${item.program_type}-${item.program_id}-${now.getTime()}`,
          amount: Number.parseFloat(String(item.amount)) || 0,
          quantity: item.quantity ?? 1,
          added_at: now.toISOString(),
        };
        return { payload };
      },
    },
    itemRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
      state.total = cartTotal(state.items);
    },
    /** A quantity of 0 (or less) drops the item; the cart page itself keeps a minimum of 1. */
    quantityUpdated(state, action: PayloadAction<{ id: string; quantity: number }>) {
      const { id, quantity } = action.payload;
      if (quantity <= 0) {
        state.items = state.items.filter((item) => item.id !== id);
      } else {
        const item = state.items.find((candidate) => candidate.id === id);
        if (item) item.quantity = quantity;
      }
      state.total = cartTotal(state.items);
    },
    /**
     * Sets what one unit of an item pays (a part of a program's balance, or all of it), in dollars
     * rounded to the cent; with `quantity`, sets that too (the checkout's fix: what is owed, once).
     * An amount of 0 or less, or not a number, changes nothing: the cart page checks the amount first.
     */
    itemAmountSet(state, action: PayloadAction<{ id: string; amount: number; quantity?: number }>) {
      const { id, amount, quantity } = action.payload;
      const item = state.items.find((candidate) => candidate.id === id);
      if (!item || !Number.isFinite(amount) || amount <= 0) return;
      item.amount = Math.round(amount * 100) / 100;
      if (quantity !== undefined && Number.isInteger(quantity) && quantity > 0) item.quantity = quantity;
      state.total = cartTotal(state.items);
    },
    /** Empties the cart; the persistence listener also removes the stored cart. */
    cartCleared: () => initialCartState,
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartTotal: (state) => state.total,
    selectCartCount: (state) => cartCount(state.items),
    selectCartLoading: (state) => state.loading,
    selectCartError: (state) => state.error,
  },
});

export const { cartLoading, cartFailed, cartReplaced, itemAdded, itemRemoved, quantityUpdated, itemAmountSet, cartCleared } = cartSlice.actions;
export const { selectCartItems, selectCartTotal, selectCartCount, selectCartLoading, selectCartError } = cartSlice.selectors;
