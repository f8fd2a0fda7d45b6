import type { ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';
import type { CartState } from '../cart/cartSlice';
import type { AuthState } from '../session/authSlice';
import type { ToastState } from '../toast/toastSlice';

/**
 * The store as the kernel sees it. The state is declared here, from the kernel's own slices, rather
 * than derived from app/store.ts: the hooks, listeners and thunks below the app are typed with it
 * without importing the app, and app/store.ts, which composes the slices, is checked against it.
 */

/**
 * State added by modules that load after the store exists, declared by those modules
 * (`declare module '../store/state'`). The API cache (shared/api/baseApi.ts) is one: RTK Query is
 * about 15 KB gzipped, and the login screen never calls the API.
 */
export interface LazyLoadedSlices {}

export type RootState = { auth: AuthState; cart: CartState; toast: ToastState } & Partial<LazyLoadedSlices>;

export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction>;

export type AppStartListening = TypedStartListening<RootState, AppDispatch>;
