/**
 * Items 10 and 13, at 1280 and 375 px on the real local stack:
 *  - an admin edits a course's name in Course Manager; the audit log names the entry's subject
 *    "course Biology (<CRN>)", never the course's id, and opening the entry shows the fields before
 *    and after side by side (stacked on a phone) with the changed name marked;
 *  - an admin refunds part of a payment in the Finance Ledger; the row's Refunded amount changes by
 *    itself once Stripe's refund event has been recorded, with nobody pressing Refresh.
 * Each state is audited (axe, small screen) with a screenshot ux-audit-<state>-<width>.png or
 * ux-refund-<state>-<width>.png. The courses are deleted and the payments refunded in full afterwards
 * (the stack is shared); the payers are roster students no other browser test reads.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { accessibilityBrowser, atBothWidths, audit, visit, type Width } from './support/a11y.js';
import { callApi as api, login } from './support/api.js';
import { studentPaysByCard } from './support/checkout.js';

const ADMIN = { username: 'admin', password: 'Admin!2345' };
const { pagesFor } = accessibilityBrowser('ux-audit-refund');
const run = Date.now().toString(36).toUpperCase();
const crnAt = (width: Width) => `UX${width}-${run}`;
/** Payers by width: diploma students with a balance, read by no other browser test. */
const PAYER: Record<Width, string> = { 1280: 'liam.oconnor', 375: 'farid.haddad' };

/** The student pays $100.00 of their diploma program by card (support/checkout.ts). */
const studentPays = (username: string) => studentPaysByCard({ username, password: 'Student!2345' }, 'diploma_programs', '100.00');

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const courseIds: string[] = [];
const intents: string[] = [];

afterAll(async () => {
  const { token } = await login(ADMIN.username, ADMIN.password);
  for (const id of courseIds) await api(token, 'DELETE', `/api/courses/${id}/delete/`);
  // what is left of each payment goes back, so the students' seeded balances return
  for (const id of intents) await api(token, 'POST', `/api/payments/${id}/refund/`, { reason: 'requested_by_customer' });
});

describe('audit subjects and entries, refunds that land', { timeout: 180_000 }, () => {
  const admin = pagesFor(ADMIN);

  it('the audit log names an edited course by name and CRN and opens the entry to its before and after', async () => {
    const { token } = await login(ADMIN.username, ADMIN.password);
    for (const width of [1280, 375] as const) {
      const created = await api(token, 'POST', '/api/courses/create/', {
        name: 'Algebra',
        CRN: crnAt(width),
        credit_hours: 3,
        application_price: '',
        tuition_price: 400,
        is_certificate_course: false,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      courseIds.push(created.body.id);
    }

    await atBothWidths(admin.pages, async (page, width) => {
      const crn = crnAt(width);
      // the admin edits the course's name in Course Manager
      await visit(page, '/course-manager', (p) => p.getByRole('button', { name: `Edit Algebra (${crn})` }));
      await page.getByRole('button', { name: `Edit Algebra (${crn})` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Course' });
      await edit.getByLabel('Course Name').selectOption('Biology');
      await edit.getByRole('button', { name: 'Update Course' }).click();
      await edit.waitFor({ state: 'detached' });

      // the audit log, the updates only: the subject is the course's name and CRN, no id anywhere
      await visit(page, '/admin?view=audit', (p) => p.getByRole('heading', { level: 2, name: 'Audit log' }));
      const form = page.getByRole('search', { name: 'Filter audit log' });
      await form.getByLabel('Action').selectOption('course.update');
      await form.getByRole('button', { name: 'Apply Filters' }).click();
      const view = page.getByRole('button', { name: `View course.update of course Biology (${crn})` });
      await view.waitFor();
      // the unfiltered log, still shown until the filtered page arrives, holds other tests' entries too
      await page
        .getByRole('button', { name: /^View (?!course\.update of )/ })
        .first()
        .waitFor({ state: 'detached' });
      await page.getByText(`course Biology (${crn})`, { exact: true }).first().waitFor();
      const lines = (await page.locator('main').innerText()).split('\n');
      expect(lines.filter((line) => UUID.test(line))).toEqual([]);
      await audit(page, width, 'ux-audit', 'log');

      // the entry, opened: who, what, and the record before and after, the name marked as changed
      await view.click();
      const dialog = page.getByRole('dialog', { name: 'Audit entry' });
      await dialog.waitFor();
      await dialog.getByText(`course Biology (${crn})`, { exact: true }).waitFor();
      await dialog.getByText('course.update', { exact: true }).waitFor();
      if (width === 1280) {
        const table = dialog.getByRole('table', { name: 'Before and after' });
        await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual(['Field', 'Before', 'After']);
        const name = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^name/ }) });
        await expect(name.getByRole('cell').allTextContents()).resolves.toEqual(['Algebra', 'Biology']);
        await expect(name.getAttribute('data-changed')).resolves.toBe('true');
        // side by side: Before's cell and After's cell on one line
        const [before, after] = await name.getByRole('cell').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect()));
        expect(Math.abs(before!.top - after!.top)).toBeLessThan(2);
        expect(after!.left).toBeGreaterThan(before!.right - 1);
        const crnRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'crn', exact: true }) });
        await expect(crnRow.getAttribute('data-changed')).resolves.toBeNull();
      } else {
        const name = dialog
          .getByRole('list', { name: 'Before and after' })
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: /^name/ }) });
        await expect(name.locator('dd').allTextContents()).resolves.toEqual(['Algebra', 'Biology']);
        await expect(name.getAttribute('data-changed')).resolves.toBe('true');
        // stacked: After below Before, all within the screen
        const [before, after] = await name.locator('dd').evaluateAll((dds) => dds.map((d) => d.getBoundingClientRect()));
        expect(after!.top).toBeGreaterThan(before!.top);
        expect(after!.right).toBeLessThanOrEqual(375);
      }
      await dialog.getByText('1 field changed. Changed fields are marked.').waitFor();
      await audit(page, width, 'ux-audit', 'entry');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  });

  it('a refund shows in its ledger row once Stripe confirms it, without Refresh', async () => {
    for (const width of [1280, 375] as const) intents.push(await studentPays(PAYER[width]));
    const intentAt = (width: Width) => intents[width === 1280 ? 0 : 1]!;
    /** The payment's row on a wide screen, its card on a phone. */
    const rowOf = (page: Page, intent: string) =>
      page
        .getByRole('table', { name: 'Payments ledger' })
        .getByRole('row')
        .or(page.getByRole('list', { name: 'Payments ledger' }).getByRole('listitem'))
        .filter({ hasText: intent });

    await atBothWidths(admin.pages, async (page, width) => {
      const intent = intentAt(width);
      let refreshed = false;
      page.on('request', (request) => {
        // the ledger's own reload (GET /api/payments/ without a username) after the refund request
        if (refreshed || request.method() !== 'GET') return;
        const url = new URL(request.url());
        if (url.pathname === '/api/payments/' && !url.searchParams.has('username')) refreshed = true;
      });
      await visit(page, '/finance', (p) => p.getByRole('heading', { level: 1, name: 'Finance Ledger' }));
      // the payment's own succeeded event may land a moment after the page first loads
      await expect
        .poll(
          async () => {
            if ((await rowOf(page, intent).count()) > 0) return true;
            await page.reload();
            await page.getByRole('heading', { level: 1, name: 'Finance Ledger' }).waitFor();
            return false;
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe(true);
      const row = rowOf(page, intent);
      await row.getByText('$0.00', { exact: true }).waitFor();

      await row.getByRole('button', { name: `Refund ${intent}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund payment' });
      await dialog.getByLabel('Amount to refund ($)').fill('40.00');
      refreshed = false;
      await dialog.getByRole('button', { name: 'Refund' }).click();
      // "requested", then "confirmed" once it lands (which may be before this looks)
      await page.getByText(new RegExp(`^Refund of \\$40\\.00 for ${intent} (requested|confirmed)`)).waitFor();

      // the row changes by itself (Stripe's event recorded, then the ledger reloaded once)
      await row.getByText('$40.00', { exact: true }).waitFor({ timeout: 16_000 });
      await page.getByText(`Refund of $40.00 for ${intent} confirmed by Stripe and recorded.`).waitFor();
      // nobody pressed Refresh: the page reloaded the ledger itself once the refund had landed
      expect(refreshed).toBe(true);
      await audit(page, width, 'ux-refund', 'landed');
    });
  });
});
