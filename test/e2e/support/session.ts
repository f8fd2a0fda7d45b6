/**
 * Signed-in browser contexts without going through the login form each time: the SPA keeps the
 * session as the login answer in local storage under `userInfo` (spec section 3), so a context
 * that starts with that entry is signed in. Suites that test the login form itself still use it.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { login } from './api.js';
import { baseUrl } from './browser.js';

export type UserInfo = Awaited<ReturnType<typeof login>>;

/** A context whose local storage holds `entries` (e.g. userInfo, a stored cart) before any page loads. */
export function contextWithStorage(browser: Browser, entries: Record<string, string>, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    ...options,
    storageState: {
      cookies: [],
      origins: [{ origin: baseUrl(), localStorage: Object.entries(entries).map(([name, value]) => ({ name, value })) }],
    },
  });
}

/** A context signed in as `user` (the answer of POST /api/users/login/), plus any other stored entries. */
export function signedInContext(browser: Browser, user: UserInfo, extra: Record<string, string> = {}, options: BrowserContextOptions = {}) {
  return contextWithStorage(browser, { userInfo: JSON.stringify(user), ...extra }, options);
}
