/**
 * Notifications as people use them, at 1280 and 375 px with axe (support/a11y.ts): staff compose an
 * announcement to one student; the student finds it under the bell and in the inbox, and in their
 * mailbox (the SES stand-in's store, /local/mail/store); after choosing "In-app only" for
 * announcements, the next one reaches the inbox and not the mailbox.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityBrowser, atBothWidths, audit, auditVisit, openDialog, visit } from './support/a11y.js';
import { callApi } from './support/api.js';
import { baseUrl } from './support/browser.js';
import { payBill, payByCard } from './support/checkout.js';
import { createFreshStudent } from './support/students.js';

const { pagesFor } = accessibilityBrowser('notifications');

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}

async function mailTo(address: string): Promise<StoredEmail[]> {
  const res = await fetch(`${baseUrl()}/local/mail/store`);
  expect(res.status).toBe(200);
  const { emails } = (await res.json()) as { emails: StoredEmail[] };
  return emails.filter((e) => e.destination.to.includes(address));
}

const student = { username: '', password: '' };
const address = () => `${student.username}@students.example.edu`;
beforeAll(async () => {
  const fresh = await createFreshStudent('notify', { programName: 'Phlebotomy', amount: '150.00', nextDueDate: null });
  student.username = fresh.username;
  student.password = fresh.password;
  // the welcome notice of the new account is read first, so the bell counts only what these tests send
  const token = String(fresh.user.token);
  for (let tries = 0; (await callApi(token, 'GET', '/api/notifications/')).body?.results?.length !== 1; tries++) {
    if (tries > 100) throw new Error('the welcome notice did not arrive');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if ((await callApi(token, 'POST', '/api/notifications/read-all/')).status !== 200) throw new Error('read-all failed');
}, 60_000);

async function announce(page: Page, subject: string, body: string) {
  await visit(page, '/admin/announcements', (p) => p.getByRole('heading', { level: 1, name: 'Announcements' }));
  const dialog = await openDialog(page, page.getByRole('button', { name: 'New Announcement' }), 'New Announcement');
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill(body);
  await dialog.getByLabel('Audience').selectOption({ label: 'Individual students' });
  // the picker searches as staff type: the student is chosen from its matches, by keyboard
  await dialog.getByLabel('Students').fill(student.username);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(student.username) })
    .waitFor();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Announcement sent' }).waitFor();
  await page.getByRole('row').filter({ hasText: subject }).first().waitFor();
}

describe('announcements and the inbox', { timeout: 180_000 }, () => {
  const staff = pagesFor({ username: 'staff', password: 'Staff!2345' });
  const mine = pagesFor(student);

  it('staff: the list and the composer, with its refusals, pass axe at both widths', async () => {
    await atBothWidths(staff.pages, async (page, width) => {
      await auditVisit(page, width, '/admin/announcements', (p) => p.getByRole('heading', { level: 1, name: 'Announcements' }), 'announcements', 'loaded');
      const dialog = await openDialog(page, page.getByRole('button', { name: 'New Announcement' }), 'New Announcement');
      await dialog.getByLabel('Message').fill('**Bring** your badge\n- <script>alert(1)</script>');
      // the preview renders the formatting and shows markup as text
      await dialog.getByText('Bring', { exact: true }).waitFor();
      await dialog.getByText('<script>alert(1)</script>', { exact: true }).waitFor();
      await audit(page, width, 'announcements', 'composer');
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      await dialog
        .getByText(/Subject/)
        .filter({ hasText: /required/i })
        .first()
        .waitFor();
      await audit(page, width, 'announcements', 'composer-errors');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });
  });

  it('an announcement reaches the student: the email, the bell, the inbox; marking it read clears the bell', async () => {
    const subject = `Clinical orientation ${student.username}`;
    await announce(staff.pages[1280], subject, 'Orientation is on **Friday** at 8 am.\n\n- Bring your badge');
    await expect.poll(async () => (await mailTo(address())).map((m) => m.subject), { timeout: 20_000 }).toContain(subject);
    const [email] = (await mailTo(address())).filter((m) => m.subject === subject);
    expect(email!.body.html).toContain('<strong>Friday</strong>');

    await atBothWidths(mine.pages, async (page, width) => {
      await visit(page, '/Dashboard', (p) => p.getByRole('button', { name: 'Notifications, 1 unread' }));
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      const menu = page.getByRole('menu', { name: 'Latest notifications' });
      await menu.getByText(subject).waitFor();
      await audit(page, width, 'notifications', 'bell-menu');
      await page.keyboard.press('Escape');
      await auditVisit(page, width, '/notifications', (p) => p.getByText(subject).first(), 'notifications', 'inbox');
    });

    const page = mine.pages[1280];
    await page.getByText(subject).first().click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await mine.pages[375].reload();
    await mine.pages[375].getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });

  it('a payment in the browser: the receipt in the inbox and by email, with no amount in the email', async () => {
    const page = mine.pages[1280];
    await payBill(page);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await payByCard(page, '$150.00');
    await page.getByText('Payment Successful!', { exact: true }).waitFor();
    await expect.poll(async () => (await mailTo(address())).filter((m) => m.subject === 'Payment received').length, { timeout: 20_000 }).toBe(1);
    const [receipt] = (await mailTo(address())).filter((m) => m.subject === 'Payment received');
    expect(receipt!.body.text).toMatch(/\/payments\/pi_\w+\/receipt/);
    expect(receipt!.body.text).not.toContain('150');
    await visit(page, '/notifications', (p) => p.getByRole('button', { name: 'Payment received' }));
    await expect(page.getByText('Your payment of $150.00 was received. Thank you.').count()).resolves.toBe(1);
  });

  it('"In-app only" for announcements: the next one is in the inbox and not in the mailbox', async () => {
    const page = mine.pages[1280];
    await visit(page, '/notifications', (p) => p.getByRole('button', { name: 'Save preferences' }));
    await page.getByRole('radiogroup', { name: 'Announcements' }).getByLabel('In-app only').check();
    await expect(page.getByRole('radiogroup', { name: 'Billing' }).getByLabel('In-app only').isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByRole('alert').filter({ hasText: 'Email preferences saved' }).waitFor();
    await audit(page, 1280, 'notifications', 'preferences-saved');

    const emailsBefore = (await mailTo(address())).length;
    const subject = `Flu clinic ${student.username}`;
    await announce(staff.pages[1280], subject, 'Flu shots in room 101.');
    await visit(page, '/notifications', (p) => p.getByText(subject).first());
    // the queue has delivered the notice; had it been emailed, that send came first
    expect(await mailTo(address())).toHaveLength(emailsBefore);
  });
});
