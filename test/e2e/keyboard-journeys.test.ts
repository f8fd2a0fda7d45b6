/**
 * Keyboard only: two whole journeys with `page.keyboard` alone (Tab, Shift+Tab, Enter, Space,
 * arrows, Escape); nothing is clicked and nothing is focused by script. Navigating to the portal's
 * address is the only `goto`. Dialogs must take the focus when they open and give it back when they close.
 *  (a) a student signs in, adds the bill to the cart, pays in the local Stripe sandbox and opens the receipt;
 *  (b) staff sign in, open Document Management, upload a document, preview it and delete it.
 * The student is a fresh one made through the API (the demo student's balance stays as seeded).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserPerFile } from './support/browser.js';
import { chooseWithArrows, hasFocusWithin, tabTo } from './support/keyboard.js';
import { createFreshStudent } from './support/students.js';

// The two journeys run side by side, each in a page of its own (the keyboard and focus are a page's) and asserting
// with its own `expect` (the context's): much of (a) is the wait for the sandbox's webhook and the redirect.
const file = browserPerFile();

/** Tabs to `name`'s field and types into it. */
async function typeInto(page: Page, label: string, text: string, scope: Page | ReturnType<Page['getByRole']> = page) {
  await tabTo(page, scope.getByLabel(label));
  await page.keyboard.type(text);
}

async function signInWithKeyboard(page: Page, username: string, password: string) {
  await page.goto(`${baseUrl()}/`);
  await typeInto(page, 'Username', username);
  await page.keyboard.press('Tab');
  expect(await hasFocusWithin(page.getByLabel('Password', { exact: true }))).toBe(true);
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/Dashboard$/);
}

describe('keyboard only', { concurrent: true }, () => {
  it('(a) student: sign in, add the bill to the cart, pay by card in the sandbox, see the receipt', { timeout: 120_000 }, async ({ expect, onTestFinished }) => {
    const fresh = await createFreshStudent('keys', { programName: 'Nursing Assistant', amount: '250.00', nextDueDate: '2026-12-15' });
    const page = await file.newPageFor(onTestFinished);
    await signInWithKeyboard(page, fresh.username, fresh.password);

    const bill = page.getByRole('region', { name: 'My Bill' });
    await bill.getByText('$250.00').first().waitFor();
    await tabTo(page, bill.getByRole('button', { name: 'Pay Bill' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/cart$/);
    await page.getByRole('link', { name: 'Cart (1 items) - $250.00' }).waitFor();

    await tabTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout$/);
    const form = page.getByRole('form', { name: 'Card payment' });
    await typeInto(page, 'Card number', '4242424242424242', form);
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234'); // Expiry (MM/YY)
    await page.keyboard.press('Tab');
    await page.keyboard.type('123'); // CVC
    await page.keyboard.press('Tab');
    await page.keyboard.type('02139'); // Postal code
    await expect(form.getByLabel('Expiry (MM/YY)').inputValue()).resolves.toBe('12/34');
    await expect(form.getByLabel('Postal code').inputValue()).resolves.toBe('02139');
    await page.keyboard.press('Tab');
    await expect(hasFocusWithin(form.getByRole('button', { name: 'Pay $250.00' }))).resolves.toBe(true);
    await page.keyboard.press('Space');

    await page.getByText('Payment Successful!', { exact: true }).waitFor();
    await page.waitForURL(/\/Dashboard$/, { timeout: 10_000 });

    // The receipt: Payment History in the header, then the payment's receipt link (the webhook may still be on its way).
    await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Payment History' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/payments$/);
    const row = page.getByRole('row').filter({ hasText: '$250.00' }).filter({ hasText: 'Succeeded' });
    const loaded = page.getByRole('table', { name: 'Payments' }).or(page.getByText('No payments yet.', { exact: true }));
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await loaded.waitFor();
      if ((await row.count()) > 0) break;
      await page.waitForTimeout(500);
      await page.reload();
    }
    await tabTo(page, row.getByRole('link', { name: /receipt of/i }));
    await page.keyboard.press('Enter');
    const receipt = page.getByRole('article', { name: 'Payment Receipt' });
    await receipt.getByRole('cell', { name: 'Nursing Assistant' }).waitFor();
    await expect(receipt.getByText('Amount', { exact: true }).locator('xpath=following-sibling::dd[1]').textContent()).resolves.toBe('$250.00');
    await tabTo(page, page.getByRole('button', { name: 'Print' }));
  });

  it('(b) staff: sign in, open Document Management, upload a document, preview it and delete it', { timeout: 120_000 }, async ({ expect, onTestFinished }) => {
    const title = `Keyboard Notes ${Date.now().toString(36)}`;
    const page = await file.newPageFor(onTestFinished);
    await signInWithKeyboard(page, 'staff', 'Staff!2345');

    await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Document Management' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/documents$/);
    await page.getByRole('tab', { name: /^Cohort Documents \(\d+\)$/ }).waitFor();

    // Upload: the dialog takes the focus; every field, the file chooser included, answers the keyboard.
    const uploadButton = page.getByRole('button', { name: 'Upload Document' });
    await tabTo(page, uploadButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await dialog.waitFor();
    await expect.poll(() => hasFocusWithin(dialog)).toBe(true);
    await typeInto(page, 'Title', title, dialog);
    await tabTo(page, dialog.getByLabel('Cohort'));
    await chooseWithArrows(page, dialog.getByLabel('Cohort'), '2025-2026 Cohort 1 - Nursing Assistant');
    // Listening before the key press: Playwright takes over the chooser only once it has been asked to.
    const chooserOpened = page.waitForEvent('filechooser');
    await tabTo(page, dialog.getByRole('button', { name: 'Choose File' }));
    await page.keyboard.press('Enter');
    const chooser = await chooserOpened;
    await chooser.setFiles({ name: 'keyboard-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes typed without a mouse.\n') });
    await dialog.getByText(/^keyboard-notes\.txt/).waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Upload', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Document uploaded successfully' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocusWithin(uploadButton)).toBe(true); // back where it was

    // the list moved to the new document's tab (Cohort Documents: the default scope).
    await expect(page.getByRole('tab', { name: /^Cohort Documents/ }).getAttribute('aria-selected')).resolves.toBe('true');
    // Arrows move between tabs, Enter selects: to Individual Students and back.
    await tabTo(page, page.getByRole('tab', { selected: true }));
    await page.keyboard.press('ArrowLeft');
    await expect(hasFocusWithin(page.getByRole('tab', { name: /^Individual Students/ }))).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: /^Individual Students/ }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: /^Cohort Documents/ }).getAttribute('aria-selected')).resolves.toBe('true');

    // Preview, then Escape: the focus returns to the Preview button.
    const previewButton = page.getByRole('button', { name: `Preview ${title}`, exact: true });
    await tabTo(page, previewButton);
    await page.keyboard.press('Enter');
    const preview = page.getByRole('dialog', { name: new RegExp(title) });
    await preview.getByLabel('Document text').getByText('Notes typed without a mouse.').waitFor();
    await expect.poll(() => hasFocusWithin(preview)).toBe(true);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocusWithin(previewButton)).toBe(true);

    // Delete: the confirmation takes the focus; Tab to its Delete button.
    await tabTo(page, page.getByRole('button', { name: `Delete ${title}`, exact: true }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Document' });
    await expect.poll(() => hasFocusWithin(confirm)).toBe(true);
    await tabTo(page, confirm.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Document deleted successfully' }).waitFor();
    await previewButton.waitFor({ state: 'detached' });
  });
});
