/**
 * "Checkout that cannot mislead", as a student meets it, at 1280 and 375 px, against the
 * real local stack and its Stripe sandbox:
 *  (a) Pay Bill twice (quantity 2): the cart flags it, the checkout explains it before opening any
 *      payment, and one click leads to paying exactly what was owed;
 *  (b) a part of the balance is paid, and the dashboard's balance drops by exactly that;
 *  (c) two tabs: the checkout opened last replaces the first; paying in the first says so (nothing
 *      charged), the second pays, and the first's Reload then finds nothing left to pay;
 *  (d) opening the checkout and leaving without paying leaves no "Pending" (or "Canceled") row.
 * Each journey uses a fresh student made through the admin API (support/students.ts), so the demo
 * students' balances stay as seeded for the other suites. The new states (a line above what is owed,
 * a refused amount, the checkout's explanation, a replaced checkout) also get audit.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, type TestContext } from 'vitest';
import { audit } from './support/a11y.js';
import { baseUrl, browserPerFile } from './support/browser.js';
import { balance, cardForm, expectBalance, listedPayments, payBill, payByCard, recordIntentRequests } from './support/checkout.js';
import { createFreshStudent, type FreshStudent } from './support/students.js';
import { dataRow } from './support/dataTable.js';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

const file = browserPerFile();

/**
 * A fresh student owing `amount` on Phlebotomy, signed in on a page at `viewport` that starts as a new context's
 * would, for one test (support/browser.ts warmPage; its own hook and `expect`: the two widths run side by side).
 */
async function studentOwing(
  onTestFinished: TestContext['onTestFinished'],
  prefix: string,
  amount: string,
  viewport: (typeof WIDTHS)[number],
): Promise<{ student: FreshStudent; page: Page }> {
  const student = await createFreshStudent(prefix, { programName: 'Phlebotomy', amount, nextDueDate: '2026-12-15' });
  const page = await file.warmPage(onTestFinished, { userInfo: JSON.stringify(student.user) }, { viewport, reducedMotion: 'reduce' });
  await page.goto(`${baseUrl()}/Dashboard`);
  await balance(page).waitFor();
  expect(await balance(page).textContent()).toBe(`$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  return { student, page };
}

const cartLine = (page: Page) => page.getByRole('listitem', { name: 'Phlebotomy' });

/** The accessibility checks (axe, small screen, a screenshot in test/e2e/screenshots) on one of states. */
const auditState = (page: Page, viewport: (typeof WIDTHS)[number], screen: string, state: string) => audit(page, viewport.width, screen, state);

// The journeys run side by side, at both widths (each has a student of its own): much of a journey is waiting
// (the sandbox's webhook, the redirect 3 s after a payment).
describe.each(WIDTHS)('checkout that cannot mislead at $width px', { concurrent: true }, (viewport) => {
  it('(a) Pay Bill twice: the checkout explains before opening any payment, and one click pays exactly what was owed', { timeout: 120_000 }, async ({ expect, onTestFinished }) => {
    const { page } = await studentOwing(onTestFinished, 'qty', '900.00', viewport);
    const intents = recordIntentRequests(page);
    await payBill(page);
    await payBill(page);
    await page.getByRole('link', { name: 'Cart (2 items) - $1,800.00' }).waitFor();

    // The cart already flags it, with its own fix (not used here: the checkout must say it too).
    await cartLine(page).getByText('Phlebotomy: your cart asks for $1,800.00 (2 × $900.00), but you owe $900.00.').waitFor();
    await cartLine(page).getByRole('button', { name: 'Pay $900.00 instead' }).waitFor();
    await auditState(page, viewport, 'cart', 'more-than-owed');

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    const notice = page.getByRole('alert').filter({ hasText: 'Your cart asks for more than you owe' });
    await notice.getByText('Phlebotomy: your cart asks for $1,800.00 (2 × $900.00), but you owe $900.00.').waitFor();
    await notice.getByText(/Nothing has been charged\./).waitFor();
    await expect(page.getByText(/items\.\d+\./).count()).resolves.toBe(0);
    await expect(cardForm(page).count()).resolves.toBe(0);
    expect(intents).toEqual([]);
    await auditState(page, viewport, 'checkout', 'more-than-owed');

    await notice.getByRole('button', { name: 'Fix my cart' }).click();
    await page.getByRole('link', { name: 'Cart (1 items) - $900.00' }).waitFor();
    await cardForm(page).getByRole('button', { name: 'Pay $900.00' }).waitFor();
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ totalCost: 900, items: [{ program_type: 'certificate', amount: 900 }] });
    await payByCard(page, '$900.00');
    await page.getByText('Payment Successful!', { exact: true }).waitFor();
    await page.waitForURL(/\/Dashboard$/, { timeout: 10_000 });

    await expectBalance(page, '$0.00');
    await page.goto(`${baseUrl()}/payments`);
    const row = dataRow(page, 'Payments', '$900.00');
    await row.getByText('Succeeded').waitFor();
    await expect(dataRow(page, 'Payments', /Pending|Canceled|Failed/).count()).resolves.toBe(0);
  });

  it('(b) a part of the balance is paid, and the dashboard balance drops by exactly that', { timeout: 120_000 }, async ({ expect, onTestFinished }) => {
    const { page } = await studentOwing(onTestFinished, 'part', '1000.00', viewport);
    await payBill(page);
    const amount = cartLine(page).getByLabel('Amount to pay');
    await expect(amount.inputValue()).resolves.toBe('1000.00');
    await cartLine(page).getByText('You owe $1,000.00 for this program. Pay all of it or part of it (at least $1.00).').waitFor();

    // Plain sentences for what cannot be paid; the checkout waits until the amount is right.
    await amount.fill('1000.01');
    await cartLine(page).getByRole('alert').filter({ hasText: 'You owe $1,000.00 for Phlebotomy; enter at most that' }).waitFor();
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).resolves.toBe(true);
    await amount.fill('0.99');
    await cartLine(page).getByRole('alert').filter({ hasText: 'Enter an amount of at least $1.00' }).waitFor();
    await auditState(page, viewport, 'cart', 'amount-refused');

    await amount.fill('250.50');
    await expect(cartLine(page).getByLabel('Amount for Phlebotomy').textContent()).resolves.toBe('$250.50');
    await page.getByRole('link', { name: 'Cart (1 items) - $250.50' }).waitFor();
    await auditState(page, viewport, 'cart', 'part-payment');
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await payByCard(page, '$250.50');
    await page.getByText('Payment Successful!', { exact: true }).waitFor();
    await page.waitForURL(/\/Dashboard$/, { timeout: 10_000 });

    await expectBalance(page, '$749.50');
    await page.goto(`${baseUrl()}/payments`);
    await dataRow(page, 'Payments', '$250.50').getByText('Succeeded').waitFor();
  });

  it('(c) two tabs: the older checkout is replaced (nothing charged), the newer pays', { timeout: 150_000 }, async ({ expect, onTestFinished }) => {
    const { student, page: tabA } = await studentOwing(onTestFinished, 'tabs', '500.00', viewport);
    await payBill(tabA);
    await tabA.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await cardForm(tabA).getByRole('button', { name: 'Pay $500.00' }).waitFor();

    // Tab B (same browser, so the same stored cart) opens its checkout afterwards: it replaces A's.
    const tabB = await tabA.context().newPage();
    await tabB.goto(`${baseUrl()}/checkout`);
    await cardForm(tabB).getByRole('button', { name: 'Pay $500.00' }).waitFor();

    await tabA.bringToFront();
    await payByCard(tabA, '$500.00');
    const replaced = tabA.getByRole('alert').filter({
      hasText: 'This checkout was replaced by a newer one, opened in another tab or window. Nothing was charged.',
    });
    // Either it says it was replaced, or (the bug this guards against) the old tab's checkout could still pay.
    const outcome = await Promise.race([
      replaced.waitFor().then(
        () => 'replaced',
        () => 'nothing shown',
      ),
      tabA
        .getByText('Payment Successful!', { exact: true })
        .waitFor()
        .then(
          () => 'paid by the older tab',
          () => 'nothing shown',
        ),
    ]);
    expect(outcome, 'opening the checkout in tab B must cancel the one tab A opened before').toBe('replaced');
    await expect(tabA.getByText('Payment Successful!', { exact: true }).count()).resolves.toBe(0);
    await expect(tabA.getByText(/cannot confirm this PaymentIntent/).count()).resolves.toBe(0);
    await auditState(tabA, viewport, 'checkout', 'replaced');

    await tabB.bringToFront();
    await payByCard(tabB, '$500.00');
    await tabB.getByText('Payment Successful!', { exact: true }).waitFor();
    await expectBalance(tabB, '$0.00');

    // Back in A, Reload starts a new checkout, which reads the balance afresh: nothing is left to pay.
    await tabA.bringToFront();
    await replaced.getByRole('button', { name: 'Reload' }).click();
    await tabA.getByText('Phlebotomy: you owe nothing on this program now, so there is nothing to pay.').waitFor();
    await tabA.getByRole('button', { name: 'Fix my cart' }).click();
    await tabA.waitForURL(/\/cart$/);
    await tabA.getByText('Your cart is empty').waitFor();

    // Exactly one payment moved money; the replaced checkout is nowhere in the student's list.
    const listed = await listedPayments(student.user.token, student.username);
    expect(listed.map((p) => [p.status, p.amount])).toEqual([['succeeded', 500]]);
  });

  it('(d) opening the checkout and leaving without paying leaves no Pending row', { timeout: 120_000 }, async ({ expect, onTestFinished }) => {
    const { student, page } = await studentOwing(onTestFinished, 'leave', '300.00', viewport);
    const intents = recordIntentRequests(page);
    await payBill(page);
    // Twice: the second visit replaces the first (canceled), the second is left open (pending).
    for (let visit = 1; visit <= 2; visit += 1) {
      await page.goto(`${baseUrl()}/checkout`);
      await cardForm(page).getByRole('button', { name: 'Pay $300.00' }).waitFor();
      expect(intents).toHaveLength(visit);
    }
    const keys = new Set(intents.map((body) => body.idempotency_key));
    expect(keys.size).toBe(2); // one key per visit

    await page.goto(`${baseUrl()}/payments`);
    await page.getByRole('heading', { level: 1, name: 'Payment History' }).waitFor();
    await page.getByText('No payments yet.').waitFor();
    await expect(page.getByText(/^(Pending|Canceled)$/).count()).resolves.toBe(0);
    await expect(listedPayments(student.user.token, student.username)).resolves.toEqual([]);

    // The dashboard still owes it all.
    await expectBalance(page, '$300.00', 5_000);
  });
});
