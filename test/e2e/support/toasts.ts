/**
 * How long a toast (MUI Snackbar) stays, measured in the page: a MutationObserver notes when each
 * Snackbar enters and leaves the DOM, so the test runner's own delays do not blur the figure. The
 * app unmounts a toast as soon as its auto-hide fires (no exit transition), so the lifetime is
 * its autoHideDuration plus the page's timer lateness.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

interface ToastEntry {
  text: string;
  shownAt: number;
  hiddenAt?: number;
}

declare global {
  interface Window {
    __toastLog?: Array<ToastEntry & { element: Element }>;
  }
}

/** Starts the recording in every document of the page, or of every page of the context (call before loading any). */
export async function recordToasts(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(() => {
    const log: Array<{ element: Element; text: string; shownAt: number; hiddenAt?: number }> = [];
    window.__toastLog = log;
    const scan = () => {
      const now = performance.now();
      for (const element of document.querySelectorAll('.MuiSnackbar-root')) {
        if (!log.some((entry) => entry.element === element)) log.push({ element, text: element.textContent ?? '', shownAt: now });
      }
      for (const entry of log) if (entry.hiddenAt === undefined && !entry.element.isConnected) entry.hiddenAt = now;
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits for the toast saying `text` to come and go, and answers how long it was shown (ms). */
export async function toastLifetime(page: Page, text: string, timeout = 20_000): Promise<number> {
  const lifetime = await page.waitForFunction(
    (wanted) => {
      const entry = window.__toastLog?.find((e) => e.text.includes(wanted) && e.hiddenAt !== undefined);
      return entry ? entry.hiddenAt! - entry.shownAt : null;
    },
    text,
    { timeout, polling: 50 },
  );
  return (await lifetime.jsonValue()) as number;
}

/**
 * Spec section 9's durations: the toast is still there just before `ms` and gone soon after.
 * The margins allow for a busy machine's late timers while telling 4000, 5000 and 6000 apart.
 */
export async function expectToastDuration(page: Page, text: string, ms: number): Promise<void> {
  // A pointer resting on a Snackbar pauses its timer: keep it in the corner.
  await page.mouse.move(0, 0);
  const shown = await toastLifetime(page, text, ms + 15_000);
  expect(shown, `"${text}" was shown ${Math.round(shown)} ms`).toBeGreaterThanOrEqual(ms - 250);
  expect(shown, `"${text}" was shown ${Math.round(shown)} ms`).toBeLessThanOrEqual(ms + 1500);
}

/** Waits for the toast saying `text`, then closes it: a toast stays for seconds, and the next one would wait for it. */
export async function expectToast(page: Page, text: string): Promise<void> {
  const snackbar = page.locator('.MuiSnackbar-root');
  await snackbar.getByText(text, { exact: true }).waitFor();
  await snackbar.getByRole('button', { name: 'Close' }).click();
  await snackbar.waitFor({ state: 'detached' });
}
