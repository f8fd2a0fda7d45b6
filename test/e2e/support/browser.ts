/**
 * Headless Debian Chromium driven by playwright-core (no browser download). The flags keep Chromium
 * from reaching for Google's services, which this machine's closed network refuses.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, type TestContext } from 'vitest';
import { CHROMIUM_PATH } from '../../../lib/local/system-deps.js';
import { baseUrl } from './stack.js';

export { baseUrl };

/** The worker's Chromium: launched by the first file the worker runs, and again if it went away. */
let chromiumOfWorker: Promise<Browser> | undefined;
async function workerChromium(): Promise<Browser> {
  const running = await chromiumOfWorker?.catch(() => undefined);
  if (running?.isConnected()) return running;
  chromiumOfWorker = chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return chromiumOfWorker;
}

/**
 * A test file's browser. The tier keeps one module graph per worker (vitest.config.ts), so the files a worker runs one
 * after another share its Chromium, launched once instead of once per file: each file gets a lease of it, whose
 * contexts are its own (own cookies, storage and cache, as in a browser of its own) and whose close() closes them,
 * not Chromium. Every context of a lease (browser.newPage makes one too) reports its API trouble.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await workerChromium();
  const opened = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions) => {
    const context = recordApiTrouble(await browser.newContext(options));
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  const lease: Partial<Browser> = {
    newContext,
    // as Browser.newPage: a page in a context of its own, which closing the page closes
    async newPage(options?: BrowserContextOptions) {
      const context = await newContext(options);
      const page = await context.newPage();
      page.once('close', () => void context.close());
      return page;
    },
    contexts: () => [...opened],
    async close() {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(lease, property)) return lease[property as keyof Browser];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The portal's API answers of 400 and more, and API requests that got no answer, since the running test began:
 * test/setup/e2e-env.ts prints them when it fails. A journey that times out waiting for a message often met an
 * error answer first (a refused token, a timed-out handler), which a screen shows only briefly or not at all.
 */
const apiTrouble: Array<Promise<string>> = [];
/** What was recorded, each answer with its body (or what it was when the body could not be read within a second). */
export const takeApiTrouble = () => Promise.all(apiTrouble.splice(0));

function recordApiTrouble(context: BrowserContext): BrowserContext {
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  const now = () => new Date().toISOString().slice(11, 23);
  context.on('response', (response) => {
    if (response.status() < 400 || !isApi(response.url())) return;
    const line = `${now()} ${response.request().method()} ${new URL(response.url()).pathname} → ${response.status()}`;
    const said = response.headers()['www-authenticate'];
    const body = Promise.race([response.text(), new Promise<string>((resolve) => setTimeout(resolve, 1_000, '(body not read)').unref())]).catch(() => '(body gone)');
    apiTrouble.push(body.then((text) => `${line} ${text.slice(0, 300)}${said ? ` (www-authenticate: ${said})` : ''}`));
  });
  context.on('requestfailed', (request) => {
    if (isApi(request.url())) apiTrouble.push(Promise.resolve(`${now()} ${request.method()} ${new URL(request.url()).pathname} → no answer: ${request.failure()?.errorText}`));
  });
  return context;
}

/** The file's browser, and pages each in a context of its own (own cookies and storage: one person). */
export interface BrowserPerFile {
  readonly browser: Browser;
  /** A page in a new context (with the file's options unless `options` are given), closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A context the test made itself (signed in, with stored entries...), closed after the test with the rest. */
  adopt(context: BrowserContext | Promise<BrowserContext>): Promise<BrowserContext>;
  /**
   * newPage for a test of a file whose tests may run side by side: warmPage with nothing stored (signed out), as a
   * new context starts, let go when that test finishes (the afterEach behind newPage would close the others' too).
   */
  newPageFor(onTestFinished: TestContext['onTestFinished'], options?: BrowserContextOptions): Promise<Page>;
  /**
   * A page for one test that starts as a new context's first page would, its local storage holding only `storage`
   * (e.g. userInfo: signed in), in a context lent to that test alone until it finishes (onTestFinished of its own
   * context). The context is one the file made earlier with the same options when one is free, else a new one: its
   * cache keeps the SPA's scripts fetched and compiled, and a first page load in a new context costs about twice
   * the CPU of a later one. Only the page is new, so whatever else a test sets on page.context() stays for the next.
   */
  warmPage(onTestFinished: TestContext['onTestFinished'], storage?: Record<string, string>, options?: BrowserContextOptions): Promise<Page>;
}

/** A browser and the page the running test got, with its context. */
export interface PagePerTest extends BrowserPerFile {
  readonly context: BrowserContext;
  readonly page: Page;
}

/** One browser lease per test file (see launchBrowser); every context a test opens is closed after it. */
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
  /** Contexts free to lend, by their options; and those a test closed itself, never lent again. */
  const free = new Map<string, BrowserContext[]>();
  const closed = new WeakSet<BrowserContext>();
  const warmPage: BrowserPerFile['warmPage'] = async (onTestFinished, storage = {}, contextOptions = options) => {
    const key = JSON.stringify(contextOptions ?? {});
    let lent = free.get(key)?.pop();
    if (!lent) {
      const made = await browser().newContext(contextOptions);
      made.once('close', () => closed.add(made));
      lent = made;
    }
    onTestFinished(async () => {
      if (closed.has(lent)) return;
      await Promise.all(lent.pages().map((page) => page.close()));
      await lent.clearCookies();
      free.set(key, [...(free.get(key) ?? []), lent]);
    });
    const page = await lent.newPage();
    await page.addInitScript(startsFresh, { origin: baseUrl(), storage });
    return page;
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
    newPageFor: (onTestFinished, contextOptions = options) => warmPage(onTestFinished, {}, contextOptions),
    warmPage,
  };
}

/**
 * Runs in each document of a page from warmPage before the page's own scripts: the first document of each origin
 * in the page clears that origin's local storage and (for the portal's) stores `storage`, as a new context starts.
 * Later documents (a reload, a navigation back) keep what the test and the portal stored since: the mark is in the
 * page's session storage, which the portal does not use. The portal keeps its state in local storage alone (no
 * cookies, IndexedDB or service workers) and its API answers are no-store, so nothing else carries over.
 */
function startsFresh({ origin, storage }: { origin: string; storage: Record<string, string> }) {
  try {
    if (sessionStorage.getItem('e2e-started-fresh')) return;
    sessionStorage.setItem('e2e-started-fresh', '1');
    localStorage.clear();
    if (location.origin === origin) for (const [name, value] of Object.entries(storage)) localStorage.setItem(name, value);
  } catch {
    // a document without storage (about:blank, an opaque origin)
  }
}

/** A fresh page for every test (call at the top of the file), so no test inherits another's sign-in or storage (see warmPage). */
export function freshPagePerTest(options?: BrowserContextOptions): PagePerTest {
  const file = browserPerFile(options);
  let page: Page | undefined;
  beforeEach(async ({ onTestFinished }) => {
    page = await file.warmPage(onTestFinished);
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
    newPageFor: (onTestFinished, contextOptions) => file.newPageFor(onTestFinished, contextOptions),
    warmPage: (onTestFinished, storage, contextOptions) => file.warmPage(onTestFinished, storage, contextOptions),
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
