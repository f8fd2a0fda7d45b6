/**
 * Two-step sign-in (TOTP) in headless Chromium against the real local stack: an admin who has
 * not set it up (the seeded mfa.admin) does so at the first sign-in, reading the key off the page and
 * computing the code as an authenticator app would (otplib), lands on the dashboard, logs out and signs
 * in again with password and code; the enrolment screen is checked at 1280 and 375 px (axe, no sideways
 * scrolling); a student without TOTP signs in as before, and may turn it on from the header.
 */
import type { Page } from 'playwright-core';
import { describe, it, type TestContext } from 'vitest';
import { audit, WIDTHS } from './support/a11y.js';
import { login } from './support/api.js';
import { browserPerFile, signIn, signInToDashboard } from './support/browser.js';
import { newAccount, post, totpNow } from './support/mfa.js';
import { openMenuIfCollapsed } from './support/header.js';

const file = browserPerFile();

/**
 * A fresh page for one test (support/browser.ts newPageFor) at one of the audited widths. Each test signs in
 * an account of its own, so the tests run side by side (much of a sign-in is the wait for cognito-local); each
 * asserts with its own `expect` (the context's).
 */
const pageAt = (onTestFinished: TestContext['onTestFinished'], width: (typeof WIDTHS)[number]['width']): Promise<Page> =>
  file.newPageFor(onTestFinished, { viewport: WIDTHS.find((w) => w.width === width)!, reducedMotion: 'reduce' });

/** The key the setup screen shows (as text, for typing into an app by hand). */
const shownSecret = async (page: Page) => String(await page.locator('[data-totp-secret]').getAttribute('data-totp-secret'));

async function enterCode(page: Page, code: string) {
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify and Login' }).click();
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')) as Promise<Record<string, unknown> | null>;

describe('an admin without two-step sign-in', { concurrent: true }, () => {
  it('sets it up at the first sign-in (QR code and key), lands on the dashboard, and signs in with a code the next time', async ({ expect, onTestFinished }) => {
    const page = await pageAt(onTestFinished, 1280);
    await signIn(page, 'mfa.admin', 'MfaAdmin!2345');
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await qr.waitFor();
    const secret = await shownSecret(page);
    expect(await qr.getAttribute('data-otpauth-uri')).toBe(`otpauth://totp/Portal%3Amfa.admin?secret=${secret}&issuer=Portal&algorithm=SHA1&digits=6&period=30`);
    // nothing of a session in the browser yet
    expect(await stored(page)).toBeNull();
    await audit(page, 1280, 'login', 'mfa-setup');

    await enterCode(page, totpNow(secret));
    await page.waitForURL(/\/Dashboard$/);
    await page.getByText('Login successful!').waitFor();
    expect(await stored(page)).toMatchObject({ username: 'mfa.admin', isAdmin: true, mfa_enabled: true });
    await page.getByRole('link', { name: 'Admin Panel' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await stored(page)).toBeNull();

    await signIn(page, 'mfa.admin', 'MfaAdmin!2345');
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
    await enterCode(page, totpNow(secret));
    await page.waitForURL(/\/Dashboard$/);
    expect(await stored(page)).toMatchObject({ username: 'mfa.admin', isAdmin: true });
  });

  it('the setup screen fits a 375 px phone (no sideways scrolling, axe clean)', async ({ onTestFinished }) => {
    const { username, password } = await newAccount('e2e-admin', 'admin');
    const page = await pageAt(onTestFinished, 375);
    await signIn(page, username, password);
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    await audit(page, 375, 'login', 'mfa-setup');
    // and it works there too
    await enterCode(page, totpNow(await shownSecret(page)));
    await page.waitForURL(/\/Dashboard$/);
  });

  it('a wrong code at sign-in sends the person back to the password form, with the reason', async ({ expect, onTestFinished }) => {
    const { username, password } = await newAccount('e2e-staff', 'staff');
    const page = await pageAt(onTestFinished, 1280);
    await signIn(page, username, password);
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    const secret = await shownSecret(page);
    await enterCode(page, totpNow(secret));
    await page.waitForURL(/\/Dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();

    await signIn(page, username, password);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    const right = new Set([-30, 0, 30].map((s) => totpNow(secret, s)));
    await enterCode(
      page,
      ['000000', '111111', '222222', '333333'].find((c) => !right.has(c))!,
    );
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText('That code is not right. Please sign in again and enter the current code from your authenticator app.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('students', { concurrent: true }, () => {
  it('a student without two-step sign-in signs in with the password, as before', async ({ expect, onTestFinished }) => {
    const page = await pageAt(onTestFinished, 1280);
    await signInToDashboard(page, 'student', 'Student!2345');
    expect(await stored(page)).toMatchObject({ username: 'student', isAdmin: false, mfa_enabled: false });
  });

  it('turns it on from the header (at 375 px); the next sign-in asks for the code; an admin can reset it', async ({ expect, onTestFinished }) => {
    const { username, password } = await newAccount('e2e-student');
    const page = await pageAt(onTestFinished, 375);
    await signInToDashboard(page, username, password);
    // at 375 px the button is in the header's menu
    await openMenuIfCollapsed(page);
    await page.getByRole('button', { name: 'Two-step sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-step sign-in' });
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    await audit(page, 375, 'header', 'two-step-sign-in-setup');
    const secret = String(await dialog.locator('[data-totp-secret]').getAttribute('data-totp-secret'));
    await dialog.getByLabel('6-digit code').fill(totpNow(secret));
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
    await dialog.getByText('Two-step sign-in is now on.').waitFor();
    expect(await stored(page)).toMatchObject({ username, mfa_enabled: true });

    const again = await post('/api/users/login/', { username, password });
    expect(again.body).toMatchObject({ code: 'mfa_required' });
    // recovery: the demo admin resets it (audited); the student signs in with the password alone again
    const { token } = await login('admin', 'Admin!2345');
    expect(await post(`/api/users/${encodeURIComponent(username)}/mfa/reset/`, {}, String(token))).toMatchObject({ status: 200, body: { reset: true } });
    expect((await post('/api/users/login/', { username, password })).status).toBe(200);
  });
});
