/**
 * Keyboard-only helpers: focus moves with Tab / Shift+Tab only, never by clicking or by calling
 * focus(), so a control the keyboard cannot reach fails the test.
 */
import type { Locator, Page } from 'playwright-core';

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (Shift+Tab when `backwards`) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target}; the focus is on ${focused}`);
}

/** Whether the focus is on `target` or inside it (e.g. a dialog). */
export const hasFocusWithin = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** Presses ArrowDown on a focused native select until the chosen option's text is `label`. */
export async function chooseWithArrows(page: Page, select: Locator, label: string, max = 30): Promise<void> {
  for (let presses = 0; presses <= max; presses += 1) {
    const chosen = await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? '');
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown never chose "${label}" in ${select}`);
}
