/** Spec: Admin panel, Cohort Management, Cohort detail, Student detail dialog — demo data, real stack, headless Chromium. */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, it, type TestContext } from 'vitest';
import { baseUrl, browserPerFile, signInToDashboard } from './support/browser.js';

const file = browserPerFile();

/**
 * A fresh page for one test (support/browser.ts newPageFor), signed in as `username` on the dashboard. The
 * tests only read, so they run side by side, each asserting with its own `expect` (the context's).
 */
async function signedIn(onTestFinished: TestContext['onTestFinished'], username: string, password: string): Promise<Page> {
  const page = await file.newPageFor(onTestFinished, { acceptDownloads: true });
  await signInToDashboard(page, username, password);
  return page;
}

const cohortsTable = (page: Page) => page.getByRole('table', { name: 'Cohorts' });
/** The Program Name column of the cohorts shown. */
const programNames = async (page: Page) => (await cohortsTable(page).locator('tbody tr td:nth-child(4)').allTextContents()).sort();
const rosterRow = (page: Page, name: string) => page.getByRole('table', { name: 'Student Roster' }).getByRole('row').filter({ hasText: name });

/** Clicks `button` and returns the downloaded file's name and parsed CSV rows. */
async function downloadCsv(page: Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  const rows = Papa.parse<string[]>(await readFile(await download.path(), 'utf8'), { skipEmptyLines: true }).data;
  return { name: download.suggestedFilename(), rows };
}

describe('Cohort Management', { concurrent: true }, () => {
  it('lets the admin filter the cohorts and export the rows shown as CSV', async ({ expect, onTestFinished }) => {
    const page = await signedIn(onTestFinished, 'admin', 'Admin!2345');
    await page.getByRole('banner').getByRole('link', { name: 'Cohort Management', exact: true }).click();
    await page.waitForURL(/\/cohort-management$/);
    await page.getByRole('heading', { level: 1, name: 'Cohort Management' }).waitFor();
    await expect.poll(async () => (await programNames(page)).length).toBe(6);
    await expect(page.getByRole('region', { name: 'Total Cohorts' }).locator('p').textContent()).resolves.toBe('6');

    await page.getByLabel('Program Type').selectOption('diploma');
    await expect.poll(() => programNames(page)).toEqual(['Patient Care Technician', 'Ultrasound Program']);
    await page.getByLabel('Academic Year').selectOption('2026-2027');
    await expect.poll(() => programNames(page)).toEqual(['Ultrasound Program']);
    await page.getByLabel('Status').selectOption('inactive');
    await cohortsTable(page).getByRole('cell', { name: 'No cohorts found matching your criteria' }).waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(async () => (await programNames(page)).length).toBe(6);
    await page.getByRole('searchbox', { name: 'Search' }).fill('ekg');
    await expect.poll(() => programNames(page)).toEqual(['EKG Technician']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');

    await page.getByLabel('Program Type').selectOption('certificate');
    await expect.poll(() => programNames(page)).toEqual(['EKG Technician', 'Nursing Assistant', 'Phlebotomy']);
    const { name, rows } = await downloadCsv(page, 'Export');
    expect(name).toMatch(/^cohorts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]).toEqual(['Academic Year', 'Cohort #', 'Program Type', 'Program Name', 'Students', 'Start Date', 'End Date', 'Status']);
    expect(
      rows
        .slice(1)
        .map((row) => row[3])
        .sort(),
    ).toEqual(['EKG Technician', 'Nursing Assistant', 'Phlebotomy']);
    expect(rows.find((row) => row[3] === 'Nursing Assistant')).toEqual(['2025-2026', '1', 'Certificate', 'Nursing Assistant', '4', '2025-09-02', '2026-06-12', 'Active']);
  });

  it('opens cohort 2025-2026 #1: roster labels, Export List, and the student dialog with the latest payments', async ({ expect, onTestFinished }) => {
    const page = await signedIn(onTestFinished, 'admin', 'Admin!2345');
    await page.goto(`${baseUrl()}/cohort-management`);
    await page.getByRole('link', { name: 'View details of 2025-2026 Cohort 1 (Nursing Assistant)' }).click();
    await page.waitForURL(/\/cohort-management\/cohort-2025-cert-1$/);
    await page.getByRole('heading', { level: 1, name: '2025-2026 Cohort 1' }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Cohort Management' }).waitFor();

    // Exactly 500 is "Due" in the roster.
    const carla = rosterRow(page, 'Carla Diaz');
    await carla.waitFor();
    await expect(carla.getByRole('cell').allTextContents()).resolves.toEqual([
      'Carla Diaz',
      'carla.diaz',
      'carla.diaz@students.northfield.example.edu',
      '$500.00',
      'Due',
      'In Progress',
      '',
    ]);
    await expect(rosterRow(page, 'Aisha Khan').getByRole('cell').nth(4).textContent()).resolves.toBe('Current');
    await expect(rosterRow(page, 'Ben Nguyen').getByRole('cell').nth(4).textContent()).resolves.toBe('Due');
    await expect(page.getByRole('region', { name: 'Total Students' }).locator('p').textContent()).resolves.toBe('4');

    const { name, rows } = await downloadCsv(page, 'Export List');
    expect(name).toBe('cohort-2025-2026-1-students.csv');
    expect(rows[0]).toEqual(['Name', 'Username', 'Email', 'Program Type', 'Current Balance', 'Payment Status', 'Enrollment Date']);
    expect(rows.find((row) => row[1] === 'carla.diaz')?.slice(3)).toEqual(['Certificate', '500.00', 'Outstanding', '2025-09-02']);
    expect(rows.find((row) => row[1] === 'aisha.khan')?.[5]).toBe('Paid');

    // The dialog's own rule: exactly 500 is "Overdue" there.
    await carla.getByRole('button', { name: 'View details of Carla Diaz' }).click();
    let dialog = page.getByRole('dialog', { name: 'Student Details: Carla Diaz' });
    await dialog.getByRole('region', { name: 'Payment Status' }).getByText('Overdue', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await rosterRow(page, 'Maria Lopez').getByRole('button', { name: 'View details of Maria Lopez' }).click();
    dialog = page.getByRole('dialog', { name: 'Student Details: Maria Lopez' });
    const history = dialog.getByRole('region', { name: 'Payment History' });
    // The seeded payments, newest first (other browser tests may add newer ones for this student).
    const seeded = history.getByRole('row').filter({ hasText: 'pi_seed_student' });
    await seeded.first().waitFor();
    await expect(seeded.evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent)))).resolves.toEqual([
      ['Jan 15, 2026', '$1,000.00', 'Card', 'Succeeded', 'pi_seed_student_patientcaretechnician_1'],
      ['Nov 14, 2025', '$400.00', 'Card', 'Succeeded', 'pi_seed_student_nursingassistant_2'],
      ['Sep 15, 2025', '$500.00', 'Card', 'Succeeded', 'pi_seed_student_nursingassistant_1'],
    ]);
    await dialog.getByRole('region', { name: 'Program Enrollments' }).getByText('Certificate', { exact: true }).waitFor();
    await dialog.getByRole('region', { name: 'Program Enrollments' }).getByText('Diploma', { exact: true }).waitFor();
    await expect(dialog.getByRole('link', { name: 'Send Email' }).getAttribute('href')).resolves.toBe('mailto:student@students.northfield.example.edu');
  });

  it('redirects a non-admin who opens /cohort-management to /Dashboard', async ({ expect, onTestFinished }) => {
    const page = await signedIn(onTestFinished, 'student', 'Student!2345');
    await page.goto(`${baseUrl()}/cohort-management`);
    await page.getByText('You do not have admin privileges to access this area.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/Dashboard');
  });
});

describe('Admin panel', { concurrent: true }, () => {
  it('opens on Documents, switches to Cohorts from the menu and keeps the view on reload', async ({ expect, onTestFinished }) => {
    const page = await signedIn(onTestFinished, 'admin', 'Admin!2345');
    await page.getByRole('banner').getByRole('link', { name: 'Admin Panel', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Northfield College of Nursing & Allied Health Admin Dashboard' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    // the menu renders its items together, but polling keeps a slow first paint from failing the test
    await expect
      .poll(() => menu.getByRole('button').allTextContents())
      .toEqual(['Overview', 'Documents', 'Cohorts', 'Students', 'Audit log', 'Categories', 'Analytics', 'Settings']);
    await page.getByRole('heading', { level: 2, name: 'Document Management' }).waitFor();

    await menu.getByRole('button', { name: 'Cohorts' }).click();
    await page.waitForURL(/\/admin\?view=cohorts$/);
    await cohortsTable(page).getByRole('cell', { name: 'Phlebotomy', exact: true }).waitFor();
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(new URL(page.url()).search).toBe('?view=cohorts');
    await cohortsTable(page).getByRole('cell', { name: 'Phlebotomy', exact: true }).waitFor({ timeout: 30_000 });

    // Small screens: the menu hides in a temporary drawer.
    await page.setViewportSize({ width: 600, height: 800 });
    await expect.poll(() => menu.count()).toBe(0);
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await menu.getByRole('button', { name: 'Overview' }).click();
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
    await expect.poll(() => menu.count()).toBe(0); // the temporary drawer closes after the choice
  });
});
