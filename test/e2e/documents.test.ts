/**
 * Documents. Staff upload a pdf through the presigned URL (with the progress bar), find it in
 * the Cohort Documents tab, preview and zoom it, download it and delete it. The demo student sees their
 * cohort's documents on My Documents and signs the handbook; staff then see that acknowledgement.
 * The stack is shared with the other browser tests: the upload has a unique title and is deleted.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { baseUrl, browserPerFile, signInToDashboard } from './support/browser.js';
import { expectToast } from './support/toasts.js';
import { makePdf as minimalPdf } from '../../lib/local/seed/sample-files.js';

// The two describe blocks run side by side, each test with pages of its own and asserting with its own `expect` (the
// context's): the upload has a title of its own, and the acknowledgement is of a general document.
const file = browserPerFile({ acceptDownloads: true });

async function openDocumentManagement(page: Page) {
  await page.goto(`${baseUrl()}/documents`);
  await page.getByRole('heading', { level: 1, name: 'Document Management' }).waitFor();
  await page.getByRole('tab', { name: /^General Resources \(\d+\)$/ }).waitFor();
}

const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Preview ${title}`, exact: true }) });
const tabCount = async (page: Page, name: string) => Number(/\((\d+)\)$/.exec((await page.getByRole('tab', { name: new RegExp(`^${name}`) }).textContent()) ?? '')?.[1]);

describe('Document Management (staff)', { concurrent: true }, () => {
  it('uploads a pdf with the progress bar, previews and zooms it, downloads it and deletes it', async ({ expect, onTestFinished }) => {
    const title = `E2E Syllabus ${Date.now().toString(36)}`;
    const fileName = `e2e-syllabus-${Date.now().toString(36)}.pdf`;
    const page = await file.newPageFor(onTestFinished);
    await signInToDashboard(page, 'staff', 'Staff!2345');
    await openDocumentManagement(page);
    const cohortCount = await tabCount(page, 'Cohort Documents');

    // upload: hold the PUT to storage briefly so the progress bar can be seen
    let releaseUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/local/s3/**', async (route) => {
      if (route.request().method() === 'PUT') await uploadHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await dialog.getByLabel('Title').fill(title);
    await expect(dialog.getByLabel('Scope').inputValue()).resolves.toBe('cohort');
    await dialog.getByLabel('Cohort').selectOption({ label: '2025-2026 Cohort 1 - Nursing Assistant' });
    await dialog.getByLabel('Category').selectOption({ index: 1 });
    await dialog.getByLabel('Choose File').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: minimalPdf('E2E syllabus text') });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    releaseUpload();
    await expectToast(page, 'Document uploaded successfully');
    await dialog.waitFor({ state: 'detached' });

    // it is listed in the Cohort Documents tab
    await page.getByRole('tab', { name: `Cohort Documents (${cohortCount + 1})` }).click();
    await row(page, title).waitFor();
    const cells = await row(page, title).getByRole('cell').allTextContents();
    expect(cells.slice(0, 9)).toEqual([title, 'Cohort Documents', '2025-2026 Cohort 1', expect.any(String), 'PDF', '0.00 MB', 'Sam Rivera', expect.any(String), 'Public']);

    // preview and zoom
    await row(page, title)
      .getByRole('button', { name: `Preview ${title}` })
      .click();
    const preview = page.getByRole('dialog', { name: new RegExp(title) });
    const frame = preview.getByTitle(`${title} (PDF preview)`);
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/\/local\/s3\/.*#zoom=100$/);
    await preview.getByRole('button', { name: 'Zoom in' }).click();
    await preview.getByText('125%', { exact: true }).waitFor();
    expect(await preview.getByTitle(`${title} (PDF preview)`).getAttribute('src')).toMatch(/#zoom=125$/);
    await preview.getByText('Cohort: 2025-2026 Cohort 1 - Nursing Assistant').waitFor();
    await preview.getByText(/^Uploaded: .* by Sam Rivera$/).waitFor();

    // download (the attachment link, not the preview's inline one)
    const [download] = await Promise.all([
      page.waitForEvent('download', (d) => d.url().includes('response-content-disposition=attachment')),
      preview.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName);
    expect((await readFile(await download.path())).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });

    // delete, after the confirmation
    await row(page, title)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete Document' });
    await confirm.getByText('Are you sure you want to delete this document?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Document deleted successfully');
    await row(page, title).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: `Cohort Documents (${cohortCount})` }).waitFor();
  });
});

describe('My Documents (students) and acknowledgements', { concurrent: true }, () => {
  it("shows the student their cohort's documents; they sign the handbook and staff see it", async ({ expect, onTestFinished }) => {
    let page = await file.newPageFor(onTestFinished);
    await signInToDashboard(page, 'student', 'Student!2345');
    await page.getByRole('banner').getByRole('link', { name: 'My Documents', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My Documents' }).waitFor();
    await row(page, 'Nursing Assistant Syllabus').waitFor();
    await row(page, 'Immunization Record').waitFor();
    // another cohort's document is not theirs
    await expect(row(page, 'Clinical Rotation Schedule').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Acknowledge Student Handbook 2026-2027' }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge Document' });
    await dialog.getByLabel('Full name (signature)').fill('Maria Lopez');
    await dialog.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expectToast(page, 'Document acknowledged successfully');
    await row(page, 'Student Handbook 2026-2027')
      .getByText(/^Acknowledged /)
      .waitFor();
    await page.context().close();

    page = await file.newPageFor(onTestFinished);
    await signInToDashboard(page, 'staff', 'Staff!2345');
    await openDocumentManagement(page);
    await page.getByRole('tab', { name: /^General Resources/ }).click();
    await page.getByRole('button', { name: 'Acknowledgements of Student Handbook 2026-2027' }).click();
    const list = page.getByRole('dialog', { name: 'Acknowledgements: Student Handbook 2026-2027' });
    // the demo student's row (other suites' students may have signed the handbook too)
    const acknowledged = list
      .getByRole('table', { name: 'Acknowledged' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'student', exact: true }) });
    await acknowledged.waitFor();
    const cells = await acknowledged.getByRole('cell').allTextContents();
    expect([cells[0], cells[1], cells[3]]).toEqual(['Maria Lopez', 'student', 'Maria Lopez']);
    await list.getByRole('table', { name: 'Not yet acknowledged' }).getByRole('cell', { name: 'ben.nguyen', exact: true }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^acknowledgements-student-handbook-2026-2027-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Status,Name,Username,Acknowledged At,Signature');
    expect(csv).toMatch(/\r\nAcknowledged,Maria Lopez,student,\d{4}-[^,]+,Maria Lopez\r\n/);
    expect(csv).toContain('Pending,Ben Nguyen,ben.nguyen,,');
  });
});
