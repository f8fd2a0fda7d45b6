/**
 * Request interception (Playwright `page.route`) to bring about the states of spec sections 2 and 8
 * that the real local stack does not produce by itself: a slow answer (loading texts), a failing
 * server (error texts), or a record in a shape the seed has none of (e.g. a document without a file).
 */
import type { Page, Route } from 'playwright-core';

/** Answers with a JSON error, as a failing server would. */
export const failWith =
  (status: number, body: unknown = {}) =>
  (route: Route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/**
 * Holds matching requests until the returned function is called, to see a screen's loading state;
 * then they go on to the server, or get `answer`.
 */
export async function hold(page: Page, url: string | RegExp, answer = (route: Route) => route.continue()): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const answered: Array<Promise<void>> = [];
  await page.route(url, (route) => {
    const answering = held.then(() => answer(route));
    answered.push(answering);
    return answering;
  });
  return async () => {
    release();
    // Unrouted before its handler answers, a request would go on by itself.
    await Promise.all(answered);
    await page.unroute(url);
  };
}

/** Lets matching GETs reach the server and hands their JSON answer to `edit` before the page sees it. */
export async function editJson(page: Page, url: string | RegExp, edit: (json: any) => unknown): Promise<void> {
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const json = await response.json();
    await route.fulfill({ response, json: edit(json) ?? json });
  });
}
