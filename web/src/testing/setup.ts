import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setRuntimeConfig, defaultRuntimeConfig } from '#shared/runtimeConfig';
import { signOutTestStores } from './test-utils';

// Pages are lazy modules that vitest transforms on first visit, which can take longer than the
// default second of findBy*/waitFor on a busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 }); // below the web project's 20 s test timeout, so a miss reports what was on screen

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  signOutTestStores();
  localStorage.clear();
  setRuntimeConfig(defaultRuntimeConfig);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The DOM here (happy-dom) has no scrolling, which the router's scroll restoration calls on every
// navigation, and no window.alert, which the placeholder actions call (tests spy on it).
window.scrollTo = () => {};
window.alert = () => {};
