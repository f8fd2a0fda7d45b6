/** The Audit log screen — real stack (DynamoDB Local, cognito-local), headless Chromium. */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { login } from './support/api.js';
import { baseUrl, freshPagePerTest, signInToDashboard } from './support/browser.js';

const session = freshPagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});

/** The course's id, as the API knows it (the Audit screen names a course by name and CRN, not by it). */
async function courseIdOf(crn: string): Promise<string> {
  const { token } = await login('admin', 'Admin!2345');
  const res = await fetch(`${baseUrl()}/api/courses/?name=algebra`, { headers: { authorization: `Bearer ${token}` } });
  const course = ((await res.json()) as Array<{ id: string; CRN: string }>).find((c) => c.CRN === crn);
  if (!course) throw new Error(`course ${crn} not found`);
  return course.id;
}

const auditRows = () => page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
const rowTexts = async () => await auditRows().evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent)));

async function filterAudit(filters: { user?: string; action?: string }) {
  const form = page.getByRole('search', { name: 'Filter audit log' });
  await form.getByLabel('User').fill(filters.user ?? '');
  await form.getByLabel('Action').selectOption(filters.action ?? '');
  const answered = page.waitForResponse((res) => res.url().includes('/api/audit/') && res.request().method() === 'GET');
  await form.getByRole('button', { name: 'Apply Filters' }).click();
  expect((await answered).status()).toBe(200);
}

describe('Audit log', () => {
  it('shows the admin who created a course and who read a student record, filtered by user and by action', { timeout: 180_000 }, async () => {
    await signInToDashboard(page, 'admin', 'Admin!2345');

    // a change: a new course
    const crn = `AUD-${Date.now().toString(36).toUpperCase()}`;
    await page.getByRole('banner').getByRole('link', { name: 'Course Manager', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Course Management' }).waitFor();
    await page.getByRole('button', { name: 'Add New Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Course' });
    await dialog.getByLabel('Course Name').selectOption('Algebra');
    await dialog.getByLabel('CRN').fill(crn);
    await dialog.getByLabel('Credit Hours').fill('3');
    await dialog.getByRole('button', { name: 'Create Course' }).click();
    await dialog.waitFor({ state: 'detached' });
    const courseId = await courseIdOf(crn);

    // a read of another person's student record
    await page.goto(`${baseUrl()}/admin?view=students&student=ben.nguyen`);
    await page.getByRole('heading', { level: 2, name: 'Ben Nguyen' }).waitFor();

    // the Audit screen, from the admin menu
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('button', { name: 'Audit log' }).click();
    await page.waitForURL(/\/admin\?view=audit$/);
    await page.getByRole('heading', { level: 2, name: 'Audit log' }).waitFor();
    await auditRows().first().waitFor();

    // by user: both, the read after the change (newest first)
    await filterAudit({ user: 'admin' });
    await expect.poll(async () => (await rowTexts()).every(([user]) => user === 'admin')).toBe(true);
    const byAdmin = await rowTexts();
    const readAt = byAdmin.findIndex(([, action, subject]) => action === 'student.read' && subject === 'student Ben Nguyen (ben.nguyen)');
    const createdAt = byAdmin.findIndex(([, action, subject]) => action === 'course.create' && subject === `course Algebra (${crn})`);
    expect(readAt).toBeGreaterThanOrEqual(0);
    expect(createdAt).toBeGreaterThan(readAt);

    // by action: only that action, ours first
    await filterAudit({ user: 'admin', action: 'course.create' });
    await expect.poll(async () => (await rowTexts())[0]).toEqual(['admin', 'course.create', `course Algebra (${crn})`]);
    expect(JSON.stringify(await rowTexts())).not.toContain(courseId);
    expect((await rowTexts()).every(([, action]) => action === 'course.create')).toBe(true);

    await filterAudit({ action: 'student.read' });
    await expect.poll(async () => (await rowTexts())[0]).toEqual(['admin', 'student.read', 'student Ben Nguyen (ben.nguyen)']);
    expect((await rowTexts()).every(([, action]) => action === 'student.read')).toBe(true);

    // another user's filter does not show the admin's entries
    await filterAudit({ user: 'finance', action: 'course.create' });
    await page.getByText('No audit entries found for these filters.').waitFor();
  });

  it('refuses staff, and no method but GET reaches the log', async () => {
    const { token } = await login('staff', 'Staff!2345');
    const res = await fetch(`${baseUrl()}/api/audit/`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    const admin = await login('admin', 'Admin!2345');
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH']) {
      const write = await fetch(`${baseUrl()}/api/audit/`, { method, headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }, body: '{}' });
      expect(write.status, method).toBeGreaterThanOrEqual(400);
      expect(write.status, method).toBeLessThan(500);
    }
  });
});
