/**
 * A route's lazy JavaScript downloads alongside the entry, not after it (web/build/routePreload.ts).
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
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Timing {
  name: string;
  startTime: number;
  responseEnd: number;
}

async function scriptTimings(page: Page, path: string): Promise<Timing[]> {
  const cdp = await page.context().newCDPSession(page);
  // about "Fast 3G": the shell then takes a second or more to arrive
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 100_000 });
  await page.goto(`${baseUrl()}${path}`);
  await page.locator('main').waitFor();
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
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
      // the runtime config too: asked for once, by the preload, before the shell has arrived
      const config = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('/config.json'))
          .map((e) => e.startTime),
      );
      expect(config).toHaveLength(1);
      expect(config[0]).toBeLessThan(shell.responseEnd);
    } finally {
      await context.close();
    }
  });

  it('one font file, preloaded with the entry, serves every weight the pages use', async () => {
    const context = await signedInContext(browser, await login('student', 'Student!2345'));
    try {
      const page = await context.newPage();
      const timings = await scriptTimings(page, '/Dashboard');
      await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();
      const fonts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.woff2'))
          .map((e) => ({ name: new URL(e.name).pathname, startTime: e.startTime })),
      );
      expect(fonts.map((f) => f.name)).toEqual([expect.stringMatching(/^\/assets\/roboto-latin-wght-normal-[\w-]+\.woff2$/)]);
      expect(fonts[0]!.startTime).toBeLessThan(file(timings, 'shell').responseEnd);
      // the regular, medium (buttons) and bold weights all come from it, none synthesized
      const weights = await page.evaluate(async () => {
        await document.fonts.ready;
        return Promise.all(['400', '500', '700'].map(async (w) => (await document.fonts.load(`${w} 16px Roboto`)).map((f) => f.weight)));
      });
      expect(weights).toEqual([['100 900'], ['100 900'], ['100 900']]);
    } finally {
      await context.close();
    }
  });

  it("on navigation: a page's chunk and the chunks it imports are requested together, not one after another", async () => {
    const context = await signedInContext(browser, await login('student', 'Student!2345'));
    try {
      const page = await context.newPage();
      await scriptTimings(page, '/Dashboard');
      const before = new Set((await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).map((n) => new URL(n).pathname));
      const routeFiles: string[] = await page.evaluate(() => JSON.parse(document.getElementById('route-chunks')!.textContent!)['/cart']);
      // in-app: My Bill's Pay Bill opens /cart through the router
      await page.getByRole('button', { name: 'Pay Bill' }).click();
      await page.waitForURL(/\/cart$/);
      await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
      const after = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => ({ name: new URL(e.name).pathname, startTime: e.startTime, responseEnd: (e as PerformanceResourceTiming).responseEnd })),
      );
      const fresh = after.filter((t) => routeFiles.includes(t.name) && !before.has(t.name));
      const pageChunk = fresh.find((t) => t.name.startsWith('/assets/cartPages-'));
      expect(pageChunk, 'the cart chunk was loaded on navigation').toBeDefined();
      const imported = fresh.filter((t) => t !== pageChunk);
      expect(imported.length, 'the cart chunk imports chunks the dashboard did not load').toBeGreaterThan(0);
      for (const t of imported) expect(t.startTime, t.name).toBeLessThan(pageChunk!.responseEnd);
    } finally {
      await context.close();
    }
  });
});
