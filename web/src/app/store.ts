import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  createListenerMiddleware,
  type Middleware,
  type Reducer,
  type TypedStartListening,
} from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/authSlice';
import { persistSession } from '../features/auth/sessionPersistence';
import { cartSlice } from '../features/cart/cartSlice';
import { persistCart, restoreCart } from './cartPersistence';
import { toastSlice } from './toastSlice';

/**
 * State added by modules that load after the store exists, declared by those modules
 * (`declare module './store'`). The API cache (app/api) is one: RTK Query is about 15 KB
 * gzipped, and the login screen never calls the API.
 */
export interface LazyLoadedSlices {}

const rootReducer = combineSlices(authSlice, cartSlice, toastSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

// Shared by every store made here, so code loaded later can add to all of them.
const listeners = createListenerMiddleware();
const lateMiddleware = createDynamicMiddleware();
const liveStores = new Set<WeakRef<AppStore>>();

/** Builds a store; the app calls it once, tests call it with the state they need. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(lateMiddleware.middleware),
  });
  liveStores.add(new WeakRef(store));
  restoreCart(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppStartListening = TypedStartListening<RootState, AppDispatch>;

const startAppListening = listeners.startListening as AppStartListening;

// Side effects that follow state changes live in listeners, not in reducers.
persistSession(startAppListening);
persistCart(startAppListening);

const lateModuleAttached = createAction('app/lateModuleAttached');

/**
 * Joins a module loaded after start-up to every store: its reducer, middleware and listeners.
 * Existing stores then get an action so the new state exists before anything selects it
 * (what `store.replaceReducer` does in the classic recipe).
 */
export function attachLateModule(module: {
  // `any`: the slice's state type is its own business (a Reducer<unknown> would not accept it).
  slice: { reducerPath: string; reducer: Reducer<any> };
  middleware?: Middleware;
  listen?: (startListening: AppStartListening) => void;
}): void {
  // overrideExisting: hot reloads in development re-run the module.
  rootReducer.inject(module.slice, { overrideExisting: true });
  if (module.middleware) lateMiddleware.addMiddleware(module.middleware);
  module.listen?.(startAppListening);
  for (const ref of liveStores) {
    const store = ref.deref();
    if (store) store.dispatch(lateModuleAttached());
    else liveStores.delete(ref);
  }
}
