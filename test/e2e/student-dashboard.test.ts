/** Spec: Dashboard cards, "Add bill to cart", Course Schedule Editor — demo data, real stack, headless Chromium. */
import type { Locator, Page } from 'playwright-core';
import { describe, it, type TestContext } from 'vitest';
import { baseUrl, browserPerFile, signInToDashboard } from './support/browser.js';

const file = browserPerFile();

/**
 * A fresh page for one test (support/browser.ts newPageFor), signed in as `username` on the dashboard. The
 * describe blocks run side by side, their tests one after another; each test asserts with its own `expect` (the
 * context's).
 */
async function openDashboard(onTestFinished: TestContext['onTestFinished'], username: string): Promise<Page> {
  const page = await file.newPageFor(onTestFinished);
  await signInToDashboard(page, username, 'Student!2345');
  return page;
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

describe('My Bill', { concurrent: true }, () => {
  it.sequential('shows the demo student the balance from the ledger, each owed program and the Due chip', async ({ expect, onTestFinished }) => {
    const page = await openDashboard(onTestFinished, 'student');
    const bill = card(page, 'My Bill');
    await bill.getByText('$5,700.00').waitFor();
    await bill.getByText('Due Dec 15, 2026').waitFor();
    await expect(bill.getByText('Nursing Assistant').locator('xpath=following-sibling::dd[1]').textContent()).resolves.toBe('$1,500.00');
    await expect(bill.getByText('Patient Care Technician').locator('xpath=following-sibling::dd[1]').textContent()).resolves.toBe('$4,200.00');
    await expect(bill.getByText('Paid in Full').count()).resolves.toBe(0);
    await expect(bill.getByRole('button', { name: 'Pay Bill' }).isEnabled()).resolves.toBe(true);
  });

  it.sequential('shows `paid` "Paid in Full" and "Account Current" with a disabled pay button', async ({ expect, onTestFinished }) => {
    const page = await openDashboard(onTestFinished, 'paid');
    const bill = card(page, 'My Bill');
    await bill.getByText('Paid in Full').waitFor();
    await bill.getByText('Account Current').waitFor();
    await bill.getByText('$0.00').waitFor();
    await expect(bill.getByRole('button', { name: 'Pay Bill' }).isDisabled()).resolves.toBe(true);
  });

  it.sequential('"Add bill to cart" puts one item per owed program in the cart and opens /cart', async ({ expect, onTestFinished }) => {
    const page = await openDashboard(onTestFinished, 'student');
    await page.getByRole('link', { name: 'Cart (0 items) - $0.00' }).waitFor();
    await card(page, 'My Bill').getByRole('button', { name: 'Pay Bill' }).click();
    await page.waitForURL(/\/cart$/);
    const cart = page.getByRole('link', { name: 'Cart (2 items) - $5,700.00' });
    await cart.waitFor();
    await expect(cart.locator('.MuiBadge-badge').textContent()).resolves.toBe('2');
  });

  it.sequential('shows the other cards of the dashboard', async ({ onTestFinished }) => {
    const page = await openDashboard(onTestFinished, 'student');
    const registration = card(page, 'My Registration');
    await registration.getByText('Academic Information').waitFor();
    await registration.getByText('Add/Drop/Withdraw').waitFor();
    const aid = card(page, 'My Financial Aid');
    await aid.getByText('$8,000.00').waitFor();
    await aid.getByRole('button', { name: 'Apply for Additional Aid' }).waitFor();
  });
});

describe('Course Schedule Editor', { concurrent: true }, () => {
  /** Picks options in one of the dialog's MUI selects. */
  async function choose(page: Page, dialog: Locator, label: string, ...options: string[]) {
    await dialog.getByRole('combobox', { name: label }).click();
    const listbox = page.getByRole('listbox');
    for (const option of options) await listbox.getByRole('option', { name: option, exact: true }).click();
    if (label === 'Days') await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
  }

  const row = (page: Page, code: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
  const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();

  it.sequential('adds, edits, deletes and saves; the saved schedule survives a reload and a new login', async ({ expect, onTestFinished }) => {
    const page = await openDashboard(onTestFinished, 'student');
    await card(page, 'My Registration').getByRole('link', { name: 'Edit Course Schedule' }).click();
    await page.waitForURL(/\/course-schedule-editor$/);
    await page.getByRole('heading', { level: 1, name: 'Course Schedule Editor' }).waitFor();
    await row(page, 'NUR 101').waitFor();

    await page.getByRole('button', { name: 'Add Course' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Course' });
    await dialog.getByLabel('Course Code').fill('NUR 130');
    await dialog.getByLabel('Course Name').fill('Maternal and Newborn Nursing');
    await choose(page, dialog, 'Days', 'Tue', 'Thu');
    await choose(page, dialog, 'Start Time', '02:00 PM');
    await choose(page, dialog, 'End Time', '04:00 PM');
    await dialog.getByLabel('Location').fill('Room 310');
    await dialog.getByLabel('Instructor').fill('Dr. Lee');
    await dialog.getByRole('button', { name: 'Add Course' }).click();
    await toast(page, 'Course added successfully');
    await row(page, 'NUR 130').getByText('Tue, Thu').waitFor();
    await row(page, 'NUR 130').getByText('Pending').waitFor();

    await page.getByRole('button', { name: 'Edit NUR 130' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Course' });
    await choose(page, dialog, 'Status', 'Registered');
    await dialog.getByRole('button', { name: 'Update Course' }).click();
    await toast(page, 'Course updated successfully');
    await row(page, 'NUR 130').getByText('Registered').waitFor();

    await page.getByRole('button', { name: 'Delete NUR 112' }).click();
    await toast(page, 'Course deleted successfully');
    await row(page, 'NUR 112').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await toast(page, 'Schedule saved successfully');

    const codes = () => page.getByRole('table', { name: 'Course schedule' }).locator('tbody tr td:first-child').allTextContents();
    await page.reload();
    await row(page, 'NUR 130').waitFor();
    await expect(codes()).resolves.toEqual(['NUR 101', 'NUR 120', 'NUR 130']);

    await page.getByRole('button', { name: 'Logout' }).click();
    await signInToDashboard(page, 'student', 'Student!2345');
    await page.goto(`${baseUrl()}/course-schedule-editor`);
    await row(page, 'NUR 130').getByText('Registered').waitFor();
    await expect(codes()).resolves.toEqual(['NUR 101', 'NUR 120', 'NUR 130']);
  });

  it.sequential('asks before leaving with unsaved changes', async ({ expect, onTestFinished }) => {
    const page = await openDashboard(onTestFinished, 'paid');
    await page.goto(`${baseUrl()}/course-schedule-editor`);
    await page.getByRole('button', { name: 'Delete NUR 101' }).click();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.getByRole('button', { name: 'Stay on Page' }).click();
    expect(new URL(page.url()).pathname).toBe('/course-schedule-editor');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await ask.getByRole('button', { name: 'Leave Page' }).click();
    await page.waitForURL(/\/Dashboard$/);
  });
});
