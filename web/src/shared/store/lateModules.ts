import type { Middleware, Reducer } from '@reduxjs/toolkit';
import type { AppStartListening } from './state';

/** A module loaded after the store exists (the RTK Query API): its reducer, middleware and listeners. */
export interface LateModule {
  // `any`: the slice's state type is its own business (a Reducer<unknown> would not accept it).
  slice: { reducerPath: string; reducer: Reducer<any> };
  middleware?: Middleware;
  listen?: (startListening: AppStartListening) => void;
}

let join: ((module: LateModule) => void) | null = null;
const waiting: LateModule[] = [];

/**
 * Joins a module loaded after start-up to every store. The store setup (app/store.ts) does the joining;
 * a module attached before it registered waits for it.
 */
export function attachLateModule(module: LateModule): void {
  if (join) join(module);
  else waiting.push(module);
}

/** For the store setup alone: how to join a module to the stores; the waiting ones join at once. */
export function joinLateModulesWith(handler: (module: LateModule) => void): void {
  join = handler;
  for (const module of waiting.splice(0)) handler(module);
}
