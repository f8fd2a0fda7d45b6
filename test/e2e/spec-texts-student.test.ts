/**
 * Every student-facing screen and message of the spec, word for word (the expectations are
 * quoted from portal-spec.md). Routes: /, /login, /Dashboard, /course-schedule-editor, /courses, /cart,
 * /checkout. What the other browser suites already assert (e.g. the bill figures, the declined card)
 * is not repeated.
 *
 * Spec texts covered here:
 *  §1  the three login features (tracking academic progress, managing tuition and financial aid,
 *      accessing course materials and schedules); the header presents a nursing-education portal
 *  §2  Login: "Loading..." while pending, the error text, "Need help signing in?", copyright footer,
 *      "Login successful!", /login -> /, always /Dashboard despite ?redirect=
 *      Header: "Please log in to view your dashboard", badge 99+, tooltip "Cart (N items) - $total", Course Catalog
 *      Dashboard: welcome, {email}, program name, semester chip (season + year), "View Course Schedule",
 *      "Edit Course Schedule" (both to /course-schedule-editor), "Academic Information", Course Status
 *      "Add/Drop/Withdraw", Academic Standing "Good", Semester GPA "4.00", Overall GPA "4.00"; My Bill
 *      "Payment Due" chip; My Financial Aid awards 5000/3000 Approved, 1500 Pending, "View Award Letters"
 *      Course Schedule Editor: "Back to Dashboard", summary (count, credit hours, Active), the columns
 *      Course Code..Actions, "Add Course", "Save Schedule", "Add New Course" / "Edit Course", 3 Registered samples
 *      Courses Catalog: "Total Courses", "Certificate Courses", "Avg. Credit Hours", "N courses", the columns
 *      Course Name..Certificate, "Loading courses..."
 *      Cart: "Next Payment" / "Full Payment", due date, stepper minimum 1, amount times quantity, remove,
 *      Total, "Proceed to Checkout", "Clear Cart" + "Are you sure you want to clear your cart?", order summary,
 *      Need Help + "Contact Admissions", "Your cart is empty", "Browse Programs", three payment notes
 *      Checkout: redirect to /cart when empty, order summary, secure-payment notice, postal code,
 *      "Pay ${total}", "Processing...", "Payment Successful!", "Redirecting to dashboard in a moment...",
 *      /Dashboard after 3 seconds
 *  §3/§9 default credits 3, Days Mon..Sun, 13 hourly slots 08:00 AM - 08:00 PM, new course "Pending"
 *  §8  "Unable to load payment information", "Loading payment information...", "No outstanding balance",
 *      "No payment information available", "Failed to initialize payment. Please try again.", the card
 *      provider's message ("Your card has insufficient funds."), "Failed to load course data. Please try again later."
 *      success: "Schedule saved successfully", "Payment successful! Your payment has been processed."
 *  §9  toasts: 4000 ms (schedule editor), 6000 ms (payments); redirect after payment 3000 ms
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, it, type TestContext } from 'vitest';
import { login } from './support/api.js';
import { baseUrl, browserPerFile } from './support/browser.js';
import { editJson, failWith, hold } from './support/intercept.js';
import type { UserInfo } from './support/session.js';
import { createFreshStudent, type FreshStudent } from './support/students.js';
import { expectToastDuration, recordToasts } from './support/toasts.js';

const file = browserPerFile();
let student: UserInfo;

beforeAll(async () => {
  student = await login('student', 'Student!2345');
});

/**
 * A page as a context of its own starts (local storage included: signed in as `user` when given, with `stored`),
 * for one test (support/browser.ts warmPage). The describe blocks run side by side (two tests wait seconds for a
 * toast to hide), their tests one after another; each test asserts with its own `expect` (the context's), as
 * expect.poll needs.
 */
async function openPage(onTestFinished: TestContext['onTestFinished'], user?: UserInfo, stored: Record<string, string> = {}): Promise<Page> {
  const page = await file.warmPage(onTestFinished, user ? { userInfo: JSON.stringify(user), ...stored } : {});
  await recordToasts(page);
  return page;
}

/** The value next to a label of a description list (dt/dd). */
const valueOf = (scope: Locator | Page, label: string) => scope.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
const card = (page: Page, name: string) => page.getByRole('region', { name });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
/** Spec section 4: months 1-5 Spring, 6-8 Summer, 9-12 Fall, then the year. */
function season(date = new Date()): string {
  const month = date.getMonth() + 1;
  return `${month <= 5 ? 'Spring' : month <= 8 ? 'Summer' : 'Fall'} ${date.getFullYear()}`;
}

function cartItem(over: Record<string, unknown>) {
  return {
    id: `certificate-nursing-assistant-${Date.now()}`,
    program_id: 'nursing-assistant',
    program_type: 'certificate',
    program_name: 'Nursing Assistant',
    amount: 1500,
    payment_type: 'installment',
    due_date: '2026-12-15',
    quantity: 1,
    added_at: new Date().toISOString(),
    ...over,
  };
}

describe('Login screen and header (spec sections 1 and 2)', { concurrent: true }, () => {
  it.sequential(
    'shows the welcome panel, "Loading..." while pending, the generic error, then "Login successful!" and /Dashboard despite ?redirect=',
    async ({ expect, onTestFinished }) => {
      const page = await openPage(onTestFinished);
      await page.goto(`${baseUrl()}/login?redirect=%2Fcart`);
      await page.getByRole('button', { name: 'Login' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/'); // /login redirects to /
      await page.getByRole('banner').getByText('Please log in to view your dashboard', { exact: true }).waitFor();
      await page
        .getByRole('banner')
        .getByRole('link', { name: /Nursing Education Portal/ })
        .waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Course Catalog', exact: true }).waitFor();
      for (const feature of ['tracking academic progress', 'managing tuition and financial aid', 'accessing course materials and schedules']) {
        await page.getByText(new RegExp(`^${feature}$`, 'i')).waitFor();
      }
      await page.getByRole('link', { name: 'Need help signing in?' }).waitFor();
      expect(await page.locator('footer').textContent()).toMatch(/^© \d{4} .+\. All rights reserved\.$/);

      // The answer has no detail: the generic message (spec section 8, "Login failure").
      const release = await hold(page, '**/api/users/login/', failWith(502, {}));
      await page.getByLabel('Username').fill('student');
      await page.getByLabel('Password').fill('Student!2345');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('button', { name: 'Loading...' }).waitFor();
      await release();
      await alert(page, 'Login failed. Please try again.').waitFor();

      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/Dashboard$/);
      await alert(page, 'Login successful!').waitFor();
    },
  );

  it.sequential('caps the cart badge at 99+ and describes the cart as "Cart (N items) - $total"', async ({ expect, onTestFinished }) => {
    const page = await openPage(onTestFinished, student, { cart_student: JSON.stringify([cartItem({ amount: 12.5, quantity: 100 })]) });
    await page.goto(`${baseUrl()}/Dashboard`);
    const cart = page.getByRole('link', { name: 'Cart (100 items) - $1,250.00' });
    await expect(cart.locator('.MuiBadge-badge').textContent()).resolves.toBe('99+');
    await cart.focus();
    const tooltip = page.locator('[role=tooltip]').filter({ hasText: 'Cart (100 items) - $1,250.00' });
    await expect.poll(() => tooltip.isVisible()).toBe(true);
  });
});

describe('Dashboard (spec section 2)', { concurrent: true }, () => {
  it.sequential('shows the header card, My Registration, My Bill and My Financial Aid texts', async ({ expect, onTestFinished }) => {
    const page = await openPage(onTestFinished, student);
    await page.goto(`${baseUrl()}/Dashboard`);
    const header = card(page, 'Welcome back, Maria!');
    await header.getByText('student@students.northfield.example.edu', { exact: true }).waitFor();
    await header.getByText('Nursing Assistant', { exact: true }).waitFor();
    await header.getByText(season(), { exact: true }).waitFor();

    const registration = card(page, 'My Registration');
    await registration.getByText(season(), { exact: true }).waitFor();
    for (const name of ['View Course Schedule', 'Edit Course Schedule']) {
      await expect(registration.getByRole('link', { name }).getAttribute('href')).resolves.toBe('/course-schedule-editor');
    }
    await registration.getByRole('heading', { name: 'Academic Information' }).waitFor();
    await expect(valueOf(registration, 'Course Status').textContent()).resolves.toBe('Add/Drop/Withdraw');
    await expect(valueOf(registration, 'Academic Standing').textContent()).resolves.toBe('Good');
    await expect(valueOf(registration, 'Academic Standing').locator('.MuiChip-colorSuccess').count()).resolves.toBe(1);
    await expect(valueOf(registration, 'Semester GPA').textContent()).resolves.toBe('4.00');
    await expect(valueOf(registration, 'Overall GPA').textContent()).resolves.toBe('4.00');

    await card(page, 'My Bill').getByText(season(), { exact: true }).waitFor();

    const aid = card(page, 'My Financial Aid');
    const awards = await aid.getByRole('listitem').evaluateAll((items) => items.map((item) => [...item.querySelectorAll('p, .MuiChip-label')].map((e) => e.textContent)));
    expect(awards.map((award) => award.slice(-2))).toEqual([
      ['$5,000.00', 'Approved'],
      ['$3,000.00', 'Approved'],
      ['$1,500.00', 'Pending'],
    ]);
    await aid.getByRole('button', { name: 'View Award Letters' }).waitFor();
    await aid.getByRole('button', { name: 'Apply for Additional Aid' }).waitFor();
  });

  it.sequential(
    'My Bill: "Loading payment information...", "Unable to load payment information" (header: console only), "No payment information available", "No outstanding balance"',
    async ({ expect, onTestFinished }) => {
      const page = await openPage(onTestFinished, student);
      const warnings: string[] = [];
      page.on('console', (message) => warnings.push(message.text()));
      const release = await hold(page, '**/api/students/student/');
      await page.goto(`${baseUrl()}/Dashboard`);
      await card(page, 'My Bill').getByText('Loading payment information...', { exact: true }).waitFor();
      await release();
      await card(page, 'My Bill').getByRole('button', { name: 'Pay Bill' }).waitFor();

      await page.route('**/api/students/student/', failWith(500, { error: 'Internal server error' }));
      await page.reload();
      await card(page, 'My Bill').getByText('Unable to load payment information', { exact: true }).waitFor();
      // Header student fetch failure: the console only, nothing shown in the header card.
      await expect.poll(() => warnings.some((text) => text.includes('Could not load the student record of student'))).toBe(true);
      const header = card(page, 'Welcome back, Maria!');
      await expect(header.textContent()).resolves.not.toMatch(/unable|error|failed/i);
      await expect(header.getByText('Nursing Assistant', { exact: true }).count()).resolves.toBe(0);

      // A record without payment details: no payment information rather than an error. (Admins, who have
      // no record, showed this before; they now get a dashboard of their own, with no My Bill.)
      const bare = await openPage(onTestFinished, student);
      await editJson(bare, '**/api/students/student/', (record) => ({ ...record, payment_details: null }));
      await bare.goto(`${baseUrl()}/Dashboard`);
      await card(bare, 'My Bill').getByText('No payment information available', { exact: true }).waitFor();
      const admin = await openPage(onTestFinished, await login('admin', 'Admin!2345'));
      await admin.goto(`${baseUrl()}/Dashboard`);
      await card(admin, 'Cohort health').waitFor();
      await expect(card(admin, 'My Bill').count()).resolves.toBe(0);

      const paid = await openPage(onTestFinished, await login('paid', 'Student!2345'));
      await paid.goto(`${baseUrl()}/Dashboard`);
      await card(paid, 'My Bill').getByText('No outstanding balance', { exact: true }).waitFor();
    },
  );
});

describe('Course Schedule Editor (spec sections 2, 3, 5 and 9)', { concurrent: true }, () => {
  it('shows the summary, columns, sample courses and dialogs, and its toast hides after 4000 ms', async ({ expect, onTestFinished }) => {
    const page = await openPage(onTestFinished, student);
    await page.goto(`${baseUrl()}/course-schedule-editor`);
    await page.getByRole('heading', { level: 1, name: 'Course Schedule Editor' }).waitFor();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).resolves.toBe('/Dashboard');
    await page.getByRole('main').getByText(season(), { exact: true }).waitFor();
    const summary = page.getByRole('region', { name: 'Schedule summary' });
    await expect(valueOf(summary, 'Registered Courses').textContent()).resolves.toBe('3');
    await expect(valueOf(summary, 'Total Credit Hours').textContent()).resolves.toBe('10');
    await expect(valueOf(summary, 'Status').textContent()).resolves.toBe('Active');

    const table = page.getByRole('table', { name: 'Course schedule' });
    await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual([
      'Course Code',
      'Course Name',
      'Credits',
      'Schedule',
      'Location',
      'Instructor',
      'Status',
      'Actions',
    ]);
    await expect(table.locator('tbody tr td:nth-child(7)').allTextContents()).resolves.toEqual(['Registered', 'Registered', 'Registered']);
    await table.getByRole('row').filter({ hasText: 'NUR 101' }).getByText('09:00 AM - 11:00 AM').waitFor(); // start-end time
    await page.getByRole('button', { name: 'Edit NUR 101' }).waitFor();
    await page.getByRole('button', { name: 'Delete NUR 101' }).waitFor();

    // Add: defaults (3 credits, Pending) and the choices of Days and the time slots.
    await page.getByRole('button', { name: 'Add Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Course' });
    await expect(dialog.getByLabel('Credits').inputValue()).resolves.toBe('3');
    await expect(dialog.getByRole('combobox', { name: 'Status' }).textContent()).resolves.toBe('Pending');
    const options = async (label: string) => {
      await dialog.getByRole('combobox', { name: label }).click();
      const listbox = page.getByRole('listbox');
      // allTextContents does not wait: read once the list has opened with its options
      await listbox.getByRole('option').first().waitFor();
      const names = await listbox.getByRole('option').allTextContents();
      await page.keyboard.press('Escape');
      await listbox.waitFor({ state: 'hidden' });
      return names;
    };
    await expect(options('Days')).resolves.toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const slots = await options('Start Time');
    expect([slots.length, slots[0], slots.at(-1)]).toEqual([13, '08:00 AM', '08:00 PM']);
    await expect(options('End Time')).resolves.toEqual(slots);
    await expect(options('Status')).resolves.toEqual(['Registered', 'Pending', 'Waitlisted', 'Dropped']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Edit NUR 101' }).click();
    await page.getByRole('dialog', { name: 'Edit Course' }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await alert(page, 'Schedule saved successfully').waitFor();
    await expectToastDuration(page, 'Schedule saved successfully', 4000);
  });
});

describe('Courses Catalog (spec section 2)', { concurrent: true }, () => {
  it('shows "Loading courses...", the statistics, "N courses" chips and the columns, and the load failure alert', async ({ expect, onTestFinished }) => {
    const page = await openPage(onTestFinished, student);
    const release = await hold(page, '**/api/courses/categories/');
    await page.goto(`${baseUrl()}/courses`);
    await page.getByText('Loading courses...', { exact: true }).waitFor();
    await release();
    const stats = page.getByRole('region', { name: 'Course Statistics' });
    for (const label of ['Total Courses', 'Certificate Courses', 'Avg. Credit Hours']) await valueOf(stats, label).waitFor();
    for (const chip of await page.locator('.MuiAccordionSummary-root .MuiChip-label').allTextContents()) expect(chip).toMatch(/^\d+ courses?$/);
    const first = page.locator('.MuiAccordionDetails-root table').first();
    await expect(first.getByRole('columnheader').allTextContents()).resolves.toEqual(['Course Name', 'CRN', 'Credit Hours', 'Application Fee', 'Tuition', 'Certificate']);

    await page.route('**/api/courses/categories/', failWith(500, { error: 'Internal server error' }));
    await page.reload();
    await alert(page, 'Failed to load course data. Please try again later.').waitFor();
  });
});

describe('Cart (spec sections 2, 4 and 5)', { concurrent: true }, () => {
  it('shows each line, the stepper stopping at 1, the order summary and Need Help box, and clears after the confirmation', async ({ expect, onTestFinished }) => {
    const stored = [
      cartItem({ id: 'certificate-nursing-assistant-1' }),
      cartItem({
        id: 'diploma-patient-care-technician-1',
        program_id: 'patient-care-technician',
        program_type: 'diploma',
        program_name: 'Patient Care Technician',
        amount: 4200,
        payment_type: 'full',
        due_date: null,
      }),
    ];
    const page = await openPage(onTestFinished, student, { cart_student: JSON.stringify(stored) });
    await page.goto(`${baseUrl()}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();

    const nursing = page.getByRole('listitem', { name: 'Nursing Assistant' });
    await nursing.getByText('Certificate', { exact: true }).waitFor(); // program type chip
    await nursing.getByText('Next Payment', { exact: true }).waitFor();
    await nursing.getByText('Due: Dec 15, 2026', { exact: true }).waitFor();
    const technician = page.getByRole('listitem', { name: 'Patient Care Technician' });
    await technician.getByText('Full Payment', { exact: true }).waitFor();
    await expect(technician.getByText(/^Due:/).count()).resolves.toBe(0);

    // Minimum 1 on the cart page; the line shows amount times quantity.
    const decrease = nursing.getByRole('button', { name: 'Decrease quantity of Nursing Assistant' });
    await expect(decrease.isDisabled()).resolves.toBe(true);
    await nursing.getByRole('button', { name: 'Increase quantity of Nursing Assistant' }).click();
    await expect(nursing.getByLabel('Amount for Nursing Assistant').textContent()).resolves.toBe('$3,000.00');
    await nursing.getByText('$1,500.00 × 2', { exact: true }).waitFor();
    await decrease.click();
    await expect(nursing.getByLabel('Amount for Nursing Assistant').textContent()).resolves.toBe('$1,500.00');
    await expect(decrease.isDisabled()).resolves.toBe(true);

    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(valueOf(summary, 'Total').textContent()).resolves.toBe('$5,700.00');
    await expect(summary.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).resolves.toBe('/checkout');
    const help = page.getByRole('complementary', { name: 'Need Help?' });
    await expect(help.getByRole('link', { name: 'Contact Admissions' }).getAttribute('href')).resolves.toMatch(/^mailto:/);

    await technician.getByRole('button', { name: 'Remove Patient Care Technician' }).click();
    await technician.waitFor({ state: 'detached' });
    await expect(valueOf(summary, 'Total').textContent()).resolves.toBe('$1,500.00');

    await summary.getByRole('button', { name: 'Clear Cart' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear Cart' });
    await confirm.getByText('Are you sure you want to clear your cart?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await expect(page.getByRole('link', { name: 'Browse Programs' }).getAttribute('href')).resolves.toBe('/Dashboard#my-bill');
    await expect(page.getByRole('note').getByRole('listitem').count()).resolves.toBe(3);
    // Clearing removes the stored cart of that username (spec section 4).
    await expect(page.evaluate(() => localStorage.getItem('cart_student'))).resolves.toBeNull();

    await page.goto(`${baseUrl()}/checkout`);
    await page.waitForURL(/\/cart$/); // the checkout redirects to /cart when the cart is empty
  });
});

describe('Checkout (spec sections 2, 8 and 9), as a fresh student who owes $300.00', { concurrent: true }, () => {
  let fresh: FreshStudent;
  beforeAll(async () => {
    fresh = await createFreshStudent('texts', { programName: 'Phlebotomy', amount: '300.00', nextDueDate: null });
  });

  it.sequential(
    '"Payment Due" without a due date; "Failed to initialize payment. Please try again."; "Processing..."; the card provider\'s message',
    async ({ expect, onTestFinished }) => {
      const page = await openPage(onTestFinished, fresh.user);
      await page.goto(`${baseUrl()}/Dashboard`);
      const bill = card(page, 'My Bill');
      await bill.getByText('Payment Due', { exact: true }).waitFor();
      await page.route('**/api/create-payment-intent', failWith(500, {}));
      await bill.getByRole('button', { name: 'Pay Bill' }).click();
      await page.waitForURL(/\/cart$/);
      await page.getByRole('listitem', { name: 'Phlebotomy' }).getByText('Next Payment', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await page.getByRole('heading', { level: 1, name: 'Secure Checkout' }).waitFor();
      await alert(page, 'Failed to initialize payment. Please try again.').waitFor();
      await page.unroute('**/api/create-payment-intent');
      await page.getByRole('button', { name: 'Try Again' }).click();

      await expect(valueOf(page.getByRole('region', { name: 'Order Summary' }), 'Total').textContent()).resolves.toBe('$300.00');
      await page
        .getByRole('note')
        .filter({ hasText: /^Secure payment/ })
        .waitFor();
      const form = page.getByRole('form', { name: 'Card payment' });
      await form.getByLabel('Card number').fill('4000 0000 0000 9995');
      await form.getByLabel('Expiry (MM/YY)').fill('12/34');
      await form.getByLabel('CVC').fill('123');
      await form.getByLabel('Postal code').fill('02139');
      const release = await hold(page, '**/local/stripe/v1/payment_intents/*/confirm');
      await form.getByRole('button', { name: 'Pay $300.00' }).click();
      await form.getByRole('button', { name: 'Processing...' }).waitFor();
      await release();
      await form.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' }).waitFor();
      await form.getByRole('button', { name: 'Pay $300.00' }).waitFor();
    },
  );

  it.sequential(
    'pays: "Payment Successful!", "Redirecting to dashboard in a moment...", /Dashboard after 3 s, the toast hides after 6000 ms',
    async ({ expect, onTestFinished }) => {
      const page = await openPage(onTestFinished, fresh.user);
      await page.goto(`${baseUrl()}/Dashboard`);
      await card(page, 'My Bill').getByRole('button', { name: 'Pay Bill' }).click();
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      const form = page.getByRole('form', { name: 'Card payment' });
      await form.getByLabel('Card number').fill('4242 4242 4242 4242');
      await form.getByLabel('Expiry (MM/YY)').fill('12/34');
      await form.getByLabel('CVC').fill('123');
      await form.getByLabel('Postal code').fill('02139');
      // timed in the page, as the toasts are: the test runner's own delays would blur the 3 s. The evaluation installs
      // its observer before the click below reaches the page, and answers once the redirect has happened.
      const redirectedAfter = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let succeededAt: number | undefined;
            new MutationObserver((_, observer) => {
              if (succeededAt === undefined && document.body.textContent?.includes('Payment Successful!')) succeededAt = performance.now();
              if (succeededAt !== undefined && location.pathname === '/Dashboard') {
                observer.disconnect();
                resolve(performance.now() - succeededAt);
              }
            }).observe(document.body, { childList: true, subtree: true, characterData: true });
          }),
      );
      // awaited below; a step failing first closes the page, which must not surface as an unhandled rejection
      redirectedAfter.catch(() => undefined);
      await form.getByRole('button', { name: 'Pay $300.00' }).click();

      await page.getByText('Payment Successful!', { exact: true }).waitFor();
      await page.getByText('Redirecting to dashboard in a moment...', { exact: true }).waitFor();
      await page.waitForURL(/\/Dashboard$/, { timeout: 10_000 });
      const redirectedMs = await redirectedAfter;
      expect(redirectedMs).toBeGreaterThanOrEqual(2900);
      expect(redirectedMs).toBeLessThanOrEqual(5000);
      await expectToastDuration(page, 'Payment successful! Your payment has been processed.', 6000);
    },
  );
});
