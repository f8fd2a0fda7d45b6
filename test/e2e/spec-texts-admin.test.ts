/**
 * Every administration screen and message of the spec, word for word (the expectations are
 * quoted from portal-spec.md). Routes: /course-manager, /cohort-management, /cohort-management/:id,
 * /admin (all views), and Document Management (staff, /documents). What the other browser suites
 * already assert (course add/edit/delete toasts, cohort filters and CSVs, the upload/preview/delete
 * journey) is not repeated. States the seed has no data for come from intercepted answers.
 *
 * Spec texts covered here:
 *  §2  Course Management: "Search by course name" with a clear icon, Certificate Course (All, Yes, No),
 *      Filter, Clear, Add New Course, Refresh List, columns Course Name..Actions, "Loading...", the
 *      dialog defaults (credit hours 1, certificate on, prices empty) and its fixed course names (§9)
 *      Cohort Management: Total Cohorts, Total Students, Active Programs, Avg. Class Size; Search,
 *      Program Type (all, certificate, diploma, associates), Academic Year (from the data), Status
 *      (all, active, inactive), Clear Filters, Export, columns Academic Year..Actions, view details and
 *      email-students actions
 *      Cohort detail: breadcrumb, Back to Cohorts, Total Students, Total Outstanding, Paid Students (percent
 *      of cohort), Program Dates (start "Not set", end "Ongoing"), Student Roster, Email All (placeholder
 *      alert), Export List, columns Student..Actions, "In Progress", "Overdue" (§4), "No students found in this cohort"
 *      Student detail dialog: Student Information (full name, email, phone, enrolled date, payment plan),
 *      Payment Status ("Account Current", "Payment Due"), Program Enrollments ("No program enrollments
 *      found"), Payment History (latest 10, §9), Send Email ("No email address found for this student"), View Full Profile, Close
 *      Admin panel: Overview welcome text; Categories, Analytics, Settings "coming soon"; permanent drawer 240 wide (§9)
 *      Document Management: the four tabs with counts, Filter dialog (academic year, cohort number,
 *      program type, category, mandatory, search), Upload Document, the student-name search box, columns
 *      Title..Actions (Preview, Download, Delete), "No documents found in this category." + the staff hint,
 *      "No S3 URL", "No S3", cohort label, "Program-wide", "All Programs", "N/A", student chips,
 *      "No students assigned yet", Public / Private, Mandatory
 *      Document preview: "Loading preview...", zoom 50-200 in steps of 25, image, online viewer (text locally) for
 *      docx, extracted text for txt, "Preview not available for TYPE files" + "Download to View",
 *      "No preview available", footer "Cohort: ..." and "Uploaded: date by uploader"
 *  §5  upload: "Please provide a title and file", "Please select a cohort", "Please provide a student
 *      username", "Please enter a valid student username", "Validating username...", "Valid student: "
 *      + name, "Enter the student's username to assign this document", "Student not found", "Validation
 *      error"; scope change resets cohort and username; defaults scope cohort, public, not mandatory, no signature
 *  §8  "Failed to fetch courses. Please try again later.", "Something went wrong", the error field (as a sentence, once, no "Error: "),
 *      "Failed to delete course", "Failed to load cohorts data", "Failed to load cohort students",
 *      "Failed to load student details", document list detail / "Error fetching documents", "Error loading
 *      cohorts", "Error downloading document", "Error deleting document", "Error uploading document",
 *      "Failed to load document preview", "Document not available for preview"
 *  §9  toasts: 5000 ms (Course Management), 6000 ms (documents); error toasts stay until closed
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, it, type TestContext } from 'vitest';
import { login } from './support/api.js';
import { baseUrl, browserPerFile } from './support/browser.js';
import { editJson, failWith, hold } from './support/intercept.js';
import type { UserInfo } from './support/session.js';
import { createFreshStudent } from './support/students.js';
import { recordToasts } from './support/toasts.js';

const file = browserPerFile();
let admin: UserInfo;
let staff: UserInfo;

beforeAll(async () => {
  [admin, staff] = await Promise.all([login('admin', 'Admin!2345'), login('staff', 'Staff!2345')]);
});

/**
 * A page as a context of its own starts, signed in as `user`, for one test (support/browser.ts warmPage): the
 * describe blocks run side by side, their tests one after another; each test asserts with its own `expect` (the
 * context's), as expect.poll needs.
 */
async function openPage(onTestFinished: TestContext['onTestFinished'], user: UserInfo): Promise<Page> {
  const page = await file.warmPage(onTestFinished, { userInfo: JSON.stringify(user) }, { acceptDownloads: true });
  await recordToasts(page);
  return page;
}

const valueOf = (scope: Locator, label: string) => scope.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
const alert = (scope: Page | Locator, text: string) => scope.getByRole('alert').filter({ hasText: text });
const optionsOf = (select: Locator) => select.locator('option').allTextContents();
const headers = (table: Locator) => table.getByRole('columnheader').allTextContents();

/** Waits for the toast, then closes it, so the next one shows at once (the app shows one at a time). */
async function dismissToast(page: Page, text: string) {
  const snackbar = page.locator('.MuiSnackbar-root').filter({ hasText: text });
  await snackbar.waitFor();
  // While a modal dialog is open the rest of the page (the toast too) is aria-hidden: find the button by its label.
  await snackbar.locator('button[aria-label="Close"]').click();
  await snackbar.waitFor({ state: 'detached' });
}

/** The message of the next window.alert(), which the test accepts. */
function nextAlertMessage(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

const COURSES_LIST = /\/api\/courses\/(\?.*)?$/;
const DOCUMENTS_LIST = /\/api\/documents\/(\?.*)?$/;

describe('Course Management (spec sections 2, 5, 8 and 9)', { concurrent: true }, () => {
  it('shows "Loading...", the filters, buttons, columns and dialog defaults; save and delete failures; the list failure; error toasts stay until closed', async ({
    expect,
    onTestFinished,
  }) => {
    const page = await openPage(onTestFinished, admin);
    const release = await hold(page, COURSES_LIST);
    await page.goto(`${baseUrl()}/course-manager`);
    const table = page.getByRole('table', { name: 'Courses' });
    await table.getByRole('cell', { name: 'Loading...', exact: true }).waitFor();
    await release();
    await table.getByRole('cell', { name: '40101', exact: true }).waitFor();
    await expect(headers(table)).resolves.toEqual(['Course Name', 'CRN', 'Credit Hours', 'Application Price', 'Tuition Price', 'Certificate Course', 'Actions']);

    await expect(optionsOf(page.getByLabel('Certificate Course'))).resolves.toEqual(['All', 'Yes', 'No']);
    await page.getByLabel('Search by course name').fill('Algebra');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByLabel('Search by course name').inputValue()).resolves.toBe('');
    for (const name of ['Filter', 'Clear', 'Add New Course', 'Refresh List']) await page.getByRole('button', { name, exact: true }).waitFor();

    // The add dialog: defaults and the fixed course names.
    await page.getByRole('button', { name: 'Add New Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Course' });
    const names = (await optionsOf(dialog.getByLabel('Course Name'))).slice(1); // after the "Select a course" prompt
    expect(new Set(names)).toEqual(
      new Set([
        'Nursing Assistant',
        'EKG Technician',
        'Phlebotomy',
        'Ultrasound Program',
        'MA',
        'MA(associates)',
        'Patient Care Technician',
        'Algebra',
        'Ultrasound',
        'Nurse Ethics',
        'Physics',
        'Biology',
        'English',
        'Medical Terminology for Allied Health Sciences',
      ]),
    );
    await expect(dialog.getByLabel('Credit Hours').inputValue()).resolves.toBe('1');
    await expect(dialog.getByLabel('Application Price').inputValue()).resolves.toBe('');
    await expect(dialog.getByLabel('Tuition Price').inputValue()).resolves.toBe('');
    await expect(dialog.getByRole('switch', { name: 'Is Certificate Course' }).isChecked()).resolves.toBe(true);

    // Save failure without an error field: "Something went wrong".
    await page.route('**/api/courses/create/', failWith(500, {}));
    await dialog.getByLabel('Course Name').selectOption('Algebra');
    await dialog.getByLabel('CRN').fill('E2E-NEVER-SAVED');
    await dialog.getByRole('button', { name: 'Create Course' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
    // shown once, in the dialog the person is looking at, not also as a toast
    await expect(page.locator('.MuiSnackbar-root').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Delete failures: the error field (as a sentence, without the "Error: " prefix), else "Failed to delete course".
    await page.route('**/api/courses/*/delete/', failWith(409, { error: 'Course is still offered' }), { times: 1 });
    await page.getByRole('button', { name: 'Delete Algebra (40101)' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
    await dismissToast(page, 'Course is still offered');
    await page.route('**/api/courses/*/delete/', failWith(500, {}), { times: 1 });
    await page.getByRole('button', { name: 'Delete Algebra (40101)' }).click();
    await page.getByRole('dialog', { name: 'Confirm Delete' }).getByRole('button', { name: 'Delete' }).click();
    await alert(page, 'Failed to delete course').waitFor();
    await dismissToast(page, 'Failed to delete course'); // an error stays until closed
    await table.getByRole('cell', { name: '40101', exact: true }).waitFor(); // nothing was deleted

    await page.route(COURSES_LIST, failWith(500, { error: 'Internal server error' }));
    await page.getByRole('button', { name: 'Refresh List' }).click();
    await alert(page, 'Failed to fetch courses. Please try again later.').waitFor();
  });
});

describe('Cohort Management and cohort detail (spec section 2)', { concurrent: true }, () => {
  it.sequential('shows the summary cards, filters, buttons and columns, and "Failed to load cohorts data"', async ({ expect, onTestFinished }) => {
    const page = await openPage(onTestFinished, admin);
    await page.goto(`${baseUrl()}/cohort-management`);
    const table = page.getByRole('table', { name: 'Cohorts' });
    await table.getByRole('cell', { name: 'Phlebotomy', exact: true }).waitFor();
    for (const name of ['Total Cohorts', 'Total Students', 'Active Programs', 'Avg. Class Size']) {
      await expect(page.getByRole('region', { name }).locator('p').textContent()).resolves.toMatch(/^\d+(\.\d+)?$/);
    }
    await page.getByRole('searchbox', { name: 'Search' }).waitFor();
    await expect(optionsOf(page.getByLabel('Program Type'))).resolves.toEqual(['All', 'Certificate', 'Diploma', 'Associates']);
    const years = await optionsOf(page.getByLabel('Academic Year'));
    expect([years[0], ...years.slice(1).sort()]).toEqual(['All', '2024-2025', '2025-2026', '2026-2027']);
    await expect(optionsOf(page.getByLabel('Status'))).resolves.toEqual(['All', 'Active', 'Inactive']);
    await page.getByRole('button', { name: 'Clear Filters' }).waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
    await expect(headers(table)).resolves.toEqual(['Academic Year', 'Cohort #', 'Program Type', 'Program Name', 'Students', 'Start Date', 'Status', 'Actions']);
    await table.getByRole('link', { name: 'View details of 2026-2027 Cohort 2 (Ultrasound Program)' }).waitFor();
    // the email button opens the announcement composer preset to the cohort
    await expect(table.getByRole('link', { name: 'Email students of 2026-2027 Cohort 2 (Ultrasound Program)' }).getAttribute('href')).resolves.toMatch(
      /^\/admin\/announcements\?compose=cohort&cohort_id=/,
    );

    await page.route('**/api/cohorts/', failWith(500, { error: 'Internal server error' }));
    await page.reload();
    await alert(page, 'Failed to load cohorts data').waitFor();
  });

  it.sequential('shows a cohort without dates ("Not set", "Ongoing"), the roster texts, Email All, and the empty and failed roster', async ({ expect, onTestFinished }) => {
    const page = await openPage(onTestFinished, admin);
    await page.goto(`${baseUrl()}/cohort-management/cohort-2026-dipl-2`);
    await page.getByRole('heading', { level: 1, name: '2026-2027 Cohort 2' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Cohort Management' }).getAttribute('href')).resolves.toBe('/cohort-management');
    await expect(page.getByRole('link', { name: 'Back to Cohorts' }).getAttribute('href')).resolves.toBe('/cohort-management');
    const roster = page.getByRole('table', { name: 'Student Roster' });
    await roster.getByRole('cell', { name: 'kate.wilson', exact: true }).waitFor();
    await expect(page.getByRole('region', { name: 'Total Students' }).locator('p').textContent()).resolves.toBe('2');
    await expect(page.getByRole('region', { name: 'Total Outstanding' }).locator('p').textContent()).resolves.toBe('$10,900.00');
    await page.getByRole('region', { name: 'Paid Students' }).getByText('0% of cohort', { exact: true }).waitFor();
    const dates = page.getByRole('region', { name: 'Program Dates' });
    await dates.getByText('Start: Not set', { exact: true }).waitFor();
    await dates.getByText('End: Ongoing', { exact: true }).waitFor();

    await page.getByRole('heading', { level: 2, name: 'Student Roster' }).waitFor();
    await page.getByRole('button', { name: 'Export List' }).waitFor();
    // "Email All" is no longer a placeholder: it opens the announcement composer preset to this cohort
    await expect(page.getByRole('link', { name: 'Email All' }).getAttribute('href')).resolves.toBe('/admin/announcements?compose=cohort&cohort_id=cohort-2026-dipl-2');
    await expect(headers(roster)).resolves.toEqual(['Student', 'Username', 'Email', 'Current Balance', 'Payment Status', 'Program Progress', 'Actions']);
    await expect(roster.locator('tbody tr td:nth-child(6)').allTextContents()).resolves.toEqual(['In Progress', 'In Progress']);
    // Balances of 8900 and 2000: above 500 is "Overdue" in the roster (spec section 4).
    await expect(roster.locator('tbody tr td:nth-child(5)').allTextContents()).resolves.toEqual(['Overdue', 'Overdue']);

    await page.route('**/api/cohorts/cohort-2026-dipl-2/students/', (route) => route.fulfill({ json: [] }));
    await page.reload();
    await roster.getByRole('cell', { name: 'No students found in this cohort', exact: true }).waitFor();
    await page.unroute('**/api/cohorts/cohort-2026-dipl-2/students/');
    // Both the roster call and its fallback (spec section 7) fail.
    await page.route('**/api/cohorts/cohort-2026-dipl-2/students/', failWith(500, { error: 'Internal server error' }));
    await page.route(/\/api\/students\/\?cohort_id=/, failWith(500, { error: 'Internal server error' }));
    await page.reload();
    await alert(page, 'Failed to load cohort students').waitFor();
  });

  it.sequential(
    'Student detail dialog: sections, "Account Current", "Payment Due", "No program enrollments found", "No email address found for this student", "Failed to load student details"',
    async ({ expect, onTestFinished }) => {
      const fresh = await createFreshStudent('dialog');
      const page = await openPage(onTestFinished, admin);
      const open = async (cohortId: string, name: string) => {
        await page.goto(`${baseUrl()}/cohort-management/${cohortId}`);
        await page.getByRole('button', { name: `View details of ${name}` }).click();
        return page.getByRole('dialog', { name: /^Student Details/ });
      };

      // Twelve payments in the answer: the dialog shows the latest 10 (spec section 9).
      await editJson(page, '**/api/students/aisha.khan/', (record) => {
        const program = record.payment_details.certificate_courses[0];
        program.payment_history = Array.from({ length: 12 }, (_, i) => ({
          date: `2026-0${Math.floor(i / 3) + 1}-1${i % 3}`,
          amount: 10,
          method: 'card',
          status: 'succeeded',
          reference: `pi_history_${i}`,
        }));
      });
      let dialog = await open('cohort-2025-cert-1', 'Aisha Khan');
      const information = dialog.getByRole('region', { name: 'Student Information' });
      await expect(valueOf(information, 'Full Name').textContent()).resolves.toBe('Aisha Khan');
      await expect(valueOf(information, 'Email').textContent()).resolves.toBe('aisha.khan@students.northfield.example.edu');
      await expect(valueOf(information, 'Phone').textContent()).resolves.toMatch(/^555-/);
      await expect(valueOf(information, 'Enrolled').textContent()).resolves.toBe('Sep 2, 2025');
      await expect(valueOf(information, 'Payment Plan').textContent()).resolves.toMatch(/^(Yes|No)$/);
      const status = dialog.getByRole('region', { name: 'Payment Status' });
      await expect(valueOf(status, 'Outstanding Balance').textContent()).resolves.toBe('$0.00');
      await expect(valueOf(status, 'Status').textContent()).resolves.toBe('Account Current');
      const history = dialog.getByRole('region', { name: 'Payment History' }).locator('tbody tr');
      await expect.poll(() => history.count()).toBe(10);
      await expect(history.first().locator('td').last().textContent()).resolves.toBe('pi_history_11'); // newest first
      await dialog.getByRole('link', { name: 'Send Email' }).waitFor();
      await dialog.getByRole('link', { name: 'View Full Profile' }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'View details of Ben Nguyen' }).click();
      await expect(valueOf(dialog.getByRole('region', { name: 'Payment Status' }), 'Status').textContent()).resolves.toBe('Payment Due');
      await dialog.getByRole('button', { name: 'Close' }).click();

      // A student without enrollments, and (as the answer is edited) without an email address.
      await editJson(page, `**/api/students/${fresh.username}/`, (student) => ({ ...student, email: '' }));
      dialog = await open('cohort-2026-cert-2', `${fresh.firstName} ${fresh.lastName}`);
      await dialog.getByRole('region', { name: 'Program Enrollments' }).getByText('No program enrollments found', { exact: true }).waitFor();
      const noEmail = nextAlertMessage(page);
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      expect(await noEmail).toBe('No email address found for this student');
      await dialog.getByRole('button', { name: 'Close' }).click();

      await page.route('**/api/students/ben.nguyen/', failWith(500, { error: 'Internal server error' }));
      dialog = await open('cohort-2025-cert-1', 'Ben Nguyen');
      await alert(dialog, 'Failed to load student details').waitFor();
    },
  );
});

describe('Admin panel (spec section 2)', { concurrent: true }, () => {
  it('shows the Overview welcome and the placeholders of Categories, Analytics and Settings', async ({ expect, onTestFinished }) => {
    const page = await openPage(onTestFinished, admin);
    await page.goto(`${baseUrl()}/admin?view=overview`);
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
    await page
      .getByRole('main')
      .getByText(/^Welcome/)
      .waitFor();
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    // Wide screens: a permanent drawer 240 wide (spec sections 2 and 9).
    await expect(menu.evaluate((nav) => nav.closest('.MuiPaper-root')!.getBoundingClientRect().width)).resolves.toBe(240);
    for (const view of ['Categories', 'Analytics', 'Settings']) {
      await menu.getByRole('button', { name: view }).click();
      await page.getByRole('heading', { level: 2, name: view }).waitFor();
      await page
        .getByRole('main')
        .getByText(/coming soon/i)
        .waitFor();
    }
  });
});

describe('Document Management (spec sections 2, 5, 8 and 9), as staff', { concurrent: true }, () => {
  async function openDocuments(page: Page) {
    await page.goto(`${baseUrl()}/documents`);
    await page.getByRole('heading', { level: 1, name: 'Document Management' }).waitFor();
    await page.getByRole('tab', { name: /^General Resources \(\d+\)$/ }).waitFor();
  }
  const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Preview ${title}`, exact: true }) });
  const cells = (page: Page, title: string) => rowOf(page, title).getByRole('cell').allTextContents();

  it('shows the tabs with counts, the filter dialog, the columns, every scope cell and status, and the empty state with the staff hint', async ({ expect, onTestFinished }) => {
    const page = await openPage(onTestFinished, staff);
    await openDocuments(page);
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.map((tab) => tab.replace(/ \(\d+\)$/, ''))).toEqual(['Individual Students', 'Cohort Documents', 'Program Materials', 'General Resources']);
    tabs.forEach((tab) => expect(tab).toMatch(/\(\d+\)$/));
    await page.getByRole('button', { name: 'Upload Document' }).waitFor();

    // Individual Students (the default tab): the student-name search and the assigned students as chips.
    const search = page.getByLabel('Search by student name');
    await expect(search.getAttribute('placeholder')).resolves.toBe('First name, last name or username');
    await expect(headers(page.getByRole('table', { name: 'Individual Students' }))).resolves.toEqual([
      'Title',
      'Scope',
      'Cohort/Assigned To',
      'Category',
      'Type',
      'Size',
      'Uploaded By',
      'Uploaded',
      'Status',
      'Actions',
    ]);
    const plan = await cells(page, 'Payment Plan Agreement');
    expect(plan[2]).toContain('Maria Lopez');
    expect(plan[2]).toContain('Ben Nguyen');
    expect(plan[8]).toBe('Private');
    expect((await cells(page, 'Immunization Record'))[8]).toBe('PrivateMandatory');
    for (const action of ['Preview', 'Download', 'Delete'])
      await rowOf(page, 'Immunization Record')
        .getByRole('button', { name: `${action} Immunization Record` })
        .waitFor();

    await page.getByRole('tab', { name: /^Cohort Documents/ }).click();
    const syllabus = await cells(page, 'Nursing Assistant Syllabus');
    expect([syllabus[1], syllabus[2], syllabus[8]]).toEqual(['Cohort Documents', '2025-2026 Cohort 1', 'PublicMandatory']);
    await page.getByRole('tab', { name: /^Program Materials/ }).click();
    expect((await cells(page, 'Diploma Program Lab Manual'))[2]).toBe('Program-wide');
    await page.getByRole('tab', { name: /^General Resources/ }).click();
    expect((await cells(page, 'Financial Aid Guide'))[2]).toBe('All Programs');

    // The filter dialog; a search nothing matches empties every tab.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const filter = page.getByRole('dialog', { name: 'Filter Documents' });
    for (const label of ['Academic Year', 'Cohort Number', 'Program Type', 'Category', 'Mandatory', 'Search']) await filter.getByLabel(label).waitFor();
    await expect(optionsOf(filter.getByLabel('Mandatory'))).resolves.toEqual(['All', 'Yes', 'No']);
    await filter.getByLabel('Search').fill('no-document-says-this-zqx');
    await filter.getByRole('button', { name: 'Apply Filters' }).click();
    const empty = page.getByRole('table', { name: 'General Resources' }).getByRole('cell');
    await empty.getByText('No documents found in this category.', { exact: true }).waitFor();
    await empty.getByText('Click Upload Document to add one.', { exact: true }).waitFor();
  });

  it('shows the badges and preview states of documents without a file or text; download and delete failures; error toasts stay until closed', async ({
    expect,
    onTestFinished,
  }) => {
    const page = await openPage(onTestFinished, staff);
    // Shapes the seed has none of: a record without storage info, a student-less individual document,
    // a txt without extracted text, a cohort document without cohort details, a file type without a preview.
    await editJson(page, DOCUMENTS_LIST, (body) => {
      const docs: Array<Record<string, any>> = Array.isArray(body) ? body : (body.results ?? body.data);
      const edit = (id: string, fields: Record<string, unknown>) => Object.assign(docs.find((doc) => doc.id === id) ?? {}, fields);
      edit('doc-handbook', { s3_key: null, s3_url: null });
      edit('doc-maria-immunization', { assigned_students: [] });
      edit('doc-payment-plan', { extracted_text: null, preview_text: null });
      edit('doc-na-syllabus', { cohort_details: null });
      edit('doc-cert-badge', { file_type: 'csv', preview_text: 'Badge layout' });
      return body;
    });
    await openDocuments(page);
    const preview = page.getByRole('dialog', { name: /./ });
    const closePreview = async () => {
      await preview.getByRole('button', { name: 'Close' }).click();
      await preview.waitFor({ state: 'detached' });
    };

    // Individual: an image preview, zoom limits, the footer; "No students assigned yet"; "No preview available".
    expect((await cells(page, 'Immunization Record'))[2]).toContain('No students assigned yet');
    const release = await hold(page, /\/api\/documents\/doc-maria-immunization\/download\//);
    await page.getByRole('button', { name: 'Preview Immunization Record', exact: true }).click();
    await preview.getByText('Loading preview...', { exact: true }).waitFor();
    await release();
    await preview.getByRole('img', { name: 'Immunization Record' }).waitFor();
    await preview.getByText('PNG', { exact: true }).waitFor();
    await preview.getByText('100%', { exact: true }).waitFor();
    for (let i = 0; i < 2; i += 1) await preview.getByRole('button', { name: 'Zoom out' }).click();
    await preview.getByText('50%', { exact: true }).waitFor();
    await expect(preview.getByRole('button', { name: 'Zoom out' }).isDisabled()).resolves.toBe(true);
    for (let i = 0; i < 6; i += 1) await preview.getByRole('button', { name: 'Zoom in' }).click();
    await preview.getByText('200%', { exact: true }).waitFor();
    await expect(preview.getByRole('button', { name: 'Zoom in' }).isDisabled()).resolves.toBe(true);
    await preview.getByText('Cohort: 2025-2026 Cohort 1 - Nursing Assistant', { exact: true }).waitFor();
    await preview.getByText(/^Uploaded: .+ by .+$/).waitFor();
    await closePreview();
    await page.getByRole('button', { name: 'Preview Payment Plan Agreement', exact: true }).click();
    await preview.getByText('No preview available', { exact: true }).waitFor();
    await closePreview();

    // Cohort: "N/A" without cohort details; txt shows its extracted text; a failing link.
    await page.getByRole('tab', { name: /^Cohort Documents/ }).click();
    expect((await cells(page, 'Nursing Assistant Syllabus'))[2]).toBe('N/A');
    await page.getByRole('button', { name: 'Preview Clinical Rotation Schedule', exact: true }).click();
    await preview
      .getByLabel('Document text')
      .getByText(/^Clinical rotation schedule: Mondays and Wednesdays/)
      .waitFor();
    await closePreview();
    const syllabusLink = /\/api\/documents\/doc-na-syllabus\/download\//;
    await page.route(syllabusLink, failWith(500, { error: 'Internal server error' }));
    await page.getByRole('button', { name: 'Preview Nursing Assistant Syllabus', exact: true }).click();
    await alert(preview, 'Failed to load document preview').waitFor();
    await page.unroute(syllabusLink);
    await closePreview();

    // Program: no preview for other types; the online viewer for Word files is in General below.
    await page.getByRole('tab', { name: /^Program Materials/ }).click();
    await page.getByRole('button', { name: 'Preview Certificate Program ID Badge Template', exact: true }).click();
    await preview.getByText('Preview not available for CSV files', { exact: true }).waitFor();
    await preview.getByText('Badge layout', { exact: true }).waitFor();
    await preview.getByRole('button', { name: 'Download to View' }).waitFor();
    await closePreview();

    // General: "No S3" and "Document not available for preview"; the office viewer; "No S3 URL" after a 404.
    await page.getByRole('tab', { name: /^General Resources/ }).click();
    const handbook = page.getByRole('row').filter({ hasText: 'Student Handbook 2026-2027' });
    await handbook.getByText('No S3', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Preview Student Handbook 2026-2027', exact: true }).click();
    await alert(preview, 'Document not available for preview').waitFor();
    await closePreview();
    await page.getByRole('button', { name: 'Preview Financial Aid Guide', exact: true }).click();
    // the online viewer cannot fetch a local URL, so the text read from the file and "Download to View" instead
    await preview.getByText('Apply before the priority deadline.').waitFor();
    await preview.getByRole('button', { name: 'Download to View' }).waitFor();
    await expect(preview.locator('iframe').count()).resolves.toBe(0);
    await closePreview();

    await page.route(/\/api\/documents\/doc-aid-guide\/download\//, failWith(404, { error: 'Document file not found' }));
    await page.getByRole('button', { name: 'Download Financial Aid Guide', exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'Financial Aid Guide' }).getByText('No S3 URL', { exact: true }).waitFor();
    await alert(page, 'Error downloading document').waitFor();
    await dismissToast(page, 'Error downloading document'); // an error stays until closed

    await page.route('**/api/documents/doc-aid-guide/', (route) => (route.request().method() === 'DELETE' ? failWith(500, {})(route) : route.fallback()));
    await page.getByRole('button', { name: 'Delete Financial Aid Guide', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete Document' }).getByRole('button', { name: 'Delete' }).click();
    await alert(page, 'Error deleting document').waitFor();
    await rowOf(page, 'Financial Aid Guide').waitFor();
  });

  it('shows the list failure: the answer\'s detail, else "Error fetching documents"', async ({ onTestFinished }) => {
    const page = await openPage(onTestFinished, staff);
    await page.route(DOCUMENTS_LIST, failWith(503, { detail: 'Documents are offline for maintenance' }));
    await page.goto(`${baseUrl()}/documents`);
    await alert(page, 'Documents are offline for maintenance').waitFor();
    await page.unroute(DOCUMENTS_LIST);
    await page.route(DOCUMENTS_LIST, failWith(500, {}));
    await page.reload();
    await alert(page, 'Error fetching documents').waitFor();
  });

  it('upload dialog: defaults, every refusal of section 5, the username check texts, "Error loading cohorts" and "Error uploading document"', async ({
    expect,
    onTestFinished,
  }) => {
    const page = await openPage(onTestFinished, staff);
    await openDocuments(page);
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    const upload = () => dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const refusal = (text: string) =>
      alert(dialog, text)
        .filter({ hasText: new RegExp(`^${text}$`) })
        .waitFor();

    await expect(dialog.getByLabel('Scope').inputValue()).resolves.toBe('cohort');
    await expect(dialog.getByRole('switch', { name: 'Public' }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByRole('switch', { name: 'Mandatory' }).isChecked()).resolves.toBe(false);
    await expect(dialog.getByRole('switch', { name: 'Requires Signature' }).isChecked()).resolves.toBe(false);

    await upload();
    await refusal('Please provide a title and file');
    await dialog.getByLabel('Title').fill('E2E never uploaded');
    await dialog.getByLabel('Choose File').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes\n') });
    await upload();
    await refusal('Please select a cohort');

    await dialog.getByLabel('Scope').selectOption('individual');
    await dialog.getByLabel('Cohort').selectOption({ label: '2025-2026 Cohort 1 - Nursing Assistant' });
    const username = dialog.getByLabel('Student Username');
    const helper = dialog.locator('#upload-student-username-helper-text');
    await expect(helper.textContent()).resolves.toBe("Enter the student's username to assign this document");
    await upload();
    await refusal('Please provide a student username');

    const release = await hold(page, '**/api/students/no.such.student/');
    await username.fill('no.such.student');
    await helper.getByText('Validating username...', { exact: true }).waitFor();
    await release();
    await helper.getByText('Student not found', { exact: true }).waitFor();
    await upload();
    await refusal('Please enter a valid student username');
    await username.fill('student');
    await helper.getByText('Valid student: Maria Lopez', { exact: true }).waitFor();
    await page.route('**/api/students/ben.nguyen/', failWith(500, {}));
    await username.fill('ben.nguyen');
    await helper.getByText('Validation error', { exact: true }).waitFor();

    // Changing the scope resets the cohort and the username.
    await dialog.getByLabel('Scope').selectOption('cohort');
    await dialog.getByLabel('Scope').selectOption('individual');
    await expect(dialog.getByLabel('Cohort').inputValue()).resolves.toBe('');
    await expect(username.inputValue()).resolves.toBe('');

    await dialog.getByLabel('Scope').selectOption('cohort');
    await dialog.getByLabel('Cohort').selectOption({ label: '2025-2026 Cohort 1 - Nursing Assistant' });
    await page.route('**/api/documents/upload-url/', failWith(500, {}));
    await upload();
    await refusal('Error uploading document');
    // once, in the dialog, not also as a toast
    await expect(page.locator('.MuiSnackbar-root').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.route('**/api/cohorts/', failWith(500, {}));
    await page.reload();
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await alert(dialog, 'Error loading cohorts').waitFor();
  });
});
