/**
 * Documents as people use them, at 1280 and 375 px: the upload dialog's stale messages go when
 * their cause does; after an upload the list shows the new document's tab with its row highlighted, in
 * view and announced, uploaded by a name; a DOCX whose link Microsoft's viewer cannot reach (always,
 * locally) previews as its text with "Download to View", never a broken frame; the admin's student record
 * lists a general mandatory document with the student's acknowledgement state; finance get the staff
 * view. Each state is audited (axe, small screen) with a screenshot ux-documents-<state>-<width>.png.
 * The uploads have unique titles and are deleted afterwards (the stack is shared).
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, it } from 'vitest';
import { makeDocx } from '../../lib/local/seed/sample-files.js';
import { accessibilityBrowser, atBothWidths, audit, expectAnnounced, visit, type Width } from './support/a11y.js';
import { login } from './support/api.js';
import { baseUrl } from './support/browser.js';
import { hold } from './support/intercept.js';

const { pagesFor } = accessibilityBrowser('ux-documents');
const SCREEN = 'ux-documents';
const run = Date.now().toString(36);
const titleAt = (width: Width) => `UX Lab Notes ${run} ${width}`;
const DOCX_TEXT = ['Lab Notes', `Centrifuge settings for run ${run}.`];

/** Whether the element's box lies within the viewport (the highlighted row must be seen, not just exist). */
const inViewport = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth + 1;
    });

afterAll(async () => {
  // the uploads of this run, found by their unique titles
  const { token } = await login('staff', 'Staff!2345');
  const headers = { authorization: `Bearer ${token}` };
  const listed = await fetch(`${baseUrl()}/api/documents/?search=${encodeURIComponent(`UX Lab Notes ${run}`)}`, { headers });
  for (const doc of ((await listed.json()) as { results: Array<{ id: string }> }).results ?? []) {
    await fetch(`${baseUrl()}/api/documents/${doc.id}/`, { method: 'DELETE', headers });
  }
});

// The three people's tests (each with pages of its own) run side by side, each asserting with its own `expect` (the
// context's), as expect.poll needs: the staff upload is a general document under a title of its own, which the
// others' checks do not count.
describe('documents as people use them', { timeout: 150_000, concurrent: true }, () => {
  const staff = pagesFor({ username: 'staff', password: 'Staff!2345' });
  const admin = pagesFor({ username: 'admin', password: 'Admin!2345' });
  const finance = pagesFor({ username: 'finance', password: 'Finance!2345' });

  it('staff: stale upload messages clear; the upload lands highlighted in its tab, by name; its DOCX preview is text with "Download to View"', async ({ expect }) => {
    await atBothWidths(staff.pages, async (page, width) => {
      await visit(page, '/documents', (p) => p.getByRole('tab', { name: /^General Resources \(\d+\)$/ }));
      await page.getByRole('button', { name: 'Upload Document' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Document' });
      const refusal = dialog.getByRole('alert').filter({ hasText: 'Please enter a valid student username' });
      await dialog.getByLabel('Title').fill(titleAt(width));
      await dialog.getByLabel('Choose File').setInputFiles({
        name: `ux-lab-notes-${run}.docx`,
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: makeDocx(DOCX_TEXT),
      });
      await dialog.getByLabel('Scope').selectOption('individual');
      await dialog.getByLabel('Cohort').selectOption({ label: '2025-2026 Cohort 1 - Nursing Assistant' });

      // Upload before the check has found the student: refused; once it has, the refusal goes. The check's
      // answer is held until after the click, so a slow click on a loaded machine cannot come after it.
      const releaseCheck = await hold(page, '**/api/students/ben.nguyen/');
      await dialog.getByLabel('Student Username').fill('ben.nguyen');
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await refusal.waitFor();
      await releaseCheck();
      await dialog.getByText('Valid student: Ben Nguyen').waitFor();
      await refusal.waitFor({ state: 'detached' });
      await audit(page, width, SCREEN, 'student-checked');

      // refused again for a name not checked yet; changing the scope away from individual drops it
      await dialog.getByLabel('Student Username').fill('ben.ngu');
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await refusal.waitFor();
      await dialog.getByLabel('Scope').selectOption('general');
      await refusal.waitFor({ state: 'detached' });
      expect(await dialog.getByRole('alert').count()).toBe(0);

      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      const general = page.getByRole('tab', { name: /^General Resources/ });
      await expect.poll(() => general.getAttribute('aria-selected')).toBe('true');
      const highlighted = page.locator('[data-highlighted]').filter({ hasText: titleAt(width) });
      await highlighted.waitFor();
      expect(await inViewport(page, '[data-highlighted]')).toBe(true);
      expect(await highlighted.textContent()).toContain('Sam Rivera');
      const status = page.getByRole('status').filter({ hasText: `“${titleAt(width)}” was uploaded` });
      await expectAnnounced(status);
      expect(await status.textContent()).toBe(`“${titleAt(width)}” was uploaded: it is highlighted under General Resources.`);
      await audit(page, width, SCREEN, 'uploaded');

      await highlighted.getByRole('button', { name: `Preview ${titleAt(width)}`, exact: true }).click();
      const preview = page.getByRole('dialog', { name: new RegExp(titleAt(width)) });
      await preview.getByLabel('Document text').waitFor();
      expect(await preview.getByLabel('Document text').textContent()).toBe(DOCX_TEXT.join('\n'));
      await preview.getByRole('button', { name: 'Download to View' }).waitFor();
      expect(await preview.locator('iframe').count()).toBe(0);
      await preview.getByText(/^Uploaded: .* by Sam Rivera$/).waitFor();
      await audit(page, width, SCREEN, 'docx-preview');
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
    });
  });

  it("admin: the student record lists the general mandatory handbook with the student's acknowledgement state", async ({ expect }) => {
    await atBothWidths(admin.pages, async (page, width) => {
      await visit(page, '/admin?view=students&student=ben.nguyen', (p) => p.getByRole('heading', { name: 'Ben Nguyen' }));
      const section = page.getByRole('region', { name: 'Documents and Acknowledgements' });
      const handbook = section.getByRole('row').or(section.locator('li')).filter({ hasText: 'Student Handbook 2026-2027' }).first();
      await handbook.waitFor();
      const text = (await handbook.textContent()) ?? '';
      expect(text).toContain('General Resources');
      expect(text).toContain('Mandatory');
      expect(text).toMatch(/Not yet acknowledged|Acknowledged [A-Z][a-z]{2} \d/);
      // his cohort's and his own documents too, not only the individually assigned one
      await section.getByText('Nursing Assistant Syllabus').first().waitFor();
      await section.getByText('Payment Plan Agreement').first().waitFor();
      await audit(page, width, SCREEN, 'student-record');
    });
  });

  it('finance: Document Management to read, not a student\'s "please acknowledge" list', async ({ expect }) => {
    await atBothWidths(finance.pages, async (page, width) => {
      await visit(page, '/documents', (p) => p.getByRole('tab', { name: /^Individual Students \(\d+\)$/ }));
      await page.getByRole('heading', { level: 1, name: 'Document Management' }).waitFor();
      expect(await page.getByText(/Please acknowledge/).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Upload Document' }).count()).toBe(0);
      // staff's view: who an individual document is for
      await page.getByText('Payment Plan Agreement').first().waitFor();
      await audit(page, width, SCREEN, 'finance');
    });
  });
});
