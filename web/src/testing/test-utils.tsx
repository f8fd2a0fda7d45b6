import { expect, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { makeStore as makeAppStore, type AppStore } from '../app/store';
import { loggedOut } from '#shared/session/authSlice';
import type { UserInfo } from '#contract/users';
import type { RootState } from '#shared/store/state';

/**
 * Helpers shared by the web tests: the real store and providers, with the state a test needs. The test
 * harness composes the app, so tests in any layer reach the app through here, never by importing app/.
 */

/** The app's own providers, for tests that build their own tree (hooks, wrappers). */
export { AppProviders };

const stores = new Set<AppStore>();

/**
 * The app's own store, for tests that drive it. Every store a test makes is signed out when the test
 * ends (signOutTestStores, run by setup.ts), which ends work it started that outlives the test, such as
 * a payment watch re-reading payments every 1.5 s: the web tier shares one page between test files, so
 * it would otherwise call a later test's fetch.
 */
export function makeStore(preloadedState?: Partial<RootState>): AppStore {
  const store = makeAppStore(preloadedState);
  stores.add(store);
  return store;
}

export function signOutTestStores(): void {
  for (const store of stores) store.dispatch(loggedOut());
  stores.clear();
}

export interface RenderOptions {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
}

export function renderWithStore(ui: ReactElement, { preloadedState, store = makeStore(preloadedState) }: RenderOptions = {}) {
  return { store, ...render(<AppProviders store={store}>{ui}</AppProviders>) };
}

/** Mounts routes in a memory router at `path` (the app's own routes: `renderApp` in renderApp.tsx). */
export function renderRoutes(routes: RouteObject[], path: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithStore(<RouterProvider router={router} />, options) };
}

export function sampleUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'u-1',
    username: 'student',
    email: 'student@example.edu',
    first_name: 'Jane',
    last_name: 'Doe',
    isAdmin: false,
    is_staff: false,
    is_finance: false,
    token: 'token-123',
    refresh: 'refresh-123',
    expires_in: 3600,
    ...overrides,
  };
}

/** Auth state of a signed-in user, for `preloadedState`. */
export function signedIn(user: UserInfo = sampleUser()): Partial<RootState> {
  return { auth: { userInfo: user, loading: false, error: null } };
}

/** An administrator (who is staff too) signed in. */
export const asAdmin = () => signedIn(sampleUser({ username: 'admin', first_name: 'Ada', isAdmin: true, is_staff: true }));

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The URL of a fetch call, whether it was made with a string or a Request. */
export function requestUrl(input: unknown): string {
  return input instanceof Request ? input.url : String(input);
}

export interface ApiCall {
  method: string;
  /** Path and query, e.g. "/api/courses/?name=Nur". */
  path: string;
  body: unknown;
}

export type Answer = Response | ((call: ApiCall) => Response | Promise<Response>);

/**
 * Stubs `fetch` with answers by "METHOD /path" (query ignored); unknown calls get a 404. A JSON body is read as
 * JSON, a form's as its fields. Returns the
 * calls made, so tests can check query strings and bodies.
 */
export function stubApi(answers: Record<string, Answer>): ApiCall[] {
  const calls: ApiCall[] = [];
  stubRequests(async (request) => {
    const url = new URL(request.url);
    const text = await request.clone().text();
    const call = { method: request.method, path: url.pathname + url.search, body: text ? bodyOf(text, request.headers.get('content-type')) : undefined };
    calls.push(call);
    const answer = answers[`${call.method} ${url.pathname}`];
    if (!answer) return jsonResponse({ error: 'Not found' }, 404);
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  return calls;
}

/** A request's body: JSON, or a form's fields (the local Stripe sandbox's calls are form-encoded, as Stripe.js sends them). */
const bodyOf = (text: string, contentType: string | null): unknown =>
  contentType?.includes('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text);

/** Stubs `fetch` with `answer`, which gets each call as one Request, however it was made (a Request, or a URL and its init). */
export function stubRequests(answer: (request: Request) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init?: RequestInit) => answer(input instanceof Request ? input : new Request(requestUrl(input), init))),
  );
}

/**
 * Stubs `fetch` with one function from the requested URL to the answer; returns the URLs asked for,
 * in order. For tests that answer by URL alone (`stubApi` answers by method and path).
 */
export function stubFetch(answer: (url: string) => Response): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown) => {
      const url = requestUrl(input);
      urls.push(url);
      return answer(url);
    }),
  );
  return urls;
}

/** Stubs `matchMedia` (which jsdom lacks): each media query matches when `matches` says so. */
export function stubMediaQueries(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The body rows of the table named `name` (or of the one table), each as its cells' text. */
export function tableRows(name?: string | RegExp): string[][] {
  const table = screen.getByRole('table', name === undefined ? {} : { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

/** A description list (Facts) in `region` as [term, definition] pairs, in order. */
export function descriptionPairs(region: HTMLElement): [string | null, string | null][] {
  const values = within(region)
    .getAllByRole('definition')
    .map((dd) => dd.textContent);
  return within(region)
    .getAllByRole('term')
    .map((dt, i) => [dt.textContent, values[i] ?? null]);
}

/** Sets each filter, found by its label, to its value (`{ From: '2026-01-01' }`), then presses Apply Filters. */
export function applyFilters(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
}

/** Types each value into the field of `scope` its label names (`{ Email: 'ann@example.edu' }`), in order. */
export function fill(scope: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(scope).getByLabelText(label, { exact: false }), { target: { value } });
}

/** The problem the field of `scope` labelled `label` shows under it (its aria-describedby), or null. */
export function fieldProblem(scope: HTMLElement, label: string): string | null {
  const input = within(scope).getByLabelText(label, { exact: false });
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
}

/** The texts of the options of `select`. */
export function optionTexts(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

/** Chooses `value` in the select (combobox) named `name`. */
export function chooseOption(name: string, value: string) {
  fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });
}

/**
 * Fake timers that also advance on their own, so Testing Library's waits still work, for tests that let a
 * debounce, a poll or a back-off pass at once (passTime) instead of sitting through it. Only the timers and
 * the clock are faked: animation frames stay real, since a store made meanwhile batches its notifications on
 * them and, on a fake frame still pending at vi.useRealTimers(), would stop telling React of changes.
 */
export const FAKE_TIMERS: NonNullable<Parameters<typeof vi.useFakeTimers>[0]> = {
  shouldAdvanceTime: true,
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};

/** Runs `steps` on FAKE_TIMERS, then on real timers again (timers still pending then never fire). Inside fake timers already, just runs `steps`. */
export async function withFakeTimers(steps: () => Promise<void>) {
  if (vi.isFakeTimers()) return steps();
  vi.useFakeTimers(FAKE_TIMERS);
  try {
    await steps();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * On fake timers: lets `ms` pass a step at a time, each in act, so what a timer sets off (a fetch, its
 * answer's render, the next timer) happens before the clock moves on, as it would in real time.
 */
export async function passTime(ms: number, step = 50) {
  for (let passed = 0; passed < ms; passed += step) await act(() => vi.advanceTimersByTimeAsync(Math.min(step, ms - passed)));
}

/** On fake timers: lets time pass as passTime does until `done` holds, or fails once `limitMs` have passed without it. */
export async function passTimeUntil(done: () => boolean, limitMs: number, step = 50) {
  for (let passed = 0; !done(); passed += step) {
    if (passed >= limitMs) throw new Error(`still waiting after ${limitMs} ms on the fake clock`);
    await passTime(step, step);
  }
}

/** On fake timers: what `shown` finds stays until just before `ms` have passed, and is gone just after (a toast's auto-hide). */
export async function expectShownFor(ms: number, shown: () => HTMLElement | null) {
  act(() => vi.advanceTimersByTime(ms - 100));
  expect(shown()).not.toBeNull();
  act(() => vi.advanceTimersByTime(200));
  await waitFor(() => expect(shown()).toBeNull());
}

/** The toast's text. While a dialog is open the rest of the page is aria-hidden, so this finds the Snackbar itself. */
export async function toastText() {
  const snackbar = await waitFor(() => {
    const found = document.querySelector('.MuiSnackbar-root');
    if (!found) throw new Error('no toast shown');
    return found;
  });
  return snackbar.textContent;
}
