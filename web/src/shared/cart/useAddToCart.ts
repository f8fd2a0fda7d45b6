import { useCallback } from 'react';
import { useAppDispatch } from '../store/hooks';
import { itemAdded, type NewCartItem } from './cartSlice';

/** Lets features put things in the cart without importing the cart feature (see web/README). */
export type { NewCartItem };

/** Adds each item to the cart state; one timestamp for the batch, so their ids line up. */
export function useAddToCart(): (items: readonly NewCartItem[]) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (items) => {
      const now = new Date();
      for (const item of items) dispatch(itemAdded(item, now));
    },
    [dispatch],
  );
}
