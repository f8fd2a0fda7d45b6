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
 * then they go on to the server, or get `answer`. Releasing waits for the first request to reach the hold: a
 * screen shows its loading state as it sends, and the browser hands the request to Playwright a moment later
 * (under load, after the test saw the loading state). Unrouted before then, the request would go on to the
 * server unanswered by `answer`, and the test would meet the server's answer instead of its own.
 */
export async function hold(page: Page, url: string | RegExp, answer = (route: Route) => route.continue()): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const answered: Array<Promise<void>> = [];
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(url, (route) => {
    arrived();
    const answering = held.then(() => answer(route));
    answered.push(answering);
    return answering;
  });
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const none = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`hold: no request to ${String(url)} reached the hold within 15 s`)), 15_000);
    });
    await Promise.race([first, none]).finally(() => clearTimeout(timer));
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
