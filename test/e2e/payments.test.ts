/**
 * Spec: Cart, Checkout; payments the server can prove. The demo student pays part of the bill
 * with Stripe's test card through the local Stripe sandbox; the balance changes only once the sandbox's
 * webhook reaches the server. A declined card changes nothing. Finance sees the payment and exports CSV;
 * an admin then refunds it, which also gives the other browser tests back the seeded balance.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, freshPagePerTest, signInToDashboard } from './support/browser.js';

const session = freshPagePerTest({ acceptDownloads: true });
let page: Page;
beforeEach(() => {
  page = session.page;
});

/** The payment made by the paying test and the balance before it, for the later tests. */
let paidIntentId = '';
let balanceBeforePayment = '';

const bill = () => page.getByRole('region', { name: 'My Bill' });
const balance = () => bill().getByText('Balance', { exact: true }).locator('xpath=following-sibling::*[1]');
const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

/** Pay Bill on the dashboard, keep only Nursing Assistant in the cart, and open the checkout. */
async function checkoutNursingAssistant() {
  await bill().getByRole('button', { name: 'Pay Bill' }).click();
  await page.waitForURL(/\/cart$/);
  await page.getByRole('button', { name: 'Remove Patient Care Technician' }).click();
  await page.getByRole('link', { name: 'Cart (1 items) - $1,500.00' }).waitFor();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/checkout$/);
}

async function payWith(cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Postal code').fill('02139');
  await page.getByRole('button', { name: 'Pay $1,500.00' }).click();
}

describe('paying the bill by card (local Stripe sandbox)', () => {
  it('a declined card shows "Your card was declined." and changes nothing', async () => {
    await signInToDashboard(page, 'student', 'Student!2345');
    await balance().waitFor();
    const before = await balance().textContent();
    await checkoutNursingAssistant();
    await payWith('4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await expect(page.getByText('Payment Successful!', { exact: true }).count()).resolves.toBe(0);

    await page.goto(`${baseUrl()}/Dashboard`);
    await balance().waitFor();
    await expect(balance().textContent()).resolves.toBe(before);
    // The cart is kept for another try.
    await page.getByRole('link', { name: 'Cart (1 items) - $1,500.00' }).waitFor();
  });

  it('the demo student pays Nursing Assistant with 4242 4242 4242 4242 and sees the new balance after the webhook', async () => {
    await signInToDashboard(page, 'student', 'Student!2345');
    await balance().waitFor();
    balanceBeforePayment = (await balance().textContent()) ?? '';
    const before = dollars(balanceBeforePayment);
    expect(before).toBeGreaterThanOrEqual(1500);
    await checkoutNursingAssistant();
    await page.getByRole('note').filter({ hasText: 'Secure payment' }).waitFor();
    await payWith('4242 4242 4242 4242');

    await page.getByText('Payment Successful!', { exact: true }).waitFor();
    await page.getByText('Redirecting to dashboard in a moment...').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Payment successful! Your payment has been processed.' }).waitFor();
    await page.getByRole('link', { name: 'Cart (0 items) - $0.00' }).waitFor();
    await page.waitForURL(/\/Dashboard$/, { timeout: 10_000 });
    // The balance follows the webhook, which the sandbox sends within a moment; the dashboard refetches.
    await expect
      .poll(() => balance().textContent(), { timeout: 20_000 })
      .toBe(`$${(before - 1500).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

    // The payment history lists it with a receipt.
    await page.getByRole('link', { name: 'Payment History' }).click();
    const row = page.getByRole('row').filter({ hasText: '$1,500.00' }).filter({ hasText: 'Succeeded' }).first();
    await row.waitFor();
    paidIntentId = (await row.getByText(/^pi_/).textContent()) ?? '';
    expect(paidIntentId).toMatch(/^pi_/);
    await row.getByRole('link', { name: /^View receipt of / }).click();
    const receipt = page.getByRole('article', { name: 'Payment Receipt' });
    await receipt.getByText('Nursing Assistant').waitFor();
    await expect(receipt.getByText('Stripe reference').locator('xpath=following-sibling::dd[1]').textContent()).resolves.toBe(paidIntentId);
    await page.getByRole('button', { name: 'Print' }).waitFor();
  });
});

describe('finance ledger', () => {
  it('finance sees the payment, linked to Stripe, and exports the ledger as CSV', async () => {
    expect(paidIntentId).not.toBe('');
    await signInToDashboard(page, 'finance', 'Finance!2345');
    await page.getByRole('link', { name: 'Finance Ledger' }).click();
    await page.waitForURL(/\/finance$/);
    const row = page.getByRole('row').filter({ hasText: paidIntentId });
    await row.waitFor();
    await row.getByText('Succeeded').waitFor();
    const link = row.getByRole('link', { name: new RegExp(paidIntentId) });
    await expect(link.getAttribute('href')).resolves.toMatch(new RegExp(`^https://dashboard\\.stripe\\.com/(test/)?payments/${paidIntentId}$`));
    // Finance staff cannot refund.
    await expect(row.getByRole('button', { name: /^Refund/ }).count()).resolves.toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('Date,Payment ID,Username,Student,Programs,Amount,Refunded,Status,Method,Stripe Reference,Excess Refund');
    const line = csv.split(/\r?\n/).find((l) => l.includes(paidIntentId));
    expect(line).toContain(',student,');
    expect(line).toContain('1500.00');
  });

  it('a student cannot open the ledger', async () => {
    await signInToDashboard(page, 'student', 'Student!2345');
    await page.goto(`${baseUrl()}/finance`);
    await page.getByText('You do not have finance privileges to access this area.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/Dashboard');
  });

  it('an admin refunds the payment; it shows once Stripe confirms it, and the balance is back', async () => {
    expect(paidIntentId).not.toBe('');
    await signInToDashboard(page, 'admin', 'Admin!2345');
    await page.getByRole('link', { name: 'Finance Ledger' }).click();
    const row = page.getByRole('row').filter({ hasText: paidIntentId });
    await row.getByRole('button', { name: `Refund ${paidIntentId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog.getByLabel('Amount to refund ($)').inputValue()).resolves.toBe('1500.00');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    // the notice says "requested" until the page sees the refund land, which can be at its first look
    await page.getByText(/requested\. It will appear here once Stripe confirms it\.$|confirmed by Stripe and recorded\.$/).waitFor();

    // The refund lands through the webhook: refresh until the row says so.
    const refunded = row.getByText('Refunded', { exact: true });
    for (let attempt = 0; attempt < 20 && (await refunded.count()) === 0; attempt += 1) {
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: 'Refresh' }).click();
    }
    await refunded.waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await signInToDashboard(page, 'student', 'Student!2345');
    await expect.poll(() => balance().textContent(), { timeout: 20_000 }).toBe(balanceBeforePayment);
  });
});
