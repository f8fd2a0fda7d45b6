/**
 * The rows of spec section 8's error catalogue (and section 6's refusals) that are not part of
 * one screen: a rejected session token, the admin guard, an unreadable stored cart, a script chunk that
 * fails to load, and the "Please log in to ..." messages of the documents for a session without a token.
 * The other rows are checked on their screens (spec-texts-student / spec-texts-admin).
 *
 * Spec texts covered here:
 *  §8  "Session expired - please log in again" (error toast) for the token-invalid code
 *      "You do not have admin privileges to access this area." (non-admin in the guard; §6: sent to /dashboard,
 *      anonymous visitors to /login)
 *      stored cart unreadable: console message, stored value removed (§4)
 *      script chunk load failure: "Loading chunk" + id + "failed", and "Unexpected Application Error!"
 *      not logged in: "Please log in to download documents", "Please log in to delete documents",
 *      "Please log in to upload documents" (§5), preview "Authentication token not found. Please log in again."
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, it, type TestContext } from 'vitest';
import { login } from './support/api.js';
import { baseUrl, browserPerFile, signIn } from './support/browser.js';
import type { UserInfo } from './support/session.js';

const file = browserPerFile();
let student: UserInfo;
let staff: UserInfo;

beforeAll(async () => {
  [student, staff] = await Promise.all([login('student', 'Student!2345'), login('staff', 'Staff!2345')]);
});

/**
 * A page as a context of its own starts, its local storage holding `stored`, for one test (support/browser.ts
 * warmPage): the tests run side by side, each asserting with its own `expect` (the context's).
 */
const pageWith = (onTestFinished: TestContext['onTestFinished'], stored: Record<string, string> = {}): Promise<Page> => file.warmPage(onTestFinished, stored);
/** What the SPA stores once `user` has signed in (support/session.ts), and `extra`. */
const signedIn = (user: UserInfo, extra: Record<string, string> = {}) => ({ userInfo: JSON.stringify(user), ...extra });

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const storedItem = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key);

describe('error catalogue (spec section 8)', { concurrent: true }, () => {
  it('a rejected token: "Session expired - please log in again" as an error toast, and the session ends', async ({ expect, onTestFinished }) => {
    // The same token with a forged signature: the gateway answers 401 with the token-invalid code. The
    // session's refresh token (when the user info keeps one) is no longer valid either, so nothing renews it.
    const [header, payload] = student.token.split('.');
    const page = await pageWith(onTestFinished, signedIn({ ...student, token: `${header}.${payload}.Zm9yZ2Vk`, refresh: 'revoked-refresh-token' }));
    await page.goto(`${baseUrl()}/Dashboard`);
    const toast = alert(page, 'Session expired - please log in again');
    await toast.waitFor();
    await expect(toast.evaluate((element) => element.className)).resolves.toMatch(/Error/);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByRole('banner').getByText('Please log in to view your dashboard').waitFor();
    await expect(storedItem(page, 'userInfo')).resolves.toBeNull();
  });

  it('the admin guard: staff get "You do not have admin privileges to access this area." on /Dashboard; anonymous visitors the login screen', async ({
    expect,
    onTestFinished,
  }) => {
    const page = await pageWith(onTestFinished, signedIn(staff));
    for (const route of ['/admin', '/cohort-management']) {
      await page.goto(`${baseUrl()}${route}`);
      await page.getByText('You do not have admin privileges to access this area.', { exact: true }).waitFor();
      expect(new URL(page.url()).pathname.toLowerCase()).toBe('/dashboard');
    }
    const anonymous = await pageWith(onTestFinished);
    await anonymous.goto(`${baseUrl()}/admin`);
    await anonymous.getByRole('button', { name: 'Login' }).waitFor();
    expect(new URL(anonymous.url()).pathname).toBe('/');
  });

  it('an unreadable stored cart is logged to the console and removed, on a page load and on login', async ({ expect, onTestFinished }) => {
    const consoleOf = (page: Page) => {
      const lines: string[] = [];
      page.on('console', (message) => lines.push(message.text()));
      return lines;
    };
    const page = await pageWith(onTestFinished, signedIn(student, { cart_student: '{"items": [' }));
    const logged = consoleOf(page);
    await page.goto(`${baseUrl()}/Dashboard`);
    await page.getByRole('link', { name: 'Cart (0 items) - $0.00' }).waitFor();
    await expect(storedItem(page, 'cart_student')).resolves.toBeNull();
    expect(logged.some((line) => line.includes('cart_student'))).toBe(true);

    // JSON, but not a list of cart items, found when the user logs in.
    const other = await pageWith(onTestFinished, { cart_student: JSON.stringify([{ id: 1, quantity: 'many' }]) });
    const loggedOnLogin = consoleOf(other);
    await signIn(other, 'student', 'Student!2345');
    await other.waitForURL(/\/Dashboard$/);
    await other.getByRole('link', { name: 'Cart (0 items) - $0.00' }).waitFor();
    await expect(storedItem(other, 'cart_student')).resolves.toBeNull();
    expect(loggedOnLogin.some((line) => line.includes('cart_student'))).toBe(true);
  });

  it('a script chunk that fails to load: "Loading chunk <id> failed" on the "Unexpected Application Error!" screen', async ({ onTestFinished }) => {
    const page = await pageWith(onTestFinished);
    await page.route(/\/assets\/CoursesCatalogPage-[\w-]+\.js$/, (route) => route.abort('failed'));
    await page.goto(`${baseUrl()}/courses`);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByText(/^Loading chunk \S+ failed/).waitFor();
    // The header stays, so the rest of the portal is still reachable.
    await page.getByRole('banner').getByRole('link', { name: 'Course Catalog' }).waitFor();
  });

  it('documents without a session token: "Please log in to ..." for download, delete and upload, and the preview\'s "Authentication token not found. Please log in again."', async ({
    onTestFinished,
  }) => {
    // What the list would show staff; the page itself has a session without a token, so its own calls are refused.
    const listed = await fetch(`${baseUrl()}/api/documents/`, { headers: { authorization: `Bearer ${staff.token}` } }).then((res) => res.json());
    const { token: _token, ...tokenless } = staff;
    const page = await pageWith(onTestFinished, signedIn(tokenless as UserInfo));
    await page.route(/\/api\/documents\/(\?.*)?$/, (route) => route.fulfill({ json: listed }));
    await page.goto(`${baseUrl()}/documents`);
    await page.getByRole('tab', { name: /^General Resources/ }).click();

    const toast = async (text: string) => {
      const snackbar = page.locator('.MuiSnackbar-root').filter({ hasText: text });
      await snackbar.waitFor();
      await snackbar.locator('button[aria-label="Close"]').click();
      await snackbar.waitFor({ state: 'detached' });
    };
    await page.getByRole('button', { name: 'Download Financial Aid Guide', exact: true }).click();
    await toast('Please log in to download documents');
    await page.getByRole('button', { name: 'Financial Aid Guide', exact: true }).click(); // the title link
    await toast('Please log in to download documents');
    await page.getByRole('button', { name: 'Delete Financial Aid Guide', exact: true }).click();
    await toast('Please log in to delete documents');

    await page.getByRole('button', { name: 'Preview Financial Aid Guide', exact: true }).click();
    const preview = page.getByRole('dialog', { name: /Financial Aid Guide/ });
    await preview.getByRole('alert').filter({ hasText: 'Authentication token not found. Please log in again.' }).waitFor();
    await preview.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await dialog.getByLabel('Title').fill('Never sent');
    await dialog.getByLabel('Scope').selectOption('general');
    await dialog.getByLabel('Choose File').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes\n') });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please log in to upload documents' }).waitFor();
  });
});
