/**
 * WCAG 2.1 AA with axe-core, small screens and screenshots for staff's Document Management
 * (tabs, empty, failed, every dialog) and the finance staff's ledger, at 1280 and 375 px
 * (support/a11y.ts). Nothing is changed: dialogs are opened, checked and closed.
 */
import { describe, it } from 'vitest';
import { accessibilityBrowser, atBothWidths, audit, auditDialog, auditVisit, auditFailedLoad, closeDialog, expectAnnounced, openDialog, visit } from './support/a11y.js';
import { dataRows, dataTable } from './support/dataTable.js';

const { pagesFor } = accessibilityBrowser('staff');

// Each test audits many states at two widths: more time than the e2e default on a busy machine. The describe
// blocks (one person each, with pages of their own) run side by side, their tests one after another.
describe('Document Management (staff)', { timeout: 120_000, concurrent: true }, () => {
  const s = pagesFor({ username: 'staff', password: 'Staff!2345' });

  it.sequential('each tab loaded, an empty search, a failed list', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/documents', (p) => dataRows(p, 'Individual Students'), 'documents', 'individual');
      for (const [tab, state] of [
        ['Cohort Documents', 'cohort'],
        ['Program Materials', 'program'],
        ['General Resources', 'general'],
      ]) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await dataRows(page, tab).first().waitFor();
        await audit(page, width, 'documents', state!);
      }
      await page.getByRole('tab', { name: /^Individual Students/ }).click();
      await page.getByLabel('Search by student name').fill('nobody-matches-this');
      await page.getByText('No documents found in this category.').waitFor();
      await audit(page, width, 'documents', 'empty');
      await auditFailedLoad(page, width, 'documents', 'error', /^\/api\/documents\//);
    });
  });

  it.sequential('filter, upload (with its error), preview, acknowledgements and delete dialogs', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await visit(page, '/documents', (p) => dataRows(p, 'Individual Students'));
      const filter = page.getByRole('button', { name: 'Filter', exact: true });
      await auditDialog(page, width, 'documents', 'filter-dialog', filter, 'Filter Documents');

      const upload = page.getByRole('button', { name: 'Upload Document' });
      let dialog = await openDialog(page, upload, 'Upload Document');
      await audit(page, width, 'documents', 'upload-dialog');
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expectAnnounced(dialog.getByRole('alert').first());
      await audit(page, width, 'documents', 'upload-dialog-error');
      await closeDialog(page, dialog, upload);

      const preview = page.getByRole('button', { name: 'Preview Immunization Record', exact: true });
      dialog = await openDialog(page, preview, /Immunization Record/);
      await dialog.getByRole('img').first().waitFor();
      await audit(page, width, 'documents', 'preview-dialog');
      await closeDialog(page, dialog, preview);

      const acks = page.getByRole('button', { name: 'Acknowledgements of Immunization Record' });
      dialog = await openDialog(page, acks, /^Acknowledgements: Immunization Record/);
      await dialog
        .getByRole('table')
        .or(dialog.getByText(/no|none/i))
        .first()
        .waitFor();
      await audit(page, width, 'documents', 'acknowledgements-dialog');
      await closeDialog(page, dialog, acks);

      const remove = page.getByRole('button', { name: 'Delete Immunization Record' });
      await auditDialog(page, width, 'documents', 'delete-dialog', remove, 'Delete Document');
    });
  });
});

describe('Finance Ledger (finance)', { concurrent: true }, () => {
  const s = pagesFor({ username: 'finance', password: 'Finance!2345' });

  it('loaded, a date-range problem, empty, failed', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/finance', (p) => dataTable(p, 'Payments ledger'), 'finance', 'loaded');
      await page.getByLabel('From', { exact: true }).fill('2026-12-31');
      await page.getByLabel('To', { exact: true }).fill('2026-01-01');
      await page.getByRole('button', { name: 'Apply Filters' }).click();
      await expectAnnounced(page.getByText('The start date must not be after the end date.'));
      await audit(page, width, 'finance', 'filter-error');
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await page.getByLabel('Student username').fill('nobody-matches-this');
      await page.getByRole('button', { name: 'Apply Filters' }).click();
      await page.getByText('No payments found for these filters.').waitFor();
      await audit(page, width, 'finance', 'empty');
      await auditFailedLoad(page, width, 'finance', 'error', /^\/api\/payments\//, page.getByText('Unable to load payments'));
    });
  });
});
