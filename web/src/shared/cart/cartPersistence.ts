import { isAnyOf, type UnknownAction } from '@reduxjs/toolkit';
import { loggedOut, login } from '../session/authSlice';
import { cartCleared, cartReplaced, itemAdded, itemAmountSet, itemRemoved, quantityUpdated } from './cartSlice';
import { readStoredCart, storeCart } from './cartStorage';
import type { AppStartListening, RootState } from '../store/state';

/*
 * Keeps the signed-in user's cart in local storage under `cart_<username>`.
 * The session decides whose cart it is, so this joins the two kernel slices.
 */

const cartChanged = isAnyOf(itemAdded, itemRemoved, quantityUpdated, itemAmountSet, cartReplaced, cartCleared);

/** Saves after every cart change (clear removes the stored cart); loads on login; empties on logout. */
export function persistCart(startListening: AppStartListening): void {
  startListening({
    matcher: cartChanged,
    effect: (_action, { getState }) => {
      const { auth, cart } = getState();
      if (auth.userInfo) storeCart(auth.userInfo.username, cart.items);
    },
  });
  startListening({
    actionCreator: login.fulfilled,
    effect: (action, { dispatch }) => {
      const stored = readStoredCart(action.payload.username);
      if (stored) dispatch(cartReplaced(stored));
    },
  });
  // The stored cart stays for the user's next login; the next user must not see it.
  startListening({ actionCreator: loggedOut, effect: (_action, { dispatch }) => void dispatch(cartReplaced([])) });
}

/** Loads the cart of the user signed in when the store is made (a page load). */
export function restoreCart(store: { dispatch: (action: UnknownAction) => unknown; getState: () => RootState }): void {
  const user = store.getState().auth.userInfo;
  const stored = user && readStoredCart(user.username);
  if (stored) store.dispatch(cartReplaced(stored));
}
