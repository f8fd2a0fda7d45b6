import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setRuntimeConfig, defaultRuntimeConfig } from './app/runtimeConfig';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  setRuntimeConfig(defaultRuntimeConfig);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};
