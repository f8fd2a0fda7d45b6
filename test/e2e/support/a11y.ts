/**
 * Accessibility checks of one screen state at both widths. Each check runs axe-core
 * (WCAG 2.0/2.1 A and AA rules; serious or critical findings fail), at 375 px also the small-screen
 * rules (no horizontal scrolling of the page, wide tables scroll inside their container), and with
 * E2E_SCREENSHOTS=1 saves a screenshot `test/e2e/screenshots/<screen>-<state>-<width>.png` for review.
 * Each width has its own signed-in context; both widths of a state are checked side by side.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { REPO_ROOT } from '../../../lib/local/paths.js';
import { login } from './api.js';
import { baseUrl, launchBrowser } from './browser.js';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test/e2e/screenshots');
/**
 * E2E_SCREENSHOTS=1 saves a full-page screenshot of every audited state, for a person to review. They assert
 * nothing, and each costs about 120 ms of a busy browser, so a plain `npm test` takes none.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;
export type Width = (typeof WIDTHS)[number]['width'];

/** One page per width, each in its own context (own local storage). */
export type Pages = Record<Width, Page>;

/** What every audit found, written out by writeAxeSummary() for the closing note. */
interface AuditRecord {
  screen: string;
  state: string;
  width: Width;
  rules: number;
  violations: Array<{ id: string; impact: string | null | undefined; nodes: number }>;
}
const records: AuditRecord[] = [];

/** Opens a context per width, signed in as `username` (the login answer in local storage, as the SPA keeps it), or signed out. */
export async function openPages(browser: Browser, user?: { username: string; password: string }, storage: Record<string, string> = {}) {
  const entries = { ...storage, ...(user ? { userInfo: JSON.stringify(await login(user.username, user.password)) } : {}) };
  const contexts: BrowserContext[] = [];
  const pages = {} as Pages;
  for (const viewport of WIDTHS) {
    const context = await browser.newContext({
      viewport,
      reducedMotion: 'reduce',
      storageState: { cookies: [], origins: [{ origin: baseUrl(), localStorage: Object.entries(entries).map(([name, value]) => ({ name, value })) }] },
    });
    await context.addInitScript(recordFocusMoves);
    contexts.push(context);
    pages[viewport.width] = await context.newPage();
  }
  return { pages, close: () => Promise.all(contexts.map((c) => c.close())) };
}

/**
 * Runs `step` on both pages at once (it brings the page to the state and audits it); any failure at
 * either width fails the test, with both widths' messages.
 */
export async function atBothWidths(pages: Pages, step: (page: Page, width: Width) => Promise<void>): Promise<void> {
  const outcomes = await Promise.allSettled(WIDTHS.map(({ width }) => step(pages[width], width)));
  const failures = outcomes.flatMap((o, i) => (o.status === 'rejected' ? [`at ${WIDTHS[i]!.width} px: ${(o.reason as Error)?.stack ?? o.reason}`] : []));
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}

/**
 * Runs `step` at one width, then the other: for states one user may hold once at a time (an open
 * checkout: a second one replaces the first, as in two tabs).
 */
export async function atEachWidthInTurn(pages: Pages, step: (page: Page, width: Width) => Promise<void>): Promise<void> {
  for (const { width } of WIDTHS) await step(pages[width], width);
}

/** Opens `path` and waits for `ready` (a locator of the loaded state). */
export async function visit(page: Page, pathname: string, ready: (page: Page) => Locator): Promise<void> {
  await page.goto(`${baseUrl()}${pathname}`);
  await ready(page).first().waitFor();
}

/** A screen's first state: opens `path`, waits for `ready` and audits what loaded. */
export async function auditVisit(page: Page, width: Width, pathname: string, ready: (page: Page) => Locator, screen: string, state: string): Promise<void> {
  await visit(page, pathname, ready);
  await audit(page, width, screen, state);
}

/**
 * Audits the page as it is: axe (serious and critical fail), the small-screen rules at 375 px, and (with
 * E2E_SCREENSHOTS=1) a screenshot. Throws one error listing every problem found.
 */
export async function audit(page: Page, width: Width, screen: string, state: string): Promise<void> {
  // Let entry animations and transitions (a toast growing in, a dialog fading) finish, so colours are
  // measured as they end up: axe reads a half-faded alert's blended colours. Endless ones (spinners) are
  // left running, and the wait is capped so a stuck animation is measured rather than hanging the test.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  await injectAxe(page);
  // The builder evaluates its axe source twice per run (analyze, then inject): a no-op source here, as axe
  // is already in every frame. Parsing the 600 kB source took two thirds of each audit's axe time.
  const results = await new AxeBuilder({ page, axeSource: AXE_INJECTED })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    // Legacy mode runs axe in the page itself; the default mode also opens a blank page per run to merge frame results.
    .setLegacyMode(true)
    .analyze();
  records.push({
    screen,
    state,
    width,
    rules: results.passes.length + results.violations.length + results.incomplete.length + results.inapplicable.length,
    violations: results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })),
  });
  const problems = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `axe ${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n')}`,
    );
  if (width === 375) problems.push(...(await smallScreenProblems(page)));

  await saveScreenshot(page, `${screen}-${state}-${width}`);
  if (problems.length > 0) throw new Error(`${screen} (${state}) at ${width} px:\n  ${problems.join('\n  ')}`);
}

/** With E2E_SCREENSHOTS=1, saves the page as test/e2e/screenshots/<name>.png for review; otherwise does nothing. */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

/** Evaluated by AxeBuilder in place of axe's source (see injectAxe). */
const AXE_INJECTED = 'void 0';

/**
 * axe-core into every frame of the page that does not hold it yet (a new document: a page load, a preview's
 * frame), once per document instead of once per audit. As AxeBuilder's own injection: a frame that does
 * not answer within a second, or refuses the script, is skipped.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    let timer: NodeJS.Timeout | undefined;
    try {
      if (await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')) continue;
      const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('Script Timeout')), 1_000)));
      await Promise.race([frame.evaluate(axe.source), timeout]);
    } catch {
      // as AxeBuilder's inject(): axe then runs without this frame
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Spec: at 375 px no horizontal scrolling of the page; a table wider than the screen scrolls inside its own container. */
function smallScreenProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth) {
      const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && getComputedStyle(el).position !== 'fixed')
        .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= window.innerWidth + 1)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 3).join('.')} "${(el.textContent ?? '').slice(0, 40)}"`);
      problems.push(`the page scrolls sideways: scrollWidth ${scrollWidth} > ${window.innerWidth}; widest: ${wide.join(', ')}`);
    }
    for (const table of document.querySelectorAll('table')) {
      if (table.getBoundingClientRect().width <= window.innerWidth) continue;
      let scroller: HTMLElement | null = table.parentElement;
      while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      const name = table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? 'a table';
      if (!scroller || scroller === document.documentElement || scroller === document.body) problems.push(`table "${name}" is wider than the screen with no scrolling container`);
      else if (scroller.getBoundingClientRect().right > window.innerWidth + 1) problems.push(`table "${name}" scrolls in a container wider than the screen`);
    }
    return problems;
  });
}

/**
 * Opens a dialog with `opener` (a click) and checks focus moved into it; answers the dialog.
 * MUI traps focus there and gives it back to the opener on close (see closeDialog).
 */
export async function openDialog(page: Page, opener: Locator, name: string | RegExp): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await becomesTrue(() => dialog.evaluate((el) => el.contains(document.activeElement)), `focus inside the dialog "${name}"`);
  return dialog;
}

/** Closes the dialog with Escape and checks focus went back to the control that opened it. */
export async function closeDialog(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  const focused = () => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  await becomesTrue(() => opener.evaluate((el) => el === document.activeElement), 'focus back on the opener').catch(async (error: Error) => {
    const moves = await page.evaluate(() => (window as { focusMoves?: string[] }).focusMoves?.slice(-12) ?? []);
    throw new Error(`${error.message}; focus is on ${await focused()}\nthe last focus moves:\n  ${moves.join('\n  ')}`);
  });
}

/**
 * Runs in each document of an audited page: keeps the last focus moves (what gained or lost focus, and from or to
 * what), which a failed focus check prints. A focus check that failed now and then, under load, said only that focus
 * was on the body; these say how it got there.
 */
function recordFocusMoves() {
  const moves: string[] = [];
  (window as { focusMoves?: string[] }).focusMoves = moves;
  const name = (el: EventTarget | null) =>
    el instanceof Element
      ? `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : el.id ? `#${el.id}` : ''}${el.isConnected ? '' : ' (detached)'}`
      : 'nothing';
  const at = () => `${Math.round(performance.now())} ms`;
  document.addEventListener('focusin', (e) => moves.push(`${at()} in ${name(e.target)}, from ${name(e.relatedTarget)}`), true);
  document.addEventListener('focusout', (e) => moves.push(`${at()} out ${name(e.target)}, to ${name(e.relatedTarget)}`), true);
  document.addEventListener('keydown', (e) => moves.push(`${at()} key ${e.key} on ${name(e.target)}`), true);
}

/**
 * Waits until `check` answers true, asking every 50 ms for at most a second (expect.poll's defaults), else fails
 * saying `what`. Unlike expect.poll it needs no current test: some files run their tests side by side.
 */
async function becomesTrue(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 1_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: still not so after 1000 ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An error shown must also be announced: it sits in a live region (role alert or status, or aria-live). */
export async function expectAnnounced(message: Locator): Promise<void> {
  await message.waitFor();
  const live = await message.evaluate((el) => {
    const region = el.closest('[role="alert"], [role="status"], [aria-live]:not([aria-live="off"])');
    return region ? (region.getAttribute('role') ?? `aria-live=${region.getAttribute('aria-live')}`) : null;
  });
  expect(live, `"${await message.textContent()}" is in no live region`).not.toBeNull();
}

/** Answers every API call whose path matches `pattern` with a server error, to show the screen's error state. */
export async function failApi(page: Page, pattern: RegExp): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/') && pattern.test(url.pathname),
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal server error' }) }),
  );
}

/** A dialog's state: opened with `opener` (focus moves in), audited, closed with Escape (focus goes back). */
export async function auditDialog(page: Page, width: Width, screen: string, state: string, opener: Locator, name: string | RegExp): Promise<void> {
  const dialog = await openDialog(page, opener, name);
  await audit(page, width, screen, state);
  await closeDialog(page, dialog, opener);
}

/**
 * A screen's failed load: the API calls matching `api` answer 500, the page loads again, `error` (by
 * default the first alert in the main region) is shown and announced, and the state is audited.
 */
export async function auditFailedLoad(
  page: Page,
  width: Width,
  screen: string,
  state: string,
  api: RegExp,
  error: Locator = page.getByRole('main').getByRole('alert').first(),
): Promise<void> {
  await failApi(page, api);
  await page.reload();
  await expectAnnounced(error);
  await audit(page, width, screen, state);
  await page.unrouteAll();
}

/** Writes what the audits found (rules run and every violation, any impact) next to the screenshots. */
export function writeAxeSummary(suite: string): void {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  fs.writeFileSync(path.join(SCREENSHOT_DIR, `axe-${suite}.json`), `${JSON.stringify(records, null, 1)}\n`);
}

/**
 * One headless Chromium for a test file, its axe summary written under `summary` when the file ends,
 * and `pagesFor(user)`: both widths' pages for a describe block (signed in as `user`, or signed out),
 * opened before its tests and closed after them.
 */
export function accessibilityBrowser(summary: string) {
  let browser: Browser;
  beforeAll(async () => {
    records.length = 0;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    writeAxeSummary(summary);
    await browser?.close();
  });
  return {
    pagesFor(user?: { username: string; password: string }) {
      const held = { pages: {} as Pages, close: async () => {} };
      beforeAll(async () => Object.assign(held, await openPages(browser, user)));
      afterAll(() => held.close());
      return held;
    },
  };
}
