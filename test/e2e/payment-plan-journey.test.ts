/**
 * A payment plan from start to finish, at 1280 px and at 375 px (a fresh student for each width):
 *  - a student owing $1,200.00 follows "Set up a payment plan" from My Bill, chooses this run's 3-installment plan,
 *    reads the schedule the server worked out ($325.00 today: 25% down and the $25.00 setup fee; then $300.00 on the 5th
 *    of three months), types their name to accept the agreement, saves a card (4242) in the sandbox form and creates the
 *    plan with autopay;
 *  - the clock moves through three months: the daily sweep is run as of today and of each due day (the jobs runner's
 *    `now`), the sandbox's verified events reach the webhook, and each payment is paid before the next day is run;
 *  - My Plan then shows the plan Completed with nothing remaining, and the ledger is exact: four payments adding up
 *    to the balance plus the setup fee, nothing owed, the cached balance 0.
 * The plan template is this file's own (a name unique to the run), added before and removed after.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { PaymentPlanView, PlanTemplatesResponse } from '../../lambdas/contract/payment-plans.js';
import type { StudentRecord } from '../../lambdas/contract/students.js';
import { audit, WIDTHS, type Width } from './support/a11y.js';
import { callApi, login } from './support/api.js';
import { baseUrl, browserPerFile } from './support/browser.js';
import { signedInContext, type UserInfo } from './support/session.js';
import { createFreshStudent } from './support/students.js';
import { expectToast } from './support/toasts.js';

const file = browserPerFile();
const TEMPLATES = '/api/payment-plan-templates/';
const RUN = `E2E journey ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const DAY_MS = 86_400_000;

let admin: UserInfo;

async function templates(): Promise<PlanTemplatesResponse> {
  const answer = await callApi(admin.token, 'GET', TEMPLATES);
  if (answer.status !== 200) throw new Error(`GET ${TEMPLATES}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as PlanTemplatesResponse;
}

beforeAll(async () => {
  admin = await login('admin', 'Admin!2345');
  const { templates: kept, hold_rules, version } = await templates();
  const mine = {
    name: RUN,
    down_payment_percent: 25,
    installments: 3,
    day_of_month: 5,
    setup_fee: '25.00',
    grace_days: 10,
    late_fee: '15.00',
    returned_payment_fee: '20.00',
    program_types: ['certificate'],
    active: true,
  };
  const saved = await callApi(admin.token, 'PUT', TEMPLATES, { templates: [...kept, mine], hold_rules, version });
  if (saved.status !== 200) throw new Error(`PUT ${TEMPLATES}: ${saved.status} ${JSON.stringify(saved.body)}`);
});

afterAll(async () => {
  if (!admin) return;
  const now = await templates();
  const kept = now.templates.filter((t) => t.name !== RUN);
  if (kept.length !== now.templates.length) await callApi(admin.token, 'PUT', TEMPLATES, { templates: kept, hold_rules: now.hold_rules, version: now.version });
});

/** The sweep as of `day` (late morning in Chicago), as EventBridge Scheduler would run it that day. */
async function sweepOn(day: string): Promise<void> {
  const res = await fetch(`${baseUrl()}/local/jobs/payment-plans-sweep/run`, { method: 'POST', body: JSON.stringify({ now: `${day}T17:00:00.000Z` }) });
  if (!res.ok) throw new Error(`payment-plans-sweep as of ${day}: ${res.status} ${await res.text()}`);
}

async function planOf(user: UserInfo): Promise<PaymentPlanView> {
  const res = await callApi(user.token, 'GET', `/api/students/${user.username}/payment-plans/`);
  const [plan] = (res.body as { plans: PaymentPlanView[] }).plans;
  if (!plan) throw new Error(`no plan for ${user.username}: ${res.status} ${JSON.stringify(res.body)}`);
  return plan;
}

/** Waits until Stripe's event about the payment `seq` has reached the webhook and paid it. */
async function paid(user: UserInfo, seq: number): Promise<PaymentPlanView> {
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((r) => setTimeout(r, 250))) {
    const plan = await planOf(user);
    if (plan.installments.find((i) => i.seq === seq)?.status === 'paid') return plan;
  }
  throw new Error(`payment ${seq} of ${user.username}'s plan was not paid: ${JSON.stringify((await planOf(user)).installments)}`);
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

describe('A payment plan, from My Bill to its last payment', () => {
  for (const { width } of WIDTHS) {
    it(
      `a student sets up a 3-installment plan with a card, three months pass, and the plan completes with the ledger exact, at ${width} px`,
      { timeout: 150_000 },
      async ({ expect }) => {
        const student = await createFreshStudent('plan', { programName: 'Phlebotomy', amount: '1200.00', nextDueDate: null });
        const context = await file.adopt(signedInContext(file.browser, student.user, {}, { viewport: WIDTHS.find((w) => w.width === width)!, reducedMotion: 'reduce' }));
        const page = await context.newPage();

        await page.goto(`${baseUrl()}/Dashboard`);
        await page.getByRole('link', { name: 'Set up a payment plan for Phlebotomy' }).click();
        await page.getByRole('heading', { name: 'Step 1 of 5: Plan' }).waitFor();
        await page.getByRole('radio', { name: new RegExp(`^${RUN}`) }).check();
        await audit(page, width as Width, 'payment-plan-wizard', 'plan');
        await next(page);

        // the schedule as the server worked it out from the ledger
        await page.getByRole('heading', { name: 'Step 2 of 5: Schedule' }).waitFor();
        const schedule = page.getByRole('main');
        for (const amount of ['$325.00', '$300.00', '$1,225.00']) await schedule.getByText(amount, { exact: false }).first().waitFor();
        await next(page);

        await page.getByRole('heading', { name: 'Step 3 of 5: Agreement' }).waitFor();
        await page.getByText(/^I agree to pay \$1,?225\.00 for Phlebotomy in 4 payments/).waitFor();
        await page.getByLabel('Type your full name').fill(`${student.firstName} ${student.lastName}`);
        await page.getByRole('checkbox', { name: 'I have read and accept the payment plan agreement' }).check();
        await next(page);

        // a card saved through a SetupIntent, in the sandbox's form; removed again (asked first), then saved anew
        await page.getByRole('heading', { name: 'Step 4 of 5: Payment method' }).waitFor();
        const saveCard = async () => {
          await page.getByRole('button', { name: 'Add a card or bank account' }).click();
          await page.getByLabel('Card number').fill('4242 4242 4242 4242');
          await page.getByLabel('Expiry (MM/YY)').fill('12/34');
          await page.getByLabel('CVC').fill('123');
          await page.getByLabel('Postal code').fill('60601');
          await page.getByRole('button', { name: 'Save card' }).click();
          await page.getByRole('radio', { name: /4242/ }).and(page.locator(':checked')).waitFor();
        };
        await saveCard();
        await page.getByRole('button', { name: 'Remove Visa •••• 4242 (card)' }).click();
        await page.getByRole('dialog', { name: 'Remove this payment method?' }).getByRole('button', { name: 'Remove' }).click();
        await expectToast(page, 'Visa •••• 4242 (card) removed.');
        await page.getByText('You have no saved card or bank account yet.').waitFor();
        await saveCard();
        await next(page);

        await page.getByRole('heading', { name: 'Step 5 of 5: Autopay' }).waitFor();
        expect(await page.getByRole('switch', { name: /^Autopay/ }).isChecked()).toBe(true);
        await page.getByRole('button', { name: 'Create plan' }).click();
        await expectToast(page, 'Your payment plan is set up.');
        await page.waitForURL(`${baseUrl()}/payment-plan`);
        const card = page.getByRole('region', { name: 'Phlebotomy' });
        await card.getByText('Active', { exact: true }).waitFor();
        await audit(page, width as Width, 'my-plan', 'active');

        // three months pass: the down payment today, then the 5th of each month; each paid by its verified event
        const start = await planOf(student.user);
        expect(start.installments.map((i) => [i.kind, i.amount])).toEqual([
          ['down_payment', 325],
          ['installment', 300],
          ['installment', 300],
          ['installment', 300],
        ]);
        for (const installment of start.installments) {
          await sweepOn(installment.due_on);
          await paid(student.user, installment.seq);
        }
        // a day after the last: nothing more is debited
        await sweepOn(new Date(Date.parse(`${start.installments.at(-1)!.due_on}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10));
        const done = await planOf(student.user);
        expect(done).toMatchObject({ status: 'completed', remaining: 0, arrears: 0, next_debit: null });
        expect(done.installments.every((i) => i.status === 'paid' && i.attempts.length === 1)).toBe(true);

        // the ledger is exact: four payments of the plan, the balance and setup fee paid, nothing owed
        const record = (await callApi(student.user.token, 'GET', `/api/students/${student.username}/`)).body as StudentRecord;
        const [program] = record.payment_details.certificate_courses;
        expect(program).toMatchObject({ program_name: 'Phlebotomy', amount_due: 1_225, amount_paid: 1_225 });
        expect(
          program!.payment_history
            .filter((p) => p.status === 'succeeded')
            .map((p) => p.amount)
            .sort(),
        ).toEqual([300, 300, 300, 325]);

        await page.reload();
        await card.getByText('Completed', { exact: true }).waitFor();
        await card.getByText('$0.00', { exact: true }).first().waitFor();
        expect(await card.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
        await audit(page, width as Width, 'my-plan', 'completed');
      },
    );
  }
});
