/** Spec: Course Management and Courses Catalog — demo data, real stack, headless Chromium. */
import type { Page } from 'playwright-core';
import { describe, it, type TestContext } from 'vitest';
import { baseUrl, browserPerFile, signInToDashboard } from './support/browser.js';
import { expectToast } from './support/toasts.js';

const file = browserPerFile();

/**
 * A fresh page for one test (support/browser.ts newPageFor), signed in as `username` on the dashboard. The
 * Course Management tests run side by side (only the first changes the list, with a CRN of its own), each asserting
 * with its own `expect` (the context's); the catalog, which counts the courses, after them.
 */
async function signedIn(onTestFinished: TestContext['onTestFinished'], username: string, password: string): Promise<Page> {
  const page = await file.newPageFor(onTestFinished);
  await signInToDashboard(page, username, password);
  return page;
}

const table = (page: Page) => page.getByRole('table', { name: 'Courses' });
const row = (page: Page, crn: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: crn, exact: true }) });
const cells = (page: Page, crn: string) => row(page, crn).getByRole('cell').allTextContents();
const crnsShown = async (page: Page) => (await table(page).locator('tbody tr td:nth-child(2)').allTextContents()).sort();

describe('Course Management', { concurrent: true }, () => {
  it('lets the admin add, edit, filter and delete a course, with the spec toasts', async ({ expect, onTestFinished }) => {
    const crn = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const page = await signedIn(onTestFinished, 'admin', 'Admin!2345');
    await page.getByRole('banner').getByRole('link', { name: 'Course Manager', exact: true }).click();
    await page.waitForURL(/\/course-manager$/);
    await page.getByRole('heading', { level: 1, name: 'Course Management' }).waitFor();
    await page.getByText('Add, edit, and manage courses in the system').waitFor();
    await row(page, '40101').waitFor();
    expect(await crnsShown(page)).toHaveLength(15);

    // add
    await page.getByRole('button', { name: 'Add New Course' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Course' });
    await dialog.getByLabel('Course Name').selectOption('Algebra');
    await dialog.getByLabel('CRN').fill(crn);
    await dialog.getByLabel('Credit Hours').fill('4');
    await dialog.getByLabel('Tuition Price').fill('500.25');
    await dialog.getByRole('switch', { name: 'Is Certificate Course' }).uncheck();
    await dialog.getByRole('button', { name: 'Create Course' }).click();
    await expectToast(page, 'Course created successfully');
    await row(page, crn).waitFor();
    expect(await cells(page, crn)).toEqual(['Algebra', crn, '4', 'N/A', '$500.25', 'No', '']);

    // edit
    await page.getByRole('button', { name: `Edit Algebra (${crn})` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Course' });
    await dialog.getByLabel('Application Price').fill('25');
    await dialog.getByLabel('Tuition Price').fill('525.5');
    await dialog.getByRole('button', { name: 'Update Course' }).click();
    await expectToast(page, 'Course updated successfully');
    await row(page, crn).getByRole('cell', { name: '$525.50' }).waitFor();
    expect(await cells(page, crn)).toEqual(['Algebra', crn, '4', '$25.00', '$525.50', 'No', '']);

    // filter: name prefix (any case) and certificate flag, then Clear
    await page.getByLabel('Search by course name').fill('alg');
    await page.getByLabel('Certificate Course').selectOption({ label: 'No' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => crnsShown(page)).toEqual(['40101', crn].sort());
    await page.getByLabel('Certificate Course').selectOption({ label: 'Yes' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await table(page).getByRole('cell', { name: 'No courses found' }).waitFor();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(async () => (await crnsShown(page)).length).toBe(16);

    // delete
    await page.getByRole('button', { name: `Delete Algebra (${crn})` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
    await confirm.getByText('Are you sure you want to delete the course "Algebra"? This action cannot be undone.', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Course deleted successfully');
    await row(page, crn).waitFor({ state: 'detached' });
    expect(await crnsShown(page)).toHaveLength(15);
  });

  it('answers a CRN already in use with a sentence naming the course that has it, once, in the dialog', async ({ expect, onTestFinished }) => {
    const page = await signedIn(onTestFinished, 'admin', 'Admin!2345');
    await page.goto(`${baseUrl()}/course-manager`);
    await row(page, '40101').waitFor();
    await page.getByRole('button', { name: 'Add New Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Course' });
    await dialog.getByLabel('Course Name').selectOption('Algebra');
    await dialog.getByLabel('CRN').fill('40101');
    await dialog.getByRole('button', { name: 'Create Course' }).click();
    await dialog.getByRole('alert').getByText('This CRN is already used by Algebra (CRN 40101).', { exact: true }).waitFor();
    await expect(page.locator('.MuiSnackbar-root').count()).resolves.toBe(0);
  });

  it('shows a student the list read-only', async ({ expect, onTestFinished }) => {
    const page = await signedIn(onTestFinished, 'student', 'Student!2345');
    await page.goto(`${baseUrl()}/course-manager`);
    await row(page, '40101').waitFor();
    await page.getByText('You do not have permission to add, edit or delete courses.').waitFor();
    await expect(page.getByRole('button', { name: 'Add New Course' }).count()).resolves.toBe(0);
  });
});

describe('Courses Catalog', () => {
  it('shows a student the categories with course counts that add up to the statistics', async ({ expect, onTestFinished }) => {
    const page = await signedIn(onTestFinished, 'student', 'Student!2345');
    await page.getByRole('banner').getByRole('link', { name: 'Course Catalog', exact: true }).click();
    await page.waitForURL(/\/courses$/);
    await page.getByRole('heading', { level: 1, name: 'Courses Catalog' }).waitFor();
    await page.getByText('Browse all available courses by category').waitFor();
    await page.getByRole('heading', { name: 'Course Statistics' }).waitFor();

    const stat = async (label: string) => Number(await page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]').textContent());
    const total = await stat('Total Courses');
    const certificate = await stat('Certificate Courses');
    const chips = await page.locator('.MuiAccordionSummary-root .MuiChip-label').allTextContents();
    const counted = chips.map((chip) => Number(/^(\d+) courses?$/.exec(chip)?.[1]));

    expect(total).toBe(15);
    expect(chips).toHaveLength(4); // nursing, medical, tech, general education in the demo data
    expect(counted.reduce((sum, n) => sum + n, 0)).toBe(total);
    // Every course row (collapsed accordions keep theirs in the page) and its Certificate cell.
    const certificateCells = await page.locator('.MuiAccordionDetails-root tbody tr td:last-child').allTextContents();
    expect(certificateCells).toHaveLength(total);
    expect(certificateCells.filter((cell) => cell === 'Yes')).toHaveLength(certificate);

    // Collapsed categories open on click. Only the first category starts open; a click a busy machine lost (the
    // button was re-rendered under it) is clicked again, but a click must be what opens it.
    const tech = page.getByRole('button', { name: /Imaging Technology/ });
    expect(await tech.getAttribute('aria-expanded')).toBe('false');
    const ultrasound = page.getByRole('table', { name: 'Imaging Technology courses' }).getByRole('cell', { name: 'Ultrasound Program' });
    for (let tries = 1; ; tries += 1) {
      if ((await tech.getAttribute('aria-expanded')) !== 'true') await tech.click();
      const opened = await ultrasound.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (opened) break;
      if (tries === 3) throw new Error(`Imaging Technology did not open after ${tries} clicks (aria-expanded=${await tech.getAttribute('aria-expanded')})`);
    }
  });
});
