import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '#shared/store/hooks';
import { useSignedInUser } from '#shared/session/currentUser';
import {
  cartCleared,
  itemAdded,
  itemAmountSet,
  itemRemoved,
  quantityUpdated,
  selectCartCount,
  selectCartItems,
  selectCartTotal,
  type CartItem,
  type NewCartItem,
} from '#shared/cart/cartSlice';

/** What the cart pages use: the signed-in user's cart and its operations. */
export interface CartFacility {
  username: string;
  items: CartItem[];
  total: number;
  count: number;
  addItem: (item: NewCartItem) => void;
  removeItem: (id: string) => void;
  updateQuantity: (id: string, quantity: number) => void;
  /** What one unit of the item pays (part or all of what is owed); with a quantity, sets it too. */
  setItemAmount: (id: string, amount: number, quantity?: number) => void;
  clearCart: () => void;
}

const CartContext = createContext<CartFacility | null>(null);

/** Provides the cart of the signed-in user; it throws for anonymous visitors. */
export function CartProvider({ children }: { children: ReactNode }) {
  const { username } = useSignedInUser();
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const total = useAppSelector(selectCartTotal);
  const count = useAppSelector(selectCartCount);
  const value = useMemo<CartFacility>(
    () => ({
      username,
      items,
      total,
      count,
      addItem: (item) => dispatch(itemAdded(item)),
      removeItem: (id) => dispatch(itemRemoved(id)),
      updateQuantity: (id, quantity) => dispatch(quantityUpdated({ id, quantity })),
      setItemAmount: (id, amount, quantity) => dispatch(itemAmountSet(quantity === undefined ? { id, amount } : { id, amount, quantity })),
      clearCart: () => dispatch(cartCleared()),
    }),
    [username, items, total, count, dispatch],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartFacility {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart must be used within a CartProvider');
  return cart;
}
