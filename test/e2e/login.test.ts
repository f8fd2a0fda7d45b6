/** Spec: Login screen, Header, Dashboard header card, admin guard — in real headless Chromium. */
import { describe, it } from 'vitest';
import { baseUrl, browserPerFile, signIn, signInToDashboard } from './support/browser.js';

// The tests run side by side, each with a page of its own and asserting with its own `expect` (the context's).
const file = browserPerFile();

describe('login', { concurrent: true }, () => {
  it('shows the welcome panel, the sign-in form and the logged-out header', async ({ onTestFinished }) => {
    const page = await file.newPageFor(onTestFinished);
    await page.goto(`${baseUrl()}/`);
    await page.getByText('Please log in to view your dashboard').waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByText('Need help signing in?').waitFor();
    await page.getByText('academic progress', { exact: false }).waitFor();
  });

  it('signs the demo student in and shows the dashboard with their email', async ({ expect, onTestFinished }) => {
    const page = await file.newPageFor(onTestFinished);
    await signInToDashboard(page, 'student', 'Student!2345');
    await page.getByText('student@students.northfield.example.edu').first().waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
    expect(stored).toMatchObject({ username: 'student', isAdmin: false });
    // students see no admin buttons
    await expect(page.getByRole('link', { name: 'Admin Panel' }).count()).resolves.toBe(0);
  });

  it('shows the admin buttons to an admin', async ({ onTestFinished }) => {
    const page = await file.newPageFor(onTestFinished);
    await signInToDashboard(page, 'admin', 'Admin!2345');
    for (const name of ['Course Manager', 'Cohort Management', 'Admin Panel', 'Dashboard']) {
      await page
        .getByRole('link', { name, exact: true })
        .or(page.getByRole('button', { name, exact: true }))
        .first()
        .waitFor();
    }
  });

  it("shows the server's message for a wrong password", async ({ expect, onTestFinished }) => {
    const page = await file.newPageFor(onTestFinished);
    await signIn(page, 'student', 'not-the-password');
    await page.getByText('Invalid username or password.').waitFor();
    expect(page.url()).toBe(`${baseUrl()}/`);
  });

  it('redirects a student who opens /admin, with the spec message', async ({ expect, onTestFinished }) => {
    const page = await file.newPageFor(onTestFinished);
    await signInToDashboard(page, 'student', 'Student!2345');
    await page.goto(`${baseUrl()}/admin`);
    await page.getByText('You do not have admin privileges to access this area.').waitFor();
    expect(new URL(page.url()).pathname.toLowerCase()).toBe('/dashboard');
  });

  it('sends a signed-out visitor of a guarded route to the login screen', async ({ expect, onTestFinished }) => {
    const page = await file.newPageFor(onTestFinished);
    await page.goto(`${baseUrl()}/cohort-management`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
