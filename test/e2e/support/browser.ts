/**
 * Headless Debian Chromium driven by playwright-core (no browser download). The flags keep Chromium
 * from reaching for Google's services, which this machine's closed network refuses.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_PATH } from '../../../lib/local/system-deps.js';

export const baseUrl = () => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The file's browser, and pages each in a context of its own (own cookies and storage: one person). */
export interface BrowserPerFile {
  readonly browser: Browser;
  /** A page in a new context (with the file's options unless `options` are given), closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A context the test made itself (signed in, with stored entries...), closed after the test with the rest. */
  adopt(context: BrowserContext | Promise<BrowserContext>): Promise<BrowserContext>;
}

/** A browser and the page the running test got, with its context. */
export interface PagePerTest extends BrowserPerFile {
  readonly context: BrowserContext;
  readonly page: Page;
}

/** Launching Chromium takes seconds, so one per test file; every context a test opens is closed after it. */
export function browserPerFile(options?: BrowserContextOptions): BrowserPerFile {
  let launched: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  const browser = () => {
    if (!launched) throw new Error('the browser is launched in beforeAll');
    return launched;
  };
  return {
    get browser() {
      return browser();
    },
    async newPage(contextOptions = options) {
      const context = await browser().newContext(contextOptions);
      contexts.push(context);
      return context.newPage();
    },
    async adopt(context) {
      const opened = await context;
      contexts.push(opened);
      return opened;
    },
  };
}

/** A fresh context and page for every test (call at the top of the file), so no test inherits another's sign-in or storage. */
export function freshPagePerTest(options?: BrowserContextOptions): PagePerTest {
  const file = browserPerFile(options);
  let page: Page | undefined;
  beforeEach(async () => {
    page = await file.newPage();
  });
  afterEach(() => {
    page = undefined;
  });
  const current = () => {
    if (!page) throw new Error('the page is opened in beforeEach');
    return page;
  };
  return {
    get browser() {
      return file.browser;
    },
    get context() {
      return current().context();
    },
    get page() {
      return current();
    },
    newPage: (contextOptions) => file.newPage(contextOptions),
    adopt: (context) => file.adopt(context),
  };
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Most tests start signed in: through the form, as a person would, then on the dashboard it leads to. */
export async function signInToDashboard(page: Page, username: string, password: string): Promise<void> {
  await signIn(page, username, password);
  await page.waitForURL(/\/Dashboard$/);
}
