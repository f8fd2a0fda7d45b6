/** Spec: Dashboard cards, "Add bill to cart", Course Schedule Editor — demo data, real stack, headless Chromium. */
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, freshPagePerTest, signInToDashboard } from './support/browser.js';

const session = freshPagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});

const openDashboard = (username: string) => signInToDashboard(page, username, 'Student!2345');

const card = (name: string) => page.getByRole('region', { name });

describe('My Bill', () => {
  it('shows the demo student the balance from the ledger, each owed program and the Due chip', async () => {
    await openDashboard('student');
    const bill = card('My Bill');
    await bill.getByText('$5,700.00').waitFor();
    await bill.getByText('Due Dec 15, 2026').waitFor();
    await expect(bill.getByText('Nursing Assistant').locator('xpath=following-sibling::dd[1]').textContent()).resolves.toBe('$1,500.00');
    await expect(bill.getByText('Patient Care Technician').locator('xpath=following-sibling::dd[1]').textContent()).resolves.toBe('$4,200.00');
    await expect(bill.getByText('Paid in Full').count()).resolves.toBe(0);
    await expect(bill.getByRole('button', { name: 'Pay Bill' }).isEnabled()).resolves.toBe(true);
  });

  it('shows `paid` "Paid in Full" and "Account Current" with a disabled pay button', async () => {
    await openDashboard('paid');
    const bill = card('My Bill');
    await bill.getByText('Paid in Full').waitFor();
    await bill.getByText('Account Current').waitFor();
    await bill.getByText('$0.00').waitFor();
    await expect(bill.getByRole('button', { name: 'Pay Bill' }).isDisabled()).resolves.toBe(true);
  });

  it('"Add bill to cart" puts one item per owed program in the cart and opens /cart', async () => {
    await openDashboard('student');
    await page.getByRole('link', { name: 'Cart (0 items) - $0.00' }).waitFor();
    await card('My Bill').getByRole('button', { name: 'Pay Bill' }).click();
    await page.waitForURL(/\/cart$/);
    const cart = page.getByRole('link', { name: 'Cart (2 items) - $5,700.00' });
    await cart.waitFor();
    await expect(cart.locator('.MuiBadge-badge').textContent()).resolves.toBe('2');
  });

  it('shows the other cards of the dashboard', async () => {
    await openDashboard('student');
    const registration = card('My Registration');
    await registration.getByText('Academic Information').waitFor();
    await registration.getByText('Add/Drop/Withdraw').waitFor();
    const aid = card('My Financial Aid');
    await aid.getByText('$8,000.00').waitFor();
    await aid.getByRole('button', { name: 'Apply for Additional Aid' }).waitFor();
  });
});

describe('Course Schedule Editor', () => {
  /** Picks options in one of the dialog's MUI selects. */
  async function choose(dialog: Locator, label: string, ...options: string[]) {
    await dialog.getByRole('combobox', { name: label }).click();
    const listbox = page.getByRole('listbox');
    for (const option of options) await listbox.getByRole('option', { name: option, exact: true }).click();
    if (label === 'Days') await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
  }

  const row = (code: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
  const toast = (text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();

  it('adds, edits, deletes and saves; the saved schedule survives a reload and a new login', async () => {
    await openDashboard('student');
    await card('My Registration').getByRole('link', { name: 'Edit Course Schedule' }).click();
    await page.waitForURL(/\/course-schedule-editor$/);
    await page.getByRole('heading', { level: 1, name: 'Course Schedule Editor' }).waitFor();
    await row('NUR 101').waitFor();

    await page.getByRole('button', { name: 'Add Course' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Course' });
    await dialog.getByLabel('Course Code').fill('NUR 130');
    await dialog.getByLabel('Course Name').fill('Maternal and Newborn Nursing');
    await choose(dialog, 'Days', 'Tue', 'Thu');
    await choose(dialog, 'Start Time', '02:00 PM');
    await choose(dialog, 'End Time', '04:00 PM');
    await dialog.getByLabel('Location').fill('Room 310');
    await dialog.getByLabel('Instructor').fill('Dr. Lee');
    await dialog.getByRole('button', { name: 'Add Course' }).click();
    await toast('Course added successfully');
    await row('NUR 130').getByText('Tue, Thu').waitFor();
    await row('NUR 130').getByText('Pending').waitFor();

    await page.getByRole('button', { name: 'Edit NUR 130' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Course' });
    await choose(dialog, 'Status', 'Registered');
    await dialog.getByRole('button', { name: 'Update Course' }).click();
    await toast('Course updated successfully');
    await row('NUR 130').getByText('Registered').waitFor();

    await page.getByRole('button', { name: 'Delete NUR 112' }).click();
    await toast('Course deleted successfully');
    await row('NUR 112').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await toast('Schedule saved successfully');

    const codes = () => page.getByRole('table', { name: 'Course schedule' }).locator('tbody tr td:first-child').allTextContents();
    await page.reload();
    await row('NUR 130').waitFor();
    await expect(codes()).resolves.toEqual(['NUR 101', 'NUR 120', 'NUR 130']);

    await page.getByRole('button', { name: 'Logout' }).click();
    await openDashboard('student');
    await page.goto(`${baseUrl()}/course-schedule-editor`);
    await row('NUR 130').getByText('Registered').waitFor();
    await expect(codes()).resolves.toEqual(['NUR 101', 'NUR 120', 'NUR 130']);
  });

  it('asks before leaving with unsaved changes', async () => {
    await openDashboard('paid');
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
