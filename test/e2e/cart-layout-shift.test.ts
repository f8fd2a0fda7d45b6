/**
 * The cart does not move while it loads (Lighthouse on a phone): its lines render at once from
 * the stored cart, and the "Amount to pay" help keeps its height when the student record arrives with
 * what is owed. Shifts are the browser's own layout-shift entries; the student record is held back a
 * second, so it surely arrives after the first render.
 */
import type { Browser } from 'playwright-core';
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

describe('the cart while it loads', () => {
  it.each([375, 1280])('at %i px: no layout shift when what is owed arrives', async (width) => {
    const context = await signedInContext(browser, await login('student', 'Student!2345'), {}, { viewport: { width, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/Dashboard`);
      await page.getByRole('button', { name: 'Pay Bill' }).click();
      await page.waitForURL(/\/cart$/);
      await page
        .getByText(/^You owe \$[\d,]+\.\d\d for this program\./)
        .first()
        .waitFor();

      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      let held = 0;
      await page.route(/\/api\/students\/[^/]+\/$/, async (route) => {
        held++;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.reload();
      await page.getByText('Checking what you owe for this program…').first().waitFor();
      await page
        .getByText(/^You owe \$[\d,]+\.\d\d for this program\./)
        .first()
        .waitFor();
      await page.waitForTimeout(300);
      expect(held).toBeGreaterThan(0);
      const total = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
      expect(total).toBeLessThan(0.001);
    } finally {
      await context.close();
    }
  });
});
