import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldProblem, fill, jsonResponse, optionTexts } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { asAdmin, demoAnswers, stubStudentsApi, summaries, type Call } from './studentTestData';

async function openDialog(answers = demoAnswers()) {
  const calls = stubStudentsApi(answers);
  renderApp('/admin?view=students', { preloadedState: asAdmin() });
  fireEvent.click(await screen.findByRole('button', { name: 'Add Student' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Student' });
  // The cohort select fills in once the cohorts have answered.
  await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(4));
  return { calls, dialog };
}

const creations = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/students/');

/** A student the form accepts, by field label. */
const VALID_STUDENT = { Username: 'new.student', Email: 'new.student@example.edu', 'First Name': 'New', 'Last Name': 'Student', Cohort: 'cohort-2026-cert-2' };

describe('Add Student', { timeout: 20_000 }, () => {
  it("checks the form with the server's schema before sending anything", async () => {
    const { calls, dialog } = await openDialog();
    fill(dialog, { Username: 'No Spaces', Email: 'not-an-email', 'Temporary Password': 'short' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Student' }));

    await waitFor(() => expect(fieldProblem(dialog, 'Username')).toBe('Username may contain only lower-case letters, digits, dots, hyphens and underscores'));
    expect(fieldProblem(dialog, 'Email')).toBe('Email must be an email address');
    expect(fieldProblem(dialog, 'First Name')).toBe('First Name is required');
    expect(fieldProblem(dialog, 'Cohort')).toBe('Cohort is required');
    expect(fieldProblem(dialog, 'Program Name')).toBe('Program Name is required');
    expect(fieldProblem(dialog, 'Temporary Password')).toBe('Temporary Password must be at least 8 characters');
    expect(creations(calls)).toHaveLength(0);

    // Fixing a field clears its message.
    fill(dialog, { Username: 'fixed.name' });
    expect(fieldProblem(dialog, 'Username')).toBeNull();
  });

  it('offers the cohorts of the chosen program type and fills in the program name from the cohort', async () => {
    const { dialog } = await openDialog();
    const cohortOptions = () => optionTexts(within(dialog).getByRole('combobox', { name: 'Cohort' }));
    expect(cohortOptions()).toEqual(['Choose a cohort', '2026-2027 Cohort 2 (Phlebotomy)', '2025-2026 Cohort 1 (Nursing Assistant)']);
    fill(dialog, { Cohort: 'cohort-2026-cert-2' });
    expect((within(dialog).getByLabelText('Program Name', { exact: false }) as HTMLInputElement).value).toBe('Phlebotomy');

    fill(dialog, { 'Program Type': 'diploma' });
    expect(cohortOptions()).toEqual(['Choose a cohort', '2025-2026 Cohort 1 (Patient Care Technician)']);
    expect((within(dialog).getByRole('combobox', { name: 'Cohort' }) as HTMLSelectElement).value).toBe('');
  });

  it('creates the student (an invitation without a temporary password), says so and refreshes the list', async () => {
    const answers = { ...demoAnswers(), 'POST /api/students/': (call: Call) => jsonResponse({ ...summaries[0], ...(call.body as object) }, 201) };
    const { calls, dialog } = await openDialog(answers);
    fill(dialog, VALID_STUDENT);
    fireEvent.click(within(dialog).getByRole('switch', { name: 'On Payment Plan' }));
    const listedBefore = calls.filter((c) => c.path === '/api/students/' && c.method === 'GET').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Student' }));

    expect(await screen.findByText('Student new.student created successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Student' })).toBeNull());
    expect(creations(calls)[0]?.body).toEqual({
      username: 'new.student',
      first_name: 'New',
      last_name: 'Student',
      email: 'new.student@example.edu',
      phone_number: '',
      program_type: 'certificate',
      program_name: 'Phlebotomy',
      cohort_id: 'cohort-2026-cert-2',
      on_payment_plan: true,
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/students/' && c.method === 'GET').length).toBeGreaterThan(listedBefore));
  });

  it("sends a temporary password when given, and keeps the dialog open with the server's 409 message", async () => {
    const answers = { ...demoAnswers(), 'POST /api/students/': () => jsonResponse({ error: 'username: new.student is already taken' }, 409) };
    const { calls, dialog } = await openDialog(answers);
    fill(dialog, { ...VALID_STUDENT, 'Temporary Password': 'Temp!2345x' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Student' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Username new.student is already taken.');
    expect((creations(calls)[0]?.body as { temporary_password?: string }).temporary_password).toBe('Temp!2345x');
    expect(screen.getByRole('dialog', { name: 'Add Student' })).toBeTruthy();
  });
});
