/**
 * A CSV import that finishes — real stack (`npm start`: the local gateway holding the route to its
 * timeout, the local queue running the import job, DynamoDB Local, cognito-local), headless Chromium: the
 * admin uploads 50 rows, watches the progress bar, reads the report with its one failed row, and reopens
 * the import later from the list of past imports.
 */
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../../lambdas/contract/new-student.js';
import { browserPerFile } from './support/browser.js';
import { studentsViewAsAdmin } from './support/students.js';

const browser = browserPerFile();

const openStudentsAsAdmin = async (): Promise<Page> => studentsViewAsAdmin(await browser.newPage());

const cellsOf = (row: ReturnType<Page['getByRole']>) => row.getByRole('cell').allTextContents();

describe('CSV import as a job', () => {
  it('an admin uploads 50 rows, sees the progress bar, then the report with its one failed row, and reopens it later', { timeout: 180_000 }, async () => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const username = (i: number) => `bulk.${tag}.${i}`;
    const rows = Array.from({ length: 50 }, (_, i) => {
      const values: Record<(typeof IMPORT_COLUMNS)[number], string> = {
        username: username(i),
        first_name: 'Bulk',
        last_name: `Student${i}`,
        email: i === 17 ? 'not-an-email' : `${username(i)}@students.example.edu`,
        phone_number: '',
        program_type: 'certificate',
        program_name: 'Phlebotomy',
        cohort_id: 'cohort-2026-cert-2',
        on_payment_plan: 'no',
        temporary_password: 'Temp!Pass2345',
      };
      return IMPORT_COLUMNS.map((c) => values[c]);
    });
    const fileName = `bulk-${tag}.csv`;

    const admin = await openStudentsAsAdmin();
    await admin.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Import Students' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(Papa.unparse([[...IMPORT_COLUMNS], ...rows])) });
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    // the request answers at once; the bar follows the job
    const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
    await bar.waitFor();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await dialog
      .getByRole('status')
      .filter({ hasText: /^Imported \d+ of 50 rows\.\.\.$/ })
      .waitFor();

    await dialog.getByText('Created 49 · Already existed 0 · Failed 1').waitFor({ timeout: 120_000 });
    console.log(`[import e2e] 50 rows imported in ${((Date.now() - started) / 1000).toFixed(1)} s, as the admin saw it`);
    await bar.waitFor({ state: 'detached' });
    const report = dialog.getByRole('table', { name: 'Import report' });
    await expect.poll(() => report.getByRole('row').count()).toBe(51);
    expect(await cellsOf(report.getByRole('row').nth(1))).toEqual(['2', username(0), 'Created', '']);
    expect(await cellsOf(report.getByRole('row').nth(18))).toEqual(['19', username(17), 'Failed', 'Email must be an email address.']);

    // later: the import is in the list, and its report opens again
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('searchbox', { name: 'Search' }).fill(username(49));
    await admin
      .getByRole('table', { name: 'Students' })
      .getByRole('cell', { name: username(49), exact: true })
      .waitFor();
    await admin.getByRole('button', { name: 'Import CSV' }).click();
    const past = dialog.getByRole('table', { name: 'Past imports' });
    const entry = past.getByRole('row').filter({ hasText: fileName });
    await expect.poll(async () => (await cellsOf(entry)).slice(3, 8)).toEqual(['Done', '50', '49', '0', '1']);
    await entry.getByRole('button', { name: new RegExp(`^Open import ${fileName.replace(/\./g, '\\.')} of `) }).click();
    await dialog.getByText('Created 49 · Already existed 0 · Failed 1').waitFor();
    await expect.poll(() => dialog.getByRole('table', { name: 'Import report' }).getByRole('row').count()).toBe(51);
  });
});
