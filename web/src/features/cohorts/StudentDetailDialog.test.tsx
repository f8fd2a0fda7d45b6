import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { descriptionPairs, jsonResponse } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { NO_EMAIL } from './cohortMessages';
import { asAdmin, certCohort, demoAnswers, stubCohortApi, type Answer } from './cohortTestData';

/** Opens the certificate cohort and the dialog of one roster student, as a keyboard user would. */
async function openStudent(name: string, answers: Record<string, Answer> = demoAnswers(), title = `Student Details: ${name}`) {
  const calls = stubCohortApi(answers);
  renderApp(`/cohort-management/${certCohort.id}`, { preloadedState: asAdmin() });
  const view = await screen.findByRole('button', { name: `View details of ${name}` });
  view.focus();
  fireEvent.click(view);
  const dialog = await screen.findByRole('dialog', { name: title });
  return { calls, view, dialog };
}

const section = (dialog: HTMLElement, title: string) => within(dialog).getByRole('region', { name: title });
const facts = descriptionPairs;

describe('Student detail dialog (spec: Student detail dialog)', { timeout: 20_000 }, () => {
  it("shows the student's information, payment status, enrollments by program type and latest 10 payments", async () => {
    const { calls, dialog } = await openStudent('Maria Lopez');
    expect(calls.map((c) => c.path)).toContain('/api/students/student/');
    expect(facts(section(dialog, 'Student Information'))).toEqual([
      ['Full Name', 'Maria Lopez'],
      ['Email', 'student@students.example.edu'],
      ['Phone', '555-0101'],
      ['Enrolled', 'Sep 2, 2025'],
      ['Payment Plan', 'Yes'],
    ]);
    expect(facts(section(dialog, 'Payment Status'))).toEqual([
      ['Outstanding Balance', '$5,700.00'],
      ['Status', 'Overdue'],
      ['Next Due Date', 'Dec 15, 2026'],
    ]);
    const enrollments = section(dialog, 'Program Enrollments');
    expect(
      within(enrollments)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Program Enrollments', 'Certificate', 'Diploma']);
    expect(enrollments.textContent).toContain('Nursing Assistant: balance $1,500.00');
    expect(enrollments.textContent).toContain('Patient Care Technician: balance $4,200.00');

    const payments = within(section(dialog, 'Payment History')).getAllByRole('row').slice(1);
    expect(payments).toHaveLength(10);
    expect(
      within(payments[0])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Dec 15, 2025', '$111.00', 'Card', 'Succeeded', 'pi_p12']);
    expect(within(payments[9]).getAllByRole('cell')[4].textContent).toBe('pi_p03');
  });

  it('labels exactly 500 "Overdue" (the roster says "Due") and below 500 "Payment Due"', async () => {
    const { dialog } = await openStudent('Carla Diaz');
    expect(within(section(dialog, 'Payment Status')).getByText('Overdue')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'View details of Ben Nguyen, "Jr."' }));
    const ben = await screen.findByRole('dialog', { name: 'Student Details: Ben Nguyen, "Jr."' });
    expect(within(section(ben, 'Payment Status')).getByText('Payment Due')).toBeTruthy();
  });

  it('shows "Account Current" at 0 and the spec text without enrollments', async () => {
    const { dialog } = await openStudent('Nia Okafor');
    expect(facts(section(dialog, 'Payment Status'))).toEqual([
      ['Outstanding Balance', '$0.00'],
      ['Status', 'Account Current'],
      ['Next Due Date', 'None'],
    ]);
    expect(within(section(dialog, 'Program Enrollments')).getByText('No program enrollments found')).toBeTruthy();
    expect(facts(section(dialog, 'Student Information'))[4]).toEqual(['Payment Plan', 'No']);
  });

  it('Send Email opens the mail client, or says there is no address; View Full Profile links to the record page', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { dialog } = await openStudent('Carla Diaz');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    expect(alert).toHaveBeenLastCalledWith(NO_EMAIL);
    expect(within(dialog).getByRole('link', { name: 'View Full Profile' }).getAttribute('href')).toBe('/admin?view=students&student=carla.diaz');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'View details of Aisha Khan' }));
    const aisha = await screen.findByRole('dialog', { name: 'Student Details: Aisha Khan' });
    expect(within(aisha).getByRole('link', { name: 'Send Email' }).getAttribute('href')).toBe('mailto:aisha.khan@students.example.edu');
  });

  it('moves focus into the dialog and back to the view button on Close', async () => {
    const { dialog, view } = await openStudent('Aisha Khan');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(view));
  });

  it('says so when the student cannot be loaded', async () => {
    const failing = { ...demoAnswers(), 'GET /api/students/aisha.khan/': jsonResponse({ error: 'boom' }, 500) };
    const { dialog } = await openStudent('Aisha Khan', failing, 'Student Details');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to load student details');
  });
});
