/**
 * "Reconcile with Stripe" on the Finance Ledger. The finance user opens the ledger, checks a
 * range of dates with Stripe and reads the result, at 1280 and 375 px (support/a11y.ts: axe, no
 * sideways scrolling, screenshots). Then the repair journey: the local Stripe sandbox is told to drop
 * the next `payment_intent.succeeded` webhook (as when our endpoint was down for as long as Stripe
 * retries), a student pays, so Stripe has the money and the portal does not; reconciling records it
 * (one repair, and the ledger shows the payment), and a second run repairs nothing.
 *
 * The student is a roster student no other browser test reads (grace.obi), paying $100.00 of the
 * $4,300.00 owed; an admin refunds it at the end, so the shared stack keeps its seeded balances.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi as api, login } from './support/api.js';
import { studentPaysByCard } from './support/checkout.js';
import { accessibilityBrowser, atBothWidths, audit, closeDialog, expectAnnounced, openDialog, visit } from './support/a11y.js';
import { baseUrl, stripeKeys } from './support/stack.js';
import { dataTable } from './support/dataTable.js';

const FINANCE = { username: 'finance', password: 'Finance!2345' };
const PAYER = { username: 'grace.obi', password: 'Student!2345' };

const { pagesFor } = accessibilityBrowser('finance-reconcile');

/** YYYY-MM-DD in this machine's calendar, which the browser shares (the dialog's default range). */
const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const today = () => isoDay(new Date());
const daysAgo = (n: number) => {
  const now = new Date();
  return isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n));
};

// A table from 600 px up, a list of cards on a phone.
const ledgerTable = (page: Page) => dataTable(page, 'Payments ledger');
const reconcileButton = (page: Page) => page.getByRole('button', { name: 'Reconcile with Stripe' });
/** The announced first line of a result: "Checked 3 payments created from Nov 17, 2026 to Nov 23, 2026." */
const CHECKED = /^Checked \d+ payments? created from [A-Z][a-z]{2} \d{1,2}, \d{4} to [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/;

async function openReconcile(page: Page) {
  await visit(page, '/finance', ledgerTable);
  return openDialog(page, reconcileButton(page), 'Reconcile with Stripe');
}

async function runReconcile(dialog: Locator, from: string, to: string) {
  await dialog.getByLabel('From', { exact: true }).fill(from);
  await dialog.getByLabel('To', { exact: true }).fill(to);
  await dialog.getByRole('button', { name: 'Check with Stripe' }).click();
  await expectAnnounced(dialog.getByText(CHECKED));
}

/** Sandbox-only control call (lib/local/stripe-sandbox/control.ts), with the sandbox's secret key like Stripe's API. */
async function sandboxControl(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/local/stripe/__control/${path}`, {
    method,
    headers: { authorization: `Bearer ${stripeKeys().secretKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`sandbox ${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The student pays `amount` of their associates program by card (support/checkout.ts). */
const studentPays = (amount: string) => studentPaysByCard(PAYER, 'associate_programs', amount, 'Grace Obi');

// Each test works through several screen states at two widths: more time than the e2e default.
describe('Reconcile with Stripe (finance)', { timeout: 180_000 }, () => {
  const s = pagesFor(FINANCE);

  it('opens on the last 7 days, checks the dates in sentences, runs and shows the result, and shows a failure in plain words', async () => {
    await atBothWidths(s.pages, async (page, width) => {
      const dialog = await openReconcile(page);
      await expect(dialog.getByLabel('From', { exact: true }).inputValue()).resolves.toBe(daysAgo(6));
      await expect(dialog.getByLabel('To', { exact: true }).inputValue()).resolves.toBe(today());
      await dialog.getByText('Compares every payment created in these dates with Stripe').waitFor();
      await audit(page, width, 'finance-reconcile', 'form');

      await dialog.getByLabel('From', { exact: true }).fill(today());
      await dialog.getByLabel('To', { exact: true }).fill(daysAgo(1));
      await dialog.getByRole('button', { name: 'Check with Stripe' }).click();
      await expectAnnounced(dialog.getByText('The start date must not be after the end date.'));
      await dialog.getByLabel('From', { exact: true }).fill(daysAgo(40));
      await dialog.getByLabel('To', { exact: true }).fill(today());
      await dialog.getByRole('button', { name: 'Check with Stripe' }).click();
      await expectAnnounced(dialog.getByText('Choose at most 31 days at a time. This range covers 41 days.'));
      await audit(page, width, 'finance-reconcile', 'date-error');

      await runReconcile(dialog, daysAgo(6), today());
      // Whatever the earlier browser tests left in the range: either all matches, or the sections say what was found.
      await dialog
        .getByText('Everything matches Stripe.')
        .or(dialog.getByRole('heading', { name: /^Repaired \(\d+\)$/ }))
        .first()
        .waitFor();
      await audit(page, width, 'finance-reconcile', 'result');

      // A server failure reads as words, not a status code.
      await page.route(
        (url) => url.pathname === '/api/payments/reconcile/',
        (route) =>
          route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'The service is busy or unavailable - please try again in a moment' }) }),
      );
      await dialog.getByRole('button', { name: 'Check with Stripe' }).click();
      await expectAnnounced(dialog.getByText('Stripe or the portal is busy right now, so the check did not finish. Please try again in a few minutes.'));
      await audit(page, width, 'finance-reconcile', 'error');
      await page.unrouteAll();
      await closeDialog(page, dialog, reconcileButton(page));
    });
  });

  describe('a payment whose webhook never arrived', () => {
    let intentId = '';

    afterAll(async () => {
      // Give the shared stack its seeded balance back: the repaired payment is refunded in full.
      if (!intentId) return;
      const admin = await login('admin', 'Admin!2345');
      const refund = await api(admin.token, 'POST', `/api/payments/${intentId}/refund/`, { reason: 'requested_by_customer' });
      expect(refund.status, JSON.stringify(refund.body)).toBe(202);
    });

    it('Stripe took the money, the portal missed it; Reconcile records it once, and a second run repairs nothing', async () => {
      await expect(sandboxControl('POST', 'drop-next', { type: 'payment_intent.succeeded' })).resolves.toMatchObject({ type: 'payment_intent.succeeded' });
      intentId = await studentPays('100.00');
      // The sandbox made the event and did not deliver it.
      await expect
        .poll(async () => {
          const { data } = (await sandboxControl('GET', 'deliveries?type=payment_intent.succeeded')) as { data: Array<{ dropped: boolean; event: string }> };
          return data.some((record) => record.dropped);
        })
        .toBe(true);

      const wide = s.pages[1280];
      await visit(wide, '/finance', ledgerTable);
      // Unfiltered, the ledger lists money that moved: the unrecorded payment is an opened checkout (Pending), so it is not there.
      await wide.getByText('Checkouts that were opened but not paid (Pending) and canceled checkouts appear only when you filter by that status.').waitFor();
      await expect(ledgerTable(wide).getByRole('row').filter({ hasText: intentId }).count()).resolves.toBe(0);
      await wide.getByLabel('Status').selectOption({ label: 'Pending' });
      await wide.getByLabel('Student username').fill(PAYER.username);
      await wide.getByRole('button', { name: 'Apply Filters' }).click();
      await ledgerTable(wide).getByRole('row').filter({ hasText: intentId }).getByText('Pending', { exact: true }).waitFor();
      await wide.getByRole('button', { name: 'Clear Filters' }).click();
      await ledgerTable(wide).waitFor();

      const dialog = await openDialog(wide, reconcileButton(wide), 'Reconcile with Stripe');
      await runReconcile(dialog, daysAgo(1), today()); // yesterday too: a run may cross midnight
      await dialog.getByRole('heading', { name: 'Repaired (1)' }).waitFor();
      const rows = dialog.getByRole('table', { name: 'Repairs' }).getByRole('row');
      await expect(rows.count()).resolves.toBe(2);
      const repair = rows.nth(1);
      await expect(repair.getByRole('cell').allTextContents()).resolves.toEqual([intentId, PAYER.username, expect.stringMatching(/^Payment recorded/), '$100.00']);
      await expect(repair.getByRole('link', { name: new RegExp(intentId) }).getAttribute('href')).resolves.toMatch(
        new RegExp(`^https://dashboard\\.stripe\\.com/(test/)?payments/${intentId}$`),
      );
      await audit(wide, 1280, 'finance-reconcile', 'repaired');
      await closeDialog(wide, dialog, reconcileButton(wide));
      // The ledger reloaded by itself: the payment is there now, as Succeeded.
      await ledgerTable(wide).getByRole('row').filter({ hasText: intentId }).getByText('Succeeded', { exact: true }).waitFor();

      // Again, on a phone: nothing left to repair.
      const narrow = s.pages[375];
      const again = await openReconcile(narrow);
      await runReconcile(again, daysAgo(1), today());
      await again.getByText('Everything matches Stripe.').or(again.getByText('Nothing needed repairing.')).first().waitFor();
      await expect(again.getByRole('table', { name: 'Repairs' }).count()).resolves.toBe(0);
      await audit(narrow, 375, 'finance-reconcile', 'nothing-to-repair');
      await closeDialog(narrow, again, reconcileButton(narrow));
    });
  });
});
