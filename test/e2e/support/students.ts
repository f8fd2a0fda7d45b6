/**
 * Fresh students made through the API as admin, for browser tests that change a student's state
 * (pay a bill): the demo students stay as the seed made them for the other suites. They join the
 * Phlebotomy cohort (2026-2027 #2), which no other suite counts.
 */
import type { Page } from 'playwright-core';
import { login } from './api.js';
import { baseUrl, signInToDashboard } from './browser.js';
import type { UserInfo } from './session.js';

export const FRESH_STUDENT_PASSWORD = 'Fresh!Pass2345';

/** The admin panel's Students view on `page`, reached as an admin does: sign in, Admin Panel, Students. */
export async function studentsViewAsAdmin(page: Page): Promise<Page> {
  await signInToDashboard(page, 'admin', 'Admin!2345');
  await page.getByRole('banner').getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('button', { name: 'Students' }).click();
  await page.waitForURL(/\/admin\?view=students$/);
  await page.getByRole('heading', { level: 2, name: 'Students' }).waitFor();
  return page;
}

async function call(method: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

async function expectStatus(what: string, answer: Promise<{ status: number; body: Record<string, unknown> }>, status: number) {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what}: ${got} ${JSON.stringify(body)}`);
  return body;
}

export interface FreshStudent {
  username: string;
  firstName: string;
  lastName: string;
  password: string;
  /** The login answer, for signedInContext(). */
  user: UserInfo;
}

/**
 * Creates a student with a sign-in (first password already replaced, so the login form goes
 * straight to the dashboard) and, when `owes` is given, one certificate enrollment of that amount.
 */
export async function createFreshStudent(prefix: string, owes?: { programName: string; amount: string; nextDueDate: string | null }): Promise<FreshStudent> {
  const admin = await login('admin', 'Admin!2345');
  const username = `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const firstName = 'Fresh';
  const lastName = prefix.replace(/[^a-z]/gi, '').replace(/^./, (c) => c.toUpperCase()) || 'Student';
  const temporary = 'Temp!Pass2345';
  await expectStatus(
    'create student',
    call(
      'POST',
      '/api/students/',
      {
        username,
        first_name: firstName,
        last_name: lastName,
        email: `${username}@students.example.edu`,
        program_type: 'certificate',
        program_name: 'Phlebotomy',
        cohort_id: 'cohort-2026-cert-2',
        temporary_password: temporary,
      },
      admin.token,
    ),
    201,
  );

  // First sign-in: the temporary password asks for a new one.
  const challenge = await expectStatus('first login', call('POST', '/api/users/login/', { username, password: temporary }), 401);
  const user = await expectStatus(
    'new password',
    call('POST', '/api/users/new-password/', {
      username,
      session: challenge.session,
      new_password: FRESH_STUDENT_PASSWORD,
    }),
    200,
  );

  if (owes) {
    await expectStatus(
      'enroll',
      call(
        'POST',
        `/api/students/${username}/enrollments/`,
        {
          program_type: 'certificate',
          program_name: owes.programName,
          amount_due: owes.amount,
          next_due_date: owes.nextDueDate,
        },
        admin.token,
      ),
      201,
    );
  }
  return { username, firstName, lastName, password: FRESH_STUDENT_PASSWORD, user: user as UserInfo };
}
