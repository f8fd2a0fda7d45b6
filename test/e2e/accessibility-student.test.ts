/**
 * WCAG 2.1 AA with axe-core, small screens and screenshots, for the screens a signed-out
 * visitor and a student see (login, dashboard, schedule editor, catalog, cart, checkout, payments,
 * receipts, My Documents), in their main states, at 1280 and 375 px (support/a11y.ts).
 * Only local state changes here: the checkout (which opens a payment) uses kate.wilson, whom no other
 * suite counts, and documents are previewed, not acknowledged.
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import {
  accessibilityBrowser,
  atBothWidths,
  atEachWidthInTurn,
  audit,
  auditDialog,
  auditFailedLoad,
  auditVisit,
  closeDialog,
  expectAnnounced,
  failApi,
  openDialog,
  visit,
} from './support/a11y.js';
import { dataTable } from './support/dataTable.js';

const { pagesFor } = accessibilityBrowser('student');

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

// The describe blocks (one person each, with pages of their own) run side by side, their tests one after another.
describe('signed out', { concurrent: true }, () => {
  const s = pagesFor();

  it.sequential('login: loaded and a failed login', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/', (p) => p.getByRole('button', { name: 'Login' }), 'login', 'loaded');
      await page.getByLabel('Username').fill('student');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expectAnnounced(page.getByText('Invalid username or password.'));
      await audit(page, width, 'login', 'error');
    });
  });

  it.sequential('login: first sign-in with a temporary password (new password form, with its error)', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      // The login's answer for an account with a temporary password, as cognito-local would give it.
      await page.route('**/api/users/login/', (route) =>
        route.fulfill({ status: 401, json: { detail: 'Please choose a new password.', code: 'new_password_required', session: 'a11y-session' } }),
      );
      await visit(page, '/', (p) => p.getByRole('button', { name: 'Login' }));
      await page.getByLabel('Username').fill('new.student');
      await page.getByLabel('Password').fill('Temp!Pass2345');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByLabel('Confirm new password').waitFor();
      await audit(page, width, 'login', 'new-password');
      await page.getByLabel('New password', { exact: true }).fill('Chosen!Pass6789');
      await page.getByLabel('Confirm new password').fill('Different!Pass6789');
      await page.getByRole('button', { name: 'Set Password and Login' }).click();
      await expectAnnounced(page.getByRole('alert').filter({ hasText: /./ }).first());
      await audit(page, width, 'login', 'new-password-error');
      await page.unrouteAll();
    });
  });

  it.sequential('courses catalog and an unknown page', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/courses', heading('Courses Catalog'), 'courses', 'signed-out');
      await auditVisit(page, width, '/no-such-page', heading('Page not found'), 'not-found', 'loaded');
    });
  });
});

// Each test audits many states at two widths: more time than the e2e default on a busy machine.
describe('student', { timeout: 120_000, concurrent: true }, () => {
  const s = pagesFor({ username: 'student', password: 'Student!2345' });

  it.sequential('dashboard: loaded, and the notice after opening an admin page', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/Dashboard', (p) => p.getByRole('button', { name: 'Pay Bill' }), 'dashboard', 'loaded');
      await page.goto(`${page.url().replace(/\/Dashboard$/, '')}/admin`);
      await expectAnnounced(page.getByText('You do not have admin privileges to access this area.'));
      await audit(page, width, 'dashboard', 'not-admin-notice');
      await failApi(page, /^\/api\/students\//);
      await visit(page, '/Dashboard', heading(/^Welcome/));
      await expectAnnounced(page.getByText('Unable to load payment information'));
      await audit(page, width, 'dashboard', 'bill-error');
      await page.unrouteAll();
    });
  });

  it.sequential('course schedule editor: empty, add dialog, one course', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/course-schedule-editor', heading('Course Schedule Editor'), 'schedule-editor', 'empty');
      const add = page.getByRole('button', { name: 'Add Course' });
      const dialog = await openDialog(page, add, 'Add New Course');
      await dialog.getByLabel('Course Code').fill('NUR-101');
      await dialog.getByLabel('Course Name').fill('Fundamentals of Nursing');
      await audit(page, width, 'schedule-editor', 'add-dialog');
      await closeDialog(page, dialog, add);
      await openDialog(page, add, 'Add New Course');
      await page.getByLabel('Course Code').fill('NUR-101');
      await page.getByRole('button', { name: 'Add Course', exact: true }).last().click();
      await page.getByRole('button', { name: 'Delete NUR-101' }).waitFor();
      await audit(page, width, 'schedule-editor', 'one-course');
      // Unsaved changes: leaving asks first.
      const back = page.getByRole('link', { name: 'Back to Dashboard' });
      const leave = await openDialog(page, back, 'Leave without saving?');
      await audit(page, width, 'schedule-editor', 'leave-dialog');
      await closeDialog(page, leave, back);
    });
  });

  it.sequential('courses catalog: loaded and failed', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/courses', (p) => p.getByText('Total Courses'), 'courses', 'loaded');
      await auditFailedLoad(page, width, 'courses', 'error', /^\/api\/courses\//, page.getByRole('alert').filter({ hasText: /./ }).first());
    });
  });

  it.sequential('cart: empty, with the bill, clear confirmation', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/cart', (p) => p.getByText('Your cart is empty'), 'cart', 'empty');
      await visit(page, '/Dashboard', (p) => p.getByRole('button', { name: 'Pay Bill' }));
      await page.getByRole('button', { name: 'Pay Bill' }).click();
      await page.getByRole('link', { name: 'Proceed to Checkout' }).waitFor();
      await audit(page, width, 'cart', 'items');
      const clear = page.getByRole('button', { name: 'Clear Cart' });
      await auditDialog(page, width, 'cart', 'clear-dialog', clear, 'Clear Cart');
    });
  });

  it.sequential('payment history: loaded and failed; a receipt', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/payments', (p) => dataTable(p, 'Payments'), 'payments', 'loaded');
      await page
        .getByRole('link', { name: /^View receipt of / })
        .last()
        .click();
      await page.getByRole('button', { name: 'Print' }).waitFor();
      await audit(page, width, 'receipt', 'loaded');
      await failApi(page, /\/payments\//);
      await visit(page, '/payments', heading('Payment History'));
      await expectAnnounced(page.getByText('Unable to load your payments'));
      await audit(page, width, 'payments', 'error');
      await visit(page, '/payments/pi_missing/receipt', (p) => p.getByText(/Unable to load the receipt|This payment was not found/));
      await expectAnnounced(page.getByText(/Unable to load the receipt|This payment was not found/));
      await audit(page, width, 'receipt', 'error');
      await page.unrouteAll();
    });
  });

  it.sequential('My Documents: loaded, preview of each file type, acknowledge dialog', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/documents', (p) => dataTable(p, 'My documents'), 'my-documents', 'loaded');
      for (const [title, kind] of [
        ['Nursing Assistant Syllabus', 'pdf'],
        ['Immunization Record', 'png'],
        ['Payment Plan Agreement', 'txt'],
        ['Financial Aid Guide', 'docx'],
      ]) {
        const opener = page.getByRole('button', { name: `Preview ${title}`, exact: true });
        const dialog = await openDialog(page, opener, new RegExp(title));
        await dialog.getByRole('button', { name: 'Download', exact: true }).waitFor();
        await dialog.getByText('Loading preview...').waitFor({ state: 'detached' });
        await audit(page, width, 'my-documents', `preview-${kind}`);
        await closeDialog(page, dialog, opener);
      }
      const acknowledge = page.getByRole('button', { name: 'Acknowledge Immunization Record' });
      const dialog = await openDialog(page, acknowledge, 'Acknowledge Document');
      await dialog
        .getByRole('button', { name: /^Acknowledge/ })
        .last()
        .click();
      await expectAnnounced(dialog.getByRole('alert'));
      await audit(page, width, 'my-documents', 'acknowledge-dialog-error');
      await closeDialog(page, dialog, acknowledge);
    });
  });
});

describe('paid student', { concurrent: true }, () => {
  const s = pagesFor({ username: 'paid', password: 'Student!2345' });

  it('dashboard: paid in full', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      await auditVisit(page, width, '/Dashboard', (p) => p.getByText('Paid in Full'), 'dashboard', 'paid-in-full');
    });
  });
});

describe('checkout (kate.wilson)', { concurrent: true }, () => {
  const s = pagesFor({ username: 'kate.wilson', password: 'Student!2345' });

  it('checkout: loaded and a declined card', async () => {
    // one width after the other: a student's second checkout replaces the first
    await atEachWidthInTurn(s.pages, async (page, width) => {
      await visit(page, '/Dashboard', (p) => p.getByRole('button', { name: 'Pay Bill' }));
      await page.getByRole('button', { name: 'Pay Bill' }).click();
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await page.getByLabel('Card number').waitFor();
      await audit(page, width, 'checkout', 'loaded');
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiry (MM/YY)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Postal code').fill('12345');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await expectAnnounced(page.getByRole('form', { name: 'Card payment' }).getByRole('alert'));
      await audit(page, width, 'checkout', 'declined');
    });
  });
});
