/**
 * Clinical compliance and placements in the browser, on the seeded demo (lib/local/seed/demo-clinical.ts):
 *  - WCAG 2.1 AA (axe), the small-screen rules and screenshots of every compliance and clinical screen at 1280 and
 *    375 px (support/a11y.ts), each as the person who uses it;
 *  - the coordinator's journey: the Riverside General roster with each student's clearance and its reasons, shared
 *    with the site under an override reason, and the site opening the link signed out at 375 px, where it sees names,
 *    statuses and expiry dates, and nothing else (no reasons, no usernames, no files).
 * Nothing here changes what other browser tests read: a share is a record of its own.
 */
import { describe, it } from 'vitest';
import { accessibilityBrowser, atBothWidths, auditVisit, WIDTHS } from './support/a11y.js';
import { baseUrl, browserPerFile } from './support/browser.js';

const { pagesFor } = accessibilityBrowser('clinical');
const ROSTER = '/rotations/rotation-riverside-medsurg';

describe('Clinical screens, audited at both widths', { timeout: 120_000, concurrent: true }, () => {
  const student = pagesFor({ username: 'student', password: 'Student!2345' });
  const coordinator = pagesFor({ username: 'compliance', password: 'Compliance!2345' });
  const admin = pagesFor({ username: 'admin', password: 'Admin!2345' });
  const site = pagesFor();

  it.sequential('the student: My Compliance, and My Clinicals on the dashboard', async () => {
    await atBothWidths(student.pages, async (page, width) => {
      await auditVisit(page, width, '/compliance', (p) => p.getByRole('region', { name: 'BLS / CPR card' }).getByText('Expiring', { exact: true }), 'my-compliance', 'loaded');
      await auditVisit(page, width, '/Dashboard', (p) => p.getByRole('region', { name: 'My Clinicals' }).getByText('Not cleared'), 'dashboard', 'my-clinicals');
    });
  });

  it.sequential('the coordinator: the review queue, a cohort grid, the rotations and a roster', async () => {
    await atBothWidths(coordinator.pages, async (page, width) => {
      await auditVisit(page, width, '/compliance/review', (p) => p.getByRole('heading', { level: 1, name: 'Compliance Review' }), 'compliance-review', 'loaded');
      await auditVisit(page, width, '/cohorts/cohort-2025-cert-1/compliance', (p) => p.getByText('Khan', { exact: false }), 'cohort-compliance', 'loaded');
      await auditVisit(page, width, '/rotations', (p) => p.getByText('Riverside General Hospital'), 'rotations', 'loaded');
      await auditVisit(page, width, ROSTER, (p) => p.getByText('3 of 4 students are not cleared.'), 'rotation-roster', 'loaded');
    });
  });

  it.sequential('the admin: requirement templates and clinical sites', async () => {
    await atBothWidths(admin.pages, async (page, width) => {
      await auditVisit(page, width, '/admin/compliance/requirements', (p) => p.getByText('Riverside General ID badge'), 'compliance-requirements', 'loaded');
      await auditVisit(page, width, '/admin/clinical-sites', (p) => p.getByText('Lakeside Senior Living'), 'clinical-sites', 'loaded');
    });
  });

  it.sequential('the site: an unknown shared link says so', async () => {
    await atBothWidths(site.pages, async (page, width) => {
      await auditVisit(page, width, `/shared/rosters/${'x'.repeat(43)}`, (p) => p.getByText('This link is not valid'), 'shared-roster', 'not-valid');
    });
  });
});

const browser = browserPerFile();

describe('A roster shared with the clinical site', () => {
  it('shows each clearance with its reasons to the coordinator, and names and statuses only to the site', async ({ expect, onTestFinished }) => {
    const { login } = await import('./support/api.js');
    const coordinatorInfo = await login('compliance', 'Compliance!2345');
    const page = await browser.warmPage(onTestFinished, { userInfo: JSON.stringify(coordinatorInfo) }, { viewport: WIDTHS[0] });
    await page.goto(`${baseUrl()}${ROSTER}`);
    await page.getByText('3 of 4 students are not cleared.').waitFor();
    const roster = page.getByRole('table', { name: 'Roster' });
    const row = (name: string) => roster.getByRole('row').filter({ hasText: name });
    await expect(row('Aisha Khan').getByText('Cleared', { exact: true }).count()).resolves.toBe(1);
    await row('Maria Lopez').getByText('Riverside General ID badge is missing').waitFor();
    await row('Maria Lopez')
      .getByText(/^BLS \/ CPR card expires .*, before the rotation ends /)
      .waitFor();

    // sharing while some are blocked needs the coordinator's reason
    await page.getByRole('button', { name: 'Share with site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share with site' });
    await dialog.getByLabel('Recipient').fill('Monica Reyes, Riverside General');
    await dialog.getByRole('button', { name: 'Share roster' }).click();
    await dialog.getByText('Give a reason to share a roster with students who are not cleared.').waitFor();
    await dialog.getByLabel('Reason to share anyway').fill('The site asked for the list early to print badges; blocked students will not start until cleared.');
    await dialog.getByRole('button', { name: 'Share roster' }).click();
    const shown = page.getByLabel('Link', { exact: true });
    await shown.waitFor();
    const link = await shown.inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl()}/shared/rosters/[A-Za-z0-9_-]{43}$`));

    // the site: signed out, on a phone
    const sitePage = await browser.newPageFor(onTestFinished, { viewport: WIDTHS[1] });
    await sitePage.goto(link);
    const table = sitePage.getByRole('table', { name: 'Students and their requirements' });
    await table.getByText('Khan, Aisha').waitFor();
    await expect(table.getByRole('row').filter({ hasText: 'Khan, Aisha' }).getByText('Cleared', { exact: true }).count()).resolves.toBe(1);
    const text = await sitePage.locator('body').innerText();
    for (const hidden of ['is missing', 'before the rotation ends', 'past due', 'not acknowledged', 'aisha.khan', 'student@', '.pdf']) expect(text).not.toContain(hidden);
    const overflow = await sitePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
