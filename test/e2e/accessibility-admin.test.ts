/**
 * WCAG 2.1 AA with axe-core, small screens and screenshots for the admin's screens: Course
 * Management, Cohort Management and detail with the student dialog, the admin panel's every view
 * (its drawer temporary at 375 px), student records with their forms, and refunds on the ledger,
 * at 1280 and 375 px (support/a11y.ts). Nothing is changed: forms are opened, checked and closed.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atBothWidths,
  audit,
  auditDialog,
  auditVisit,
  auditFailedLoad,
  closeDialog,
  expectAnnounced,
  openDialog,
  openPages,
  visit,
  writeAxeSummary,
  type Pages,
} from './support/a11y.js';
import { headerLink } from './support/header.js';
import { launchBrowser } from './support/browser.js';
import { dataRows, dataTable } from './support/dataTable.js';

let browser: Browser;
let s: { pages: Pages; close: () => Promise<unknown> };
beforeAll(async () => {
  browser = await launchBrowser();
  s = await openPages(browser, { username: 'admin', password: 'Admin!2345' });
});
afterAll(async () => {
  writeAxeSummary('admin');
  await s?.close();
  await browser?.close();
});

/** What shows once an admin panel view has loaded; any other view shows its name as a level-2 heading. */
const VIEW_READY: Record<string, (page: Page) => Locator> = {
  Cohorts: (p) => p.getByRole('link', { name: /^View details of / }),
  Students: (p) => p.getByRole('link', { name: /^Open record of / }),
};

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

// Each test audits many states at two widths: more time than the e2e default on a busy machine.
describe('admin', { timeout: 120_000 }, () => {
  it('dashboard with the admin buttons', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await visit(page, '/Dashboard', (p) => p.getByRole('region', { name: 'Cohort health' }));
      // at 375 px the admin buttons are behind the header's menu button
      await (await headerLink(page, 'Admin Panel')).waitFor();
      if (width === 375) {
        await page.keyboard.press('Escape');
        await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'detached' });
      }
      await audit(page, width, 'dashboard', 'admin');
    });
  });

  it('Course Management: loaded, empty, failed, add, edit and delete dialogs', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/course-manager', (p) => p.getByRole('button', { name: /^Edit Algebra/ }), 'course-manager', 'loaded');

      const add = page.getByRole('button', { name: 'Add New Course' });
      await auditDialog(page, width, 'course-manager', 'add-dialog', add, 'Add New Course');
      const edit = page.getByRole('button', { name: 'Edit Algebra (40101)' });
      await auditDialog(page, width, 'course-manager', 'edit-dialog', edit, 'Edit Course');
      const remove = page.getByRole('button', { name: 'Delete Algebra (40101)' });
      await auditDialog(page, width, 'course-manager', 'delete-dialog', remove, 'Confirm Delete');

      await page.getByLabel('Search by course name').fill('nothing-matches-this');
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      await page.getByText('No courses found').waitFor();
      await audit(page, width, 'course-manager', 'empty');
      await auditFailedLoad(page, width, 'course-manager', 'error', /^\/api\/courses\//);
    });
  });

  it('Cohort Management: loaded, empty, failed, new cohort dialog', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/cohort-management', (p) => p.getByRole('link', { name: /^View details of / }), 'cohort-management', 'loaded');
      const create = page.getByRole('button', { name: 'New Cohort' });
      await auditDialog(page, width, 'cohort-management', 'new-dialog', create, 'New Cohort');
      await page.getByRole('searchbox', { name: 'Search' }).fill('nothing-matches-this');
      await page.getByText('No cohorts found matching your criteria').waitFor();
      await audit(page, width, 'cohort-management', 'empty');
      await auditFailedLoad(page, width, 'cohort-management', 'error', /^\/api\/cohorts\//);
    });
  });

  it('Cohort detail: loaded, student detail dialog, add student dialog, unknown cohort', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/cohort-management/cohort-2025-cert-1', (p) => dataRows(p, 'Student Roster'), 'cohort-detail', 'loaded');
      const details = page.getByRole('button', { name: 'View details of Maria Lopez' });
      let dialog = await openDialog(page, details, /^Student Details/);
      await dialog.getByText('Payment History').waitFor();
      await dialog.getByText(/Loading/).waitFor({ state: 'detached' });
      await audit(page, width, 'cohort-detail', 'student-dialog');
      await closeDialog(page, dialog, details);
      const add = page.getByRole('button', { name: 'Add Student' });
      await auditDialog(page, width, 'cohort-detail', 'add-student-dialog', add, 'Add Student');
      await visit(page, '/cohort-management/no-such-cohort', (p) => p.getByRole('link', { name: 'Back to Cohorts' }));
      await expectAnnounced(page.getByRole('main').getByRole('alert').first());
      await audit(page, width, 'cohort-detail', 'not-found');
    });
  });

  it('admin panel: every view; the drawer is permanent when wide and a temporary modal at 375 px', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await visit(page, '/admin', heading(/Admin Dashboard$/));
      const menu = page.getByRole('navigation', { name: 'Admin menu' });
      const menuButton = page.getByRole('button', { name: 'Open admin menu' });
      let views: string[];
      if (width === 1280) {
        await expect(menu.isVisible()).resolves.toBe(true);
        await expect(menuButton.count()).resolves.toBe(0);
        views = await menu.getByRole('button').allTextContents();
      } else {
        // Small screens: no menu until the menu button opens it as a modal drawer, which takes focus and gives it back.
        await expect(menu.count()).resolves.toBe(0);
        await menuButton.click();
        await menu.waitFor();
        await expect.poll(() => menu.evaluate((el) => el.closest('[role="presentation"]')?.contains(document.activeElement) ?? false)).toBe(true);
        await audit(page, width, 'admin', 'drawer-open');
        views = await menu.getByRole('button').allTextContents();
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
        await expect.poll(() => menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
      }
      expect(views).toEqual(expect.arrayContaining(['Overview', 'Documents', 'Cohorts', 'Students', 'Categories', 'Analytics', 'Settings']));
      await dataRows(page, /Individual Students/)
        .first()
        .waitFor();
      await audit(page, width, 'admin', 'documents');
      for (const view of views.filter((v) => v !== 'Documents')) {
        if (width === 375) await menuButton.click();
        await menu.getByRole('button', { name: view, exact: true }).click();
        if (width === 375) await menu.waitFor({ state: 'detached' });
        await (VIEW_READY[view]?.(page) ?? page.getByRole('main').getByRole('heading', { level: 2, name: view })).first().waitFor();
        await expect
          .poll(() =>
            page
              .getByRole('main')
              .getByRole('status')
              .filter({ hasText: /Loading/ })
              .count(),
          )
          .toBe(0);
        await audit(page, width, 'admin', view.toLowerCase().replace(/\W+/g, '-'));
      }
    });
  });

  it('students: empty search, add (with its errors) and import dialogs', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await visit(page, '/admin?view=students', (p) => p.getByRole('link', { name: /^Open record of / }));
      const add = page.getByRole('button', { name: 'Add Student' });
      let dialog = await openDialog(page, add, 'Add Student');
      await audit(page, width, 'students', 'add-dialog');
      await dialog.getByRole('button', { name: 'Create Student' }).click();
      await expectAnnounced(dialog.getByRole('alert').first());
      await audit(page, width, 'students', 'add-dialog-errors');
      await closeDialog(page, dialog, add);
      const importCsv = page.getByRole('button', { name: 'Import CSV' });
      await auditDialog(page, width, 'students', 'import-dialog', importCsv, 'Import Students');
      await page.getByRole('searchbox', { name: 'Search' }).fill('nothing-matches-this');
      await dataTable(page, 'Students')
        .getByText(/No students/)
        .waitFor();
      await audit(page, width, 'students', 'empty');
    });
  });

  it('student record: loaded, enroll, charge or credit and sign-in dialogs', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/admin?view=students&student=student', (p) => dataRows(p, 'Ledger'), 'student-record', 'loaded');
      for (const [name, state] of [
        ['Enroll in Program', 'enroll-dialog'],
        ['Post Charge or Credit', 'ledger-entry-dialog'],
        ['Disable Sign-in', 'sign-in-dialog'],
      ] as const) {
        const opener = page.getByRole('button', { name, exact: true });
        const dialog = await openDialog(page, opener, new RegExp(name));
        await audit(page, width, 'student-record', state);
        await closeDialog(page, dialog, opener);
      }
    });
  });

  it('finance ledger: the refund dialog', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await visit(page, '/finance', (p) => p.getByRole('button', { name: /^Refund / }));
      const refund = page.getByRole('button', { name: 'Refund pi_seed_student_nursingassistant_1' });
      await auditDialog(page, width, 'finance', 'refund-dialog', refund, 'Refund payment');
    });
  });
});
