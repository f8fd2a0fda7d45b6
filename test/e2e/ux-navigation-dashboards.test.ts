/**
 * Navigation by role and role dashboards, at 1280 and 375 px against the real local stack:
 *  - staff reach Document Management and Course Manager from the header (through the menu at 375 px),
 *    finance the Finance Ledger; the admin's collapsed header at 375 px is at most 72 px tall;
 *  - each role's dashboard (student, staff, finance, admin) loads with no console error and no 4xx
 *    API answer (staff roles used to fetch /api/students/<their username>/ and get a 404), and shows
 *    its role's cards;
 *  - the empty cart's Browse Programs lands on the dashboard's My Bill, focused and in view.
 * axe runs on each dashboard and open menu (support/a11y.ts audit), which also saves the screenshots
 * dashboard-<role>-<width>.png and header-menu-<role>-375.png.
 */
import type { Page } from 'playwright-core';
import { describe, it, type TestContext } from 'vitest';
import { STUDENT_PASSWORD, demoStaff } from '../../lib/local/seed/demo-users.js';
import { atBothWidths, audit, WIDTHS, type Pages, type Width } from './support/a11y.js';
import { login } from './support/api.js';
import { baseUrl, browserPerFile } from './support/browser.js';
import { headerLink, openMenuIfCollapsed } from './support/header.js';
import type { UserInfo } from './support/session.js';

type Role = 'student' | 'staff' | 'finance' | 'admin';
const credentials = (role: Role) => (role === 'student' ? { username: 'student', password: STUDENT_PASSWORD } : demoStaff.find((u) => u.username === role)!);

const file = browserPerFile();
/** Each role signs in once for the file; its tests start from that login answer, stored as the SPA stores it. */
const signedIn = new Map<Role, Promise<UserInfo>>();

/** Console errors and 4xx/5xx answers of the API, from the moment this is called. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

/** A page per width signed in as `role`, each starting as a new context's would, for one test (support/browser.ts warmPage). */
async function withRole(onTestFinished: TestContext['onTestFinished'], role: Role, body: (pages: Pages) => Promise<void>) {
  if (!signedIn.has(role)) signedIn.set(role, login(credentials(role).username, credentials(role).password));
  const userInfo = JSON.stringify(await signedIn.get(role));
  const pages = {} as Pages;
  for (const viewport of WIDTHS) pages[viewport.width] = await file.warmPage(onTestFinished, { userInfo }, { viewport, reducedMotion: 'reduce' });
  await body(pages);
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

// The describe blocks run side by side (each test with pages of its own), their tests one after another; each
// test asserts with its own `expect` (the context's), as expect.poll needs.
describe('dashboards by role (no console error, no 4xx)', { concurrent: true, timeout: 120_000 }, () => {
  const cardsOf: Record<Role, string[]> = {
    student: ['My Bill', 'My Registration', 'My Financial Aid'],
    staff: ['Awaiting acknowledgement', 'Recent uploads'],
    finance: ['This month', 'Payments, last 30 days'],
    admin: ['This month', 'Payments, last 30 days', 'Awaiting acknowledgement', 'Recent uploads', 'Cohort health'],
  };
  const absentFrom: Record<Role, string[]> = {
    student: ['This month', 'Awaiting acknowledgement'],
    staff: ['This month', 'Cohort health', 'My Bill'],
    finance: ['Awaiting acknowledgement', 'Cohort health', 'My Bill'],
    admin: ['My Bill'],
  };

  it.sequential.for(['student', 'staff', 'finance', 'admin'] as const)('%s', async (role, { expect, onTestFinished }) => {
    await withRole(onTestFinished, role, (pages) =>
      atBothWidths(pages, async (page, width) => {
        const problems = watchProblems(page);
        await page.goto(`${baseUrl()}/Dashboard`);
        for (const name of cardsOf[role]) await region(page, name).waitFor();
        // the figures have arrived (not only the loading state)
        if (role !== 'student') await page.getByRole('status').filter({ hasText: 'Loading dashboard...' }).waitFor({ state: 'detached' });
        else
          await region(page, 'My Bill')
            .getByText(/^\$5,?700\.00$/)
            .waitFor();
        for (const name of absentFrom[role]) expect(await region(page, name).count(), `${role} sees ${name}`).toBe(0);
        if (role === 'admin' || role === 'finance') await region(page, 'This month').getByText('Net').waitFor();
        if (role !== 'student') await audit(page, width, 'dashboard', role);
        await page.waitForLoadState('networkidle');
        expect(problems).toEqual([]);
      }),
    );
  });
});

describe('header links by role', { concurrent: true, timeout: 120_000 }, () => {
  async function follow(page: Page, link: string, heading: string) {
    await (await headerLink(page, link)).click();
    await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  }

  it.sequential('staff reach Document Management and Course Manager from the header (the menu at 375 px)', async ({ expect, onTestFinished }) => {
    await withRole(onTestFinished, 'staff', (pages) =>
      atBothWidths(pages, async (page, width) => {
        await page.goto(`${baseUrl()}/Dashboard`);
        await region(page, 'Recent uploads').waitFor();
        if (width === 375) {
          expect(await openMenuIfCollapsed(page)).toBe(true);
          await audit(page, width, 'header-menu', 'staff');
          await page.keyboard.press('Escape');
          await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'detached' });
        }
        await follow(page, 'Document Management', 'Document Management');
        expect(new URL(page.url()).pathname).toBe('/documents');
        await follow(page, 'Course Manager', 'Course Management');
        expect(new URL(page.url()).pathname).toBe('/course-manager');
        // the menu closes once a link is followed
        expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
      }),
    );
  });

  it.sequential('finance reach the Finance Ledger from the header', async ({ expect, onTestFinished }) => {
    await withRole(onTestFinished, 'finance', (pages) =>
      atBothWidths(pages, async (page, width) => {
        await page.goto(`${baseUrl()}/Dashboard`);
        await region(page, 'This month').waitFor();
        if (width === 375) {
          expect(await openMenuIfCollapsed(page)).toBe(true);
          await audit(page, width, 'header-menu', 'finance');
        }
        await follow(page, 'Finance Ledger', 'Finance Ledger');
        expect(new URL(page.url()).pathname).toBe('/finance');
      }),
    );
  });

  it.sequential("keeps the admin's spec buttons, and collapses the admin header to at most 72 px at 375 px", async ({ expect, onTestFinished }) => {
    await withRole(onTestFinished, 'admin', (pages) =>
      atBothWidths(pages, async (page, width: Width) => {
        await page.goto(`${baseUrl()}/Dashboard`);
        await region(page, 'Cohort health').waitFor();
        const banner = page.getByRole('banner');
        const height = (await banner.boundingBox())!.height;
        // cart and signed-in line stay in the bar at every width
        await banner.getByText('Signed in as Avery Morgan').waitFor();
        expect(await banner.getByRole('link', { name: /^Cart \(/ }).isVisible()).toBe(true);
        if (width === 375) {
          expect(height).toBeLessThanOrEqual(72);
          await openMenuIfCollapsed(page);
          await audit(page, width, 'header-menu', 'admin');
        }
        const menu = width === 375 ? banner.getByRole('navigation', { name: 'Main menu' }) : banner.getByRole('navigation', { name: 'Main' });
        const labels = await menu.getByRole('link').allTextContents();
        expect(labels.filter((l) => ['Course Manager', 'Cohort Management', 'Admin Panel', 'Dashboard'].includes(l))).toEqual([
          'Course Manager',
          'Cohort Management',
          'Admin Panel',
          'Dashboard',
        ]);
        await (await headerLink(page, 'Cohort Management')).click();
        await page.getByRole('heading', { name: 'Cohort Management', level: 1 }).waitFor();
      }),
    );
  });
});

describe('the empty cart', { concurrent: true, timeout: 120_000 }, () => {
  it("Browse Programs lands on the dashboard's My Bill, focused and in view", async ({ expect, onTestFinished }) => {
    await withRole(onTestFinished, 'student', (pages) =>
      atBothWidths(pages, async (page) => {
        await page.goto(`${baseUrl()}/cart`);
        await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
        await page.getByRole('link', { name: 'Browse Programs' }).click();
        await page.waitForURL(/\/Dashboard#my-bill$/);
        const bill = region(page, 'My Bill');
        await bill.getByRole('button', { name: 'Pay Bill' }).waitFor();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('my-bill');
        const box = (await bill.boundingBox())!;
        const viewport = page.viewportSize()!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeLessThan(viewport.height);
      }),
    );
  });
});
