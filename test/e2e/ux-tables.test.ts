/**
 * "tables at any width": every screen with a table, at 1280 and 375 px. Each row action's box
 * (and each table's or card's box) is measured against the viewport: no action off-screen at either
 * width; at 1280 the table is a <table> whose container does not scroll sideways, at 375 it is a list
 * of cards, each inside the screen. Screenshots (E2E_SCREENSHOTS=1): test/e2e/screenshots/after-*.png (the before-* ones
 * were taken before the change).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { atBothWidths, openPages, saveScreenshot, visit, type Pages, type Width } from './support/a11y.js';
import { launchBrowser } from './support/browser.js';
import { dataRows, dataTable } from './support/dataTable.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A page per width signed in as `user`, for one describe block. */
function pagesFor(user: { username: string; password: string }) {
  const held = { pages: {} as Pages, close: async (): Promise<unknown> => undefined };
  beforeAll(async () => Object.assign(held, await openPages(browser, user)));
  afterAll(() => held.close());
  return held;
}

interface Box {
  what: string;
  left: number;
  right: number;
  width: number;
}
interface Measured {
  kind: 'table' | 'cards' | 'missing';
  container: Box & { scrollWidth: number; clientWidth: number; contentWidth: number };
  cards: Box[];
  actions: Box[];
  viewport: number;
}

/** The table (or list of cards) named `name`: its container's box and scroll sizes, its cards' and its row actions' boxes. */
function measure(page: Page, name: string): Promise<Measured> {
  return page.evaluate((label) => {
    const box = (el: Element, what: string) => {
      const r = el.getBoundingClientRect();
      return { what, left: r.left, right: r.right, width: r.width };
    };
    const named = [...document.querySelectorAll('table[aria-label], ul[aria-label]')].find((el) => el.getAttribute('aria-label') === label);
    const viewport = window.innerWidth;
    if (!named)
      return { kind: 'missing', container: { what: '', left: 0, right: 0, width: 0, scrollWidth: 0, clientWidth: 0, contentWidth: 0 }, cards: [], actions: [], viewport } as const;
    const isTable = named.tagName === 'TABLE';
    const container = isTable ? (named.closest('[role="region"]') ?? named) : named;
    const rows = [...named.querySelectorAll(isTable ? ':scope > tbody > tr' : ':scope > li')];
    const actions = rows.flatMap((row) =>
      // Shown ones: a link folded under a card's "More details" is not a row action.
      [...row.querySelectorAll('button, a')].filter((el) => el.getClientRects().length > 0).map((el) => box(el, el.getAttribute('aria-label') ?? el.textContent ?? el.tagName)),
    );
    return {
      kind: isTable ? 'table' : 'cards',
      container: { ...box(container, label), scrollWidth: container.scrollWidth, clientWidth: container.clientWidth, contentWidth: named.getBoundingClientRect().width },
      cards: isTable ? [] : rows.map((row, i) => box(row, `card ${i + 1}`)),
      actions,
      viewport,
    } as const;
  }, name);
}

/** The checks of one table at one width; returns what is wrong (empty when all is well). */
async function tableProblems(page: Page, width: Width, name: string, minActions = 1): Promise<string[]> {
  // Loaded: the rows' actions are there, or (tables without actions) no row says it is loading.
  if (minActions > 0) await dataRows(page, name).locator('button:visible, a:visible').first().waitFor();
  else
    await dataRows(page, name)
      .filter({ hasNotText: /^Loading/ })
      .first()
      .waitFor();
  const m = await measure(page, name);
  const problems: string[] = [];
  const out = (b: Box) => b.left < -1 || b.right > m.viewport + 1 || b.width <= 0;
  if (m.kind === 'missing') return [`"${name}" not found`];
  if (m.kind !== (width === 1280 ? 'table' : 'cards')) problems.push(`"${name}" is ${m.kind} at ${width} px`);
  if (m.actions.length < minActions) problems.push(`"${name}" has ${m.actions.length} actions, expected at least ${minActions}`);
  for (const action of m.actions)
    if (out(action)) problems.push(`"${name}": action "${action.what}" at ${Math.round(action.left)}..${Math.round(action.right)} is off-screen (viewport ${m.viewport})`);
  if (out(m.container)) problems.push(`"${name}" spans ${Math.round(m.container.left)}..${Math.round(m.container.right)}, past the viewport ${m.viewport}`);
  for (const card of m.cards) if (out(card)) problems.push(`"${name}": ${card.what} spans ${Math.round(card.left)}..${Math.round(card.right)}, past the viewport ${m.viewport}`);
  if (width === 1280) {
    // scrollWidth is rounded up from the table's fractional width: a sub-pixel remainder is not a sideways scroll.
    if (m.container.scrollWidth > m.container.clientWidth && m.container.contentWidth > m.container.clientWidth + 0.99)
      problems.push(`"${name}" scrolls sideways at 1280: scrollWidth ${m.container.scrollWidth} (table ${m.container.contentWidth}) > clientWidth ${m.container.clientWidth}`);
    for (const action of m.actions) if (action.right > m.container.right + 1) problems.push(`"${name}": action "${action.what}" is cut off by its container`);
  }
  return problems;
}

async function expectFits(page: Page, width: Width, name: string, minActions = 1) {
  const problems = await tableProblems(page, width, name, minActions);
  if (problems.length > 0) throw new Error(`${name} at ${width} px:\n  ${problems.join('\n  ')}`);
}

const shoot = (page: Page, name: string, width: Width) => saveScreenshot(page, `after-${name}-${width}`);

// The describe blocks of the three people (each with pages of their own) run side by side, their tests one after
// another; each test asserts with its own `expect` (the context's), as expect.poll needs.
describe('tables at any width', { timeout: 180_000 }, () => {
  describe('student', { concurrent: true }, () => {
    const s = pagesFor({ username: 'student', password: 'Student!2345' });

    it('schedule editor with a course added, Payment History, My Documents', async () => {
      await atBothWidths(s.pages, async (page, width) => {
        await visit(page, '/course-schedule-editor', (p) => p.getByRole('heading', { level: 1, name: 'Course Schedule Editor' }));
        await page.getByRole('button', { name: 'Add Course' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add New Course' });
        await dialog.getByLabel('Course Code').fill('NUR-101');
        await dialog.getByLabel('Course Name').fill('Fundamentals of Nursing');
        await dialog.getByRole('button', { name: 'Add Course', exact: true }).click();
        await page.getByRole('button', { name: 'Delete NUR-101' }).waitFor();
        await expectFits(page, width, 'Course schedule', 2);

        await visit(page, '/payments', (p) => dataTable(p, 'Payments'));
        await expectFits(page, width, 'Payments');
        await shoot(page, 'payments-loaded', width);

        await visit(page, '/documents', (p) => dataTable(p, 'My documents'));
        await expectFits(page, width, 'My documents', 2);
      });
    });
  });

  describe('staff', { concurrent: true }, () => {
    const s = pagesFor({ username: 'staff', password: 'Staff!2345' });

    it('Document Management, General Resources', async () => {
      await atBothWidths(s.pages, async (page, width) => {
        await visit(page, '/documents', (p) => dataRows(p, 'Individual Students'));
        await expectFits(page, width, 'Individual Students', 3);
        await page.getByRole('tab', { name: /^General Resources/ }).click();
        await expectFits(page, width, 'General Resources', 3);
        await shoot(page, 'documents-general', width);
      });
    });
  });

  describe('admin', { concurrent: true }, () => {
    const s = pagesFor({ username: 'admin', password: 'Admin!2345' });

    it.sequential('Admin Panel: Documents (the default view) and Students; a student record', async ({ expect }) => {
      await atBothWidths(s.pages, async (page, width) => {
        await visit(page, '/admin', (p) => dataRows(p, 'Individual Students'));
        await expectFits(page, width, 'Individual Students', 3);
        if (width === 1280) {
          // The complaint: Status and Actions were cut off; both headers are now inside the container.
          for (const header of ['Status', 'Actions']) await expect.poll(() => page.getByRole('columnheader', { name: header, exact: true }).isVisible()).toBe(true);
        }
        await shoot(page, 'admin-documents', width);

        await visit(page, '/admin?view=students', (p) => p.getByRole('link', { name: /^Open record of / }));
        await expectFits(page, width, 'Students');

        await visit(page, '/admin?view=students&student=student', (p) => dataRows(p, 'Ledger'));
        for (const name of ['Ledger', 'Enrollments']) await expectFits(page, width, name, 0);
      });
    });

    it.sequential('Course Manager, Cohort Management, a roster and its student dialog', async ({ expect }) => {
      await atBothWidths(s.pages, async (page, width) => {
        await visit(page, '/course-manager', (p) => p.getByRole('button', { name: /^Delete / }));
        await expectFits(page, width, 'Courses', 2);
        await shoot(page, 'course-manager-loaded', width);

        await visit(page, '/cohort-management', (p) => p.getByRole('link', { name: /^View details of / }));
        await expectFits(page, width, 'Cohorts', 3);

        await visit(page, '/cohort-management/cohort-2025-cert-1', (p) => p.getByRole('button', { name: /^View details of / }));
        await expectFits(page, width, 'Student Roster');
        await page.getByRole('button', { name: 'View details of Maria Lopez' }).click();
        const dialog = page.getByRole('dialog', { name: /^Student Details/ });
        await dialog.getByRole('heading', { name: 'Payment History' }).waitFor();
        // The email and the payment history are inside the screen (they were cut off at 375 px).
        const email = dialog.locator('dd').filter({ hasText: '@' }).first();
        const emailBox = (await email.boundingBox())!;
        expect(emailBox.x + emailBox.width, 'email inside the screen').toBeLessThanOrEqual(width + 1);
        const history = dialog.getByRole('region', { name: 'Payment History' }).or(dialog.locator('section[aria-labelledby="student-section-payment-history"]'));
        const historyBox = (await history.first().boundingBox())!;
        expect(historyBox.x + historyBox.width, 'payment history inside the screen').toBeLessThanOrEqual(width + 1);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      });
    });

    it.sequential('Finance Ledger', async () => {
      await atBothWidths(s.pages, async (page, width) => {
        await visit(page, '/finance', (p) => p.getByRole('button', { name: /^Refund / }));
        await expectFits(page, width, 'Payments ledger');
      });
    });
  });
});
