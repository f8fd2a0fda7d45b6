/** Student records for administrators — real stack (cognito-local, DynamoDB Local), headless Chromium. */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Locator, Page } from 'playwright-core';
import { describe, it, type TestContext } from 'vitest';
import { baseUrl, browserPerFile, signIn, signInToDashboard } from './support/browser.js';
import { studentsViewAsAdmin } from './support/students.js';

/**
 * A fresh browser (own local storage) per person. The tests make students of their own, so they run side by side
 * (much of the import is the wait for its background job), each asserting with its own `expect` (the context's).
 */
const file = browserPerFile({ acceptDownloads: true });

const openStudentsAsAdmin = async (onTestFinished: TestContext['onTestFinished']): Promise<Page> => studentsViewAsAdmin(await file.newPageFor(onTestFinished));

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();
/** Clicks the button that opens the dialog of the same name; answers the dialog. */
async function openDialog(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name }).click();
  return page.getByRole('dialog', { name });
}
/** Sends `dialog` with its `button` and waits for the toast saying it was done. */
async function submitForToast(dialog: Locator, button: string, text: string) {
  await dialog.getByRole('button', { name: button }).click();
  await toast(dialog.page(), text);
}
/** Unique per run: the stack's data survives between tests of one run. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

describe('Student records', { concurrent: true }, () => {
  it(
    'admin creates a student with a temporary password, enrolls them and posts a credit; the student chooses a new password and sees the bill; once disabled they cannot sign in',
    { timeout: 180_000 },
    async ({ expect, onTestFinished }) => {
      const username = `e2e.${unique()}`;
      const temporaryPassword = 'Temp!Pass2345';
      const chosenPassword = 'Chosen!Pass6789';

      const admin = await openStudentsAsAdmin(onTestFinished);
      const form = await openDialog(admin, 'Add Student');
      await form.getByLabel('Username').fill(username);
      await form.getByLabel('Email').fill(`${username}@students.example.edu`);
      await form.getByLabel('First Name').fill('Erin');
      await form.getByLabel('Last Name').fill('Tester');
      await form.getByLabel('Program Type').selectOption('certificate');
      await form.getByLabel('Cohort').selectOption('cohort-2026-cert-2');
      await expect(form.getByLabel('Program Name').inputValue()).resolves.toBe('Phlebotomy');
      await form.getByLabel('Temporary Password').fill(temporaryPassword);
      await submitForToast(form, 'Create Student', `Student ${username} created successfully`);
      await form.waitFor({ state: 'detached' });

      await admin.getByRole('searchbox', { name: 'Search' }).fill(username);
      const row = admin.getByRole('table', { name: 'Students' }).getByRole('row').filter({ hasText: username });
      await expect
        .poll(() => row.getByRole('cell').allTextContents())
        .toEqual(['Erin Tester', username, `${username}@students.example.edu`, 'Phlebotomy', '2026-2027 Cohort 2', '$0.00', 'Enabled', '']);
      await row.getByRole('link', { name: 'Open record of Erin Tester' }).click();
      await admin.getByRole('heading', { level: 2, name: 'Erin Tester' }).waitFor();
      expect(new URL(admin.url()).search).toBe(`?view=students&student=${encodeURIComponent(username)}`);

      const enroll = await openDialog(admin, 'Enroll in Program');
      await enroll.getByLabel('Program Type').selectOption('certificate');
      await enroll.getByLabel('Program Name').fill('Phlebotomy');
      await enroll.getByLabel('Amount Due').fill('800.00');
      await submitForToast(enroll, 'Enroll', 'Enrollment added successfully');
      const enrollment = admin.getByRole('table', { name: 'Enrollments' }).getByRole('row').filter({ hasText: 'Phlebotomy' });
      await expect.poll(() => enrollment.getByRole('cell').nth(2).textContent()).toBe('$800.00');

      const entry = await openDialog(admin, 'Post Charge or Credit');
      await entry.getByLabel('Kind').selectOption('credit');
      await entry.getByLabel('Amount').fill('50.00');
      await entry.getByLabel('Reason').fill('Scholarship adjustment');
      await submitForToast(entry, 'Post', 'Credit posted successfully');
      await expect.poll(() => enrollment.getByRole('cell').allTextContents()).toEqual(['Certificate', 'Phlebotomy', '$750.00', '$0.00', '$750.00', 'None']);
      // the ledger shows the credit with its reason, above the enrollment's charge
      const ledgerRow = admin.getByRole('table', { name: 'Ledger' }).getByRole('row').nth(1);
      await expect.poll(() => ledgerRow.getByRole('cell').allTextContents()).toEqual([expect.any(String), 'Credit', 'Phlebotomy', '$50.00', 'Scholarship adjustment', '', '', '']);

      // First sign-in: the temporary password leads to "Choose a new password", then to the dashboard.
      const student = await file.newPageFor(onTestFinished);
      await signIn(student, username, temporaryPassword);
      await student.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await student.getByLabel('New password', { exact: true }).fill(chosenPassword);
      await student.getByLabel('Confirm new password').fill(chosenPassword);
      await student.getByRole('button', { name: 'Set Password and Login' }).click();
      await student.waitForURL(/\/Dashboard$/);
      await toast(student, 'Login successful!');
      const bill = student.getByRole('region', { name: 'My Bill' });
      await bill.getByText('$750.00').first().waitFor();
      await expect(bill.getByText('Phlebotomy').locator('xpath=following-sibling::dd[1]').textContent()).resolves.toBe('$750.00');

      // Disabled: the records stay, the sign-in is refused.
      const confirm = await openDialog(admin, 'Disable Sign-in');
      await submitForToast(confirm, 'Disable Sign-in', 'Sign-in disabled');
      await admin.getByRole('button', { name: 'Enable Sign-in' }).waitFor();

      const refused = await file.newPageFor(onTestFinished);
      await signIn(refused, username, chosenPassword);
      await refused.getByText('This account is disabled. Please contact the school office.').waitFor();
      expect(new URL(refused.url()).pathname).toBe('/');
    },
  );

  it('admin downloads the template, imports a CSV with one valid and one invalid row and sees the report', { timeout: 120_000 }, async ({ expect, onTestFinished }) => {
    const admin = await openStudentsAsAdmin(onTestFinished);
    await admin.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Import Students' });

    const [download] = await Promise.all([admin.waitForEvent('download'), dialog.getByRole('button', { name: 'Download template' }).click()]);
    expect(download.suggestedFilename()).toBe('student-import-template.csv');
    const [header] = Papa.parse<string[]>(await readFile(await download.path(), 'utf8'), { skipEmptyLines: true }).data;

    const valid = `imp.${unique()}`;
    const rows = [
      header,
      [valid, 'Ivy', 'Imported', `${valid}@students.example.edu`, '555-0199', 'certificate', 'Phlebotomy', 'cohort-2026-cert-2', 'no', ''],
      ['Not Valid', 'Bad', 'Row', 'not-an-email', '', 'certificate', 'Phlebotomy', 'cohort-2026-cert-2', 'no', ''],
    ];
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(Papa.unparse(rows)) });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    // created in the background, then reported row by row (test/e2e/students-import.test.ts has the rest)
    await dialog.getByText('Created 1 · Already existed 0 · Failed 1').waitFor({ timeout: 60_000 });
    const report = dialog.getByRole('table', { name: 'Import report' });
    await expect.poll(() => report.getByRole('row').count()).toBe(3);
    await expect(report.getByRole('row').nth(1).getByRole('cell').allTextContents()).resolves.toEqual(['2', valid, 'Created', '']);
    const invalid = await report.getByRole('row').nth(2).getByRole('cell').allTextContents();
    expect(invalid.slice(0, 3)).toEqual(['3', 'Not Valid', 'Failed']);
    expect(invalid[3]).toContain('Email must be an email address.');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await admin.getByRole('searchbox', { name: 'Search' }).fill(valid);
    await admin.getByRole('table', { name: 'Students' }).getByRole('cell', { name: valid, exact: true }).waitFor();
  });

  it("opens a student's record from the cohort's Student detail dialog (View Full Profile)", { timeout: 120_000 }, async ({ onTestFinished }) => {
    const page = await file.newPageFor(onTestFinished);
    await signInToDashboard(page, 'admin', 'Admin!2345');
    await page.goto(`${baseUrl()}/cohort-management/cohort-2025-cert-1`);
    const roster = page.getByRole('table', { name: 'Student Roster' });
    await roster.getByRole('button', { name: 'View details of Carla Diaz' }).click();
    await page.getByRole('dialog', { name: 'Student Details: Carla Diaz' }).getByRole('link', { name: 'View Full Profile' }).click();
    await page.waitForURL(/\/admin\?view=students&student=carla\.diaz$/);
    await page.getByRole('heading', { level: 2, name: 'Carla Diaz' }).waitFor();
    await page.getByRole('region', { name: 'Enrollments' }).getByText('$500.00').first().waitFor();
  });
});
