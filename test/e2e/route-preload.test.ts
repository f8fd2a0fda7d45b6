/**
 * Issue 21: a route's lazy JavaScript downloads alongside the entry, not after it (web/build/routePreload.ts).
 * Measured with the browser's own Resource Timing: the page chunk's request must start before the shell
 * chunk (the entry's ~150 KiB) has finished downloading, which cannot happen when only the entry's code
 * asks for the page. The network is throttled so the shell takes long enough to measure.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/api.js';
import { baseUrl, launchBrowser } from './support/browser.js';
import { signedInContext } from './support/session.js';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

interface Timing { name: string; startTime: number; responseEnd: number }

async function scriptTimings(page: Page, path: string): Promise<Timing[]> {
  const cdp = await page.context().newCDPSession(page);
  // about "Fast 3G": the shell then takes a second or more to arrive
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 100_000 });
  await page.goto(`${baseUrl()}${path}`);
  await page.locator('main').waitFor();
  return page.evaluate(() =>
    performance.getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js'))
      .map((e) => ({ name: new URL(e.name).pathname, startTime: e.startTime, responseEnd: (e as PerformanceResourceTiming).responseEnd })),
  );
}

const file = (timings: Timing[], prefix: string) => {
  const found = timings.find((t) => t.name.startsWith(`/assets/${prefix}-`));
  if (!found) throw new Error(`no ${prefix} chunk among ${timings.map((t) => t.name).join(', ')}`);
  return found;
};

describe('route chunks preload with the entry', () => {
  it.each([
    ['/', 'LoginPage', false],
    ['/Dashboard', 'DashboardPage', true],
    ['/cart', 'cartPages', true],
  ] as const)('%s: the %s chunk is requested before the shell has arrived', async (path, chunk, signedIn) => {
    const context = signedIn ? await signedInContext(browser, await login('student', 'Student!2345')) : await browser.newContext();
    try {
      const page = await context.newPage();
      const timings = await scriptTimings(page, path);
      const shell = file(timings, 'shell');
      const pageChunk = file(timings, chunk);
      expect(pageChunk.startTime).toBeLessThan(shell.responseEnd);
    } finally {
      await context.close();
    }
  });
});
