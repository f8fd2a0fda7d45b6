import { readStoredList } from '../lib/storedList';
import type { CartItem } from './cartSlice';

/** Local storage key of a user's cart, as the spec names it: `cart_` plus the username. */
export const cartStorageKey = (username: string) => `cart_${username}`;

/**
 * The user's stored cart items, or null when none is stored. Unreadable data (corrupt JSON, or
 * not a list of cart items) is logged and removed, as the spec asks.
 */
export function readStoredCart(username: string): CartItem[] | null {
  return readStoredList(cartStorageKey(username), isCartItem, 'cart items');
}

/** Stores the items; an empty cart is not stored at all, so clearing removes the key. */
export function storeCart(username: string, items: readonly CartItem[]): void {
  const key = cartStorageKey(username);
  try {
    if (items.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(items));
  } catch (error) {
    // A full or disabled storage must not break the cart itself.
    console.warn(`Could not save "${key}" to local storage.`, error);
  }
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as Partial<CartItem> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.id === 'string' &&
    typeof item.program_id === 'string' &&
    typeof item.program_name === 'string' &&
    ['certificate', 'diploma', 'associates'].includes(item.program_type as string) &&
    Number.isFinite(item.amount) &&
    Number.isInteger(item.quantity) &&
    (item.quantity as number) > 0
  );
}
