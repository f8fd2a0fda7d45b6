/**
 * Payment plans and account holds, at 1280 px and at 375 px (each width in its own context):
 *  - the admin, on Finance's Payment Plans page, adds a plan template (a name unique to the run), sees it in the
 *    list, edits it (installments), is told in a plain sentence that 25 installments is out of range, removes it, and
 *    reads on the hold rules card that a hold never blocks paying or viewing the bill;
 *  - a fresh student owing $750.00 for 60 days past its due date (the default balance rule: at least $500.00 more than
 *    30 days past due) sees the Account holds card on the dashboard (the reason, what it blocks, how to clear it,
 *    what a hold never blocks), and the admin sees the same hold in the Holds section of the student's record;
 *  - a demo student with nothing past due sees no Account holds card.
 * The page saves the whole set of templates and the hold rules on each change: this file adds and removes only its
 * own template (and takes it out again if a test stops halfway), and leaves the hold rules as they are.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import type { PlanTemplatesResponse, StudentHoldsResponse } from '../../lambdas/contract/payment-plans.js';
import { HOLD_BLOCK_LABELS } from '../../lambdas/contract/payment-plans.js';
import { audit, WIDTHS, type Width } from './support/a11y.js';
import { callApi, login } from './support/api.js';
import { baseUrl, browserPerFile } from './support/browser.js';
import { dataRow } from './support/dataTable.js';
import { headerLink } from './support/header.js';
import { signedInContext, type UserInfo } from './support/session.js';
import { createFreshStudent, type FreshStudent } from './support/students.js';
import { expectToast } from './support/toasts.js';

const file = browserPerFile();
const TEMPLATES = '/api/payment-plan-templates/';
/** This run's templates start with it: the only ones the file adds, edits or removes. */
const RUN = `E2E plan ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const NEVER_BLOCKED_NOTE = 'A hold never blocks paying, viewing the bill or a student’s own records.';

let admin: UserInfo;
let before: PlanTemplatesResponse;

const readTemplates = async (): Promise<PlanTemplatesResponse> => {
  const answer = await callApi(admin.token, 'GET', TEMPLATES);
  if (answer.status !== 200) throw new Error(`GET ${TEMPLATES}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as PlanTemplatesResponse;
};

/** A page at `width` in a context of its own, signed in as `user`. */
async function pageAt(width: Width, user: UserInfo): Promise<Page> {
  const viewport = WIDTHS.find((w) => w.width === width)!;
  const context = await file.adopt(signedInContext(file.browser, user, {}, { viewport, reducedMotion: 'reduce' }));
  return context.newPage();
}

/** The Installments shown for a template: its table cell from 600 px up, the labelled value on its card below. */
const installmentsOf = (row: Locator, width: Width) => (width === 1280 ? row.getByRole('cell').nth(2) : row.locator('dt:text-is("Installments") + dd'));

beforeAll(async () => {
  admin = await login('admin', 'Admin!2345');
  before = await readTemplates();
});

afterAll(async () => {
  // a test stopped halfway: take this run's templates out again, keeping the rest and the rules as they are now
  if (!admin) return;
  const now = await readTemplates();
  const kept = now.templates.filter((t) => !t.name.startsWith(RUN));
  if (kept.length !== now.templates.length) await callApi(admin.token, 'PUT', TEMPLATES, { templates: kept, hold_rules: now.hold_rules, version: now.version });
});

describe('Payment Plans (finance settings)', () => {
  for (const { width } of WIDTHS) {
    it(`the admin adds, edits and removes a plan template, and reads what a hold never blocks, at ${width} px`, { timeout: 90_000 }, async ({ expect }) => {
      const name = `${RUN} ${width}`;
      const page = await pageAt(width, admin);
      await page.goto(`${baseUrl()}/Dashboard`);
      await (await headerLink(page, 'Payment Plans')).click();
      await page.waitForURL(/\/finance\/payment-plans$/);
      await page.getByRole('heading', { level: 1, name: 'Payment Plans' }).waitFor();
      const templates = page.getByRole('region', { name: 'Plan templates' });
      // the table is there once the set has loaded: the demo's templates are in it
      if (before.templates[0]) await dataRow(templates, 'Plan templates', before.templates[0].name).first().waitFor();
      await audit(page, width, 'payment-plans', 'list');

      // add
      await templates.getByRole('button', { name: 'Add plan' }).click();
      const dialog = page.getByRole('dialog', { name: 'New payment plan' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('spinbutton', { name: 'Down payment (%)', exact: true }).fill('15');
      await dialog.getByRole('spinbutton', { name: 'Installments', exact: true }).fill('5');
      await dialog.getByRole('spinbutton', { name: 'Day of month', exact: true }).fill('12');
      await dialog.getByRole('textbox', { name: 'Setup fee ($)' }).fill('$25');
      await dialog.getByRole('textbox', { name: 'Late fee ($)' }).fill('10.50');
      await dialog.getByRole('spinbutton', { name: 'Grace days', exact: true }).fill('7');
      await dialog.getByRole('textbox', { name: 'Returned-payment fee ($)' }).fill('30');
      await dialog.getByRole('checkbox', { name: 'Certificate' }).check();
      await dialog.getByRole('button', { name: 'Save plan' }).click();
      await expectToast(page, `${name} added.`);
      await dialog.waitFor({ state: 'detached' });
      const row = dataRow(templates, 'Plan templates', name);
      await expect.poll(() => installmentsOf(row, width).textContent()).toBe('5');
      const shown = (await row.textContent()) ?? '';
      for (const text of ['15%', '$25.00', 'Certificate', 'Active']) expect(shown).toContain(text);
      const added = (await readTemplates()).templates.find((t) => t.name === name);
      expect(added).toMatchObject({
        down_payment_percent: 15,
        installments: 5,
        day_of_month: 12,
        setup_fee: 25,
        late_fee: 10.5,
        grace_days: 7,
        returned_payment_fee: 30,
        program_types: ['certificate'],
        active: true,
      });

      // edit: an out-of-range count is refused in a sentence naming the field as people say it, then 8 is saved
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${name}` });
      const installments = edit.getByRole('spinbutton', { name: 'Installments', exact: true });
      await expect.poll(() => installments.inputValue()).toBe('5');
      await installments.fill('25');
      await edit.getByRole('button', { name: 'Save plan' }).click();
      const refusal = edit.getByRole('alert');
      await refusal.waitFor();
      const sentence = (await refusal.textContent())?.trim();
      expect(sentence).toBe('Installments must be a whole number from 1 to 24.');
      // no field path ("templates.2.installments") and no contract key
      expect(sentence).not.toMatch(/templates|_|\.\d|:/);
      await installments.fill('8');
      await edit.getByRole('button', { name: 'Save plan' }).click();
      await expectToast(page, `${name} saved.`);
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => installmentsOf(row, width).textContent()).toBe('8');
      const edited = (await readTemplates()).templates.find((t) => t.name === name);
      expect(edited).toMatchObject({ id: added?.id, installments: 8, down_payment_percent: 15 });

      // remove, once confirmed
      await row.getByRole('button', { name: `Remove ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove payment plan' });
      await confirm.getByText(`Remove ${name}?`, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await expectToast(page, `${name} removed.`);
      await row.waitFor({ state: 'detached' });

      // the hold rules say what a hold never blocks
      const rules = page.getByRole('region', { name: 'Hold rules' });
      await rules.getByText(NEVER_BLOCKED_NOTE, { exact: false }).waitFor();
      await rules.getByText('There are no transcript holds', { exact: false }).waitFor();

      // the set is as it was: the same templates (by id and terms) and the same hold rules, three saves on (add, edit, remove)
      const after = await readTemplates();
      expect({ templates: after.templates, hold_rules: after.hold_rules }).toEqual({ templates: before.templates, hold_rules: before.hold_rules });
      expect(after.version).toBeGreaterThanOrEqual(before.version + 3);
    });
  }
});

describe('Account holds', () => {
  let fresh: FreshStudent;
  const owed = '$750.00';
  const dueOn = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  /** As lambdas/domain/financial-holds.ts writes the date: "26 Sept 2026". */
  const longDate = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

  beforeAll(async () => {
    // the default balance rule holds at least $500.00 owed more than 30 days past its due date
    requireBalanceRule(before);
    fresh = await createFreshStudent('holds', { programName: 'Phlebotomy', amount: '750.00', nextDueDate: dueOn });
  });

  /** What the card and the record must show, from the rules in force. */
  const expected = () => ({
    reason: `Balance of ${owed} for Phlebotomy past due since ${longDate(dueOn)}.`,
    blocks: `Blocks: ${
      [before.hold_rules.blocks.plan_enrollment && HOLD_BLOCK_LABELS.plan_enrollment, before.hold_rules.blocks.clinical_clearance && HOLD_BLOCK_LABELS.clinical_clearance]
        .filter(Boolean)
        .join(' and ') || 'Nothing'
    }.`,
    clear: `How to clear it: Pay the ${owed} owed from My Bill; the hold lifts as soon as the payment is confirmed.`,
  });

  async function expectHoldListed(scope: Locator, listName: string, expect: ExpectStatic) {
    const list = scope.getByRole('list', { name: listName });
    const items = list.getByRole('listitem');
    await items.first().waitFor();
    expect(await items.count()).toBe(1);
    const { reason, blocks, clear } = expected();
    await items.getByText(reason, { exact: true }).waitFor();
    await items.getByText(blocks, { exact: true }).waitFor();
    await items.getByText(clear, { exact: true }).waitFor();
    // what no hold stops, as one sentence
    await scope.getByText(/^A hold never blocks paying, viewing the bill, .* or transcripts\.$/).waitFor();
  }

  for (const { width } of WIDTHS) {
    it(`a student owing ${owed} 60 days past due sees the Account holds card on the dashboard at ${width} px`, { timeout: 60_000 }, async ({ expect }) => {
      const holds = await callApi(fresh.user.token, 'GET', `/api/students/${fresh.username}/holds/`);
      expect(holds.status).toBe(200);
      expect((holds.body as StudentHoldsResponse).holds).toHaveLength(1);

      const page = await pageAt(width, fresh.user);
      await page.goto(`${baseUrl()}/Dashboard`);
      const card = page.getByRole('region', { name: 'Account holds' });
      await card.waitFor();
      await card.getByText('1 hold', { exact: true }).waitFor();
      await expectHoldListed(card, 'Your holds', expect);
      await audit(page, width, 'dashboard', 'account-holds');
    });

    it(`the admin sees the same hold in the Holds section of the student's record at ${width} px`, { timeout: 60_000 }, async ({ expect }) => {
      const page = await pageAt(width, admin);
      await page.goto(`${baseUrl()}/admin?view=students&student=${encodeURIComponent(fresh.username)}`);
      await page.getByRole('heading', { level: 2, name: `${fresh.firstName} ${fresh.lastName}` }).waitFor();
      const section = page.getByRole('region', { name: 'Holds', exact: true });
      await expectHoldListed(section, 'Holds on this account', expect);
    });

    it(`a demo student with nothing past due sees no Account holds card at ${width} px`, { timeout: 60_000 }, async ({ expect }) => {
      const student = await login('student', 'Student!2345');
      const holds = await callApi(student.token, 'GET', '/api/students/student/holds/');
      expect(holds.status).toBe(200);
      expect((holds.body as StudentHoldsResponse).holds).toEqual([]);

      const page = await pageAt(width, student);
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/students/student/holds/' && res.request().method() === 'GET');
      await page.goto(`${baseUrl()}/Dashboard`);
      expect((await answered).status()).toBe(200);
      // the dashboard has loaded its cards (My Bill among them), and the holds answer with it
      await page.getByRole('heading', { level: 2, name: 'My Bill' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'My Financial Aid' }).waitFor();
      expect(await page.getByRole('region', { name: 'Account holds' }).count()).toBe(0);
      expect(await page.getByText('A hold never blocks', { exact: false }).count()).toBe(0);
    });
  }
});

function requireBalanceRule(settings: PlanTemplatesResponse): void {
  const rule = settings.hold_rules.balance_past_due;
  if (!rule || rule.threshold > 750 || rule.days >= 60) {
    throw new Error(`the hold rules no longer hold $750.00 owed 60 days past due: ${JSON.stringify(settings.hold_rules)}`);
  }
}
