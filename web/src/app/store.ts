import { combineSlices, configureStore, createAction, createDynamicMiddleware, createListenerMiddleware } from '@reduxjs/toolkit';
import { cartSlice } from '#shared/cart/cartSlice';
import { persistCart, restoreCart } from '#shared/cart/cartPersistence';
import { authSlice } from '#shared/session/authSlice';
import { persistSession } from '#shared/session/sessionPersistence';
import { joinLateModulesWith } from '#shared/store/lateModules';
import type { AppDispatch, AppStartListening, LazyLoadedSlices, RootState } from '#shared/store/state';
import { toastSlice } from '#shared/toast/toastSlice';

/*
 * The store: the kernel's slices and their listeners, composed. The kernel declares the state it reads
 * (shared/store/state.ts); `KernelStore` below makes the compiler hold the store made here to it.
 */

const rootReducer = combineSlices(authSlice, cartSlice, toastSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** What the kernel's hooks, listeners and thunks take the store to be. */
interface KernelStore {
  getState(): RootState;
  dispatch: AppDispatch;
}

// Shared by every store made here, so code loaded later can add to all of them.
const listeners = createListenerMiddleware();
const lateMiddleware = createDynamicMiddleware();
const liveStores = new Set<WeakRef<KernelStore>>();

/** Builds a store; the app calls it once, tests call it with the state they need. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(lateMiddleware.middleware),
  });
  liveStores.add(new WeakRef<KernelStore>(store));
  restoreCart(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;

const startAppListening = listeners.startListening as AppStartListening;

// Side effects that follow state changes live in listeners, not in reducers.
persistSession(startAppListening);
persistCart(startAppListening);

const lateModuleAttached = createAction('app/lateModuleAttached');

/*
 * Joins each module loaded after start-up (shared/store/lateModules.ts) to every store: its reducer,
 * middleware and listeners. Existing stores then get an action so the new state exists before anything
 * selects it (what `store.replaceReducer` does in the classic recipe).
 */
joinLateModulesWith((module) => {
  // overrideExisting: hot reloads in development re-run the module.
  rootReducer.inject(module.slice, { overrideExisting: true });
  if (module.middleware) lateMiddleware.addMiddleware(module.middleware);
  module.listen?.(startAppListening);
  for (const ref of liveStores) {
    const store = ref.deref();
    if (store) store.dispatch(lateModuleAttached());
    else liveStores.delete(ref);
  }
});
