import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { descriptionPairs, fieldProblem, fill, jsonResponse, tableRows } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { asAdmin, demoAnswers, jane, stubStudentsApi, type Answer, type Call } from './studentTestData';

async function openRecord(username = 'jane.doe', answers: Record<string, Answer> = demoAnswers()) {
  const calls = stubStudentsApi(answers);
  const view = renderApp(`/admin?view=students&student=${username}`, { preloadedState: asAdmin() });
  return { calls, ...view };
}

const section = (name: string) => screen.getByRole('region', { name });
const facts = (region: HTMLElement) => Object.fromEntries(descriptionPairs(region));
const posts = (calls: Call[], path: string) => calls.filter((c) => c.method !== 'GET' && c.path === path);
const studentReads = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/students/jane.doe/').length;

/** Presses `button` in `dialog`, waits for the success toast and answers the body of the first write to `path`. */
async function sentBody(calls: Call[], path: string, dialog: HTMLElement, button: string, toast: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  expect(await screen.findByText(toast)).toBeTruthy();
  return posts(calls, path)[0]?.body;
}

describe('Student record page', { timeout: 20_000 }, () => {
  it('shows the profile, the enrollments with their balances, the ledger newest first and every document that applies', async () => {
    const { calls } = await openRecord();
    expect(await screen.findByRole('heading', { level: 2, name: 'Jane Doe' })).toBeTruthy();
    await waitFor(() => expect(facts(section('Profile'))['Sign-in']).toBe('Enabled'));
    expect(facts(section('Profile'))).toMatchObject({
      Username: 'jane.doe',
      Email: 'jane.doe@students.example.edu',
      Phone: '555-0100',
      Program: 'Phlebotomy',
      'Program Type': 'Certificate',
      Cohort: '2026-2027 Cohort 2',
      'Payment Plan': 'Yes',
    });
    expect(tableRows('Enrollments')).toEqual([['Certificate', 'Phlebotomy', '$750.00', '$100.00', '$650.00', 'Dec 15, 2026']]);

    // Every ledger entry with its reason; the declined card attempt is in no entry, the paid one is, once.
    await waitFor(() => expect(tableRows('Ledger')).toHaveLength(4));
    const [declined, paid, credit, charge] = tableRows('Ledger');
    expect(declined?.slice(1)).toEqual(['Card payment', 'Phlebotomy', '$200.00', '', 'Card (visa •••• 4242)', 'Failed', 'pi_declined']);
    expect(paid?.slice(1)).toEqual(['Payment', 'Phlebotomy', '$100.00', '', 'Card', 'Succeeded', 'pi_paid']);
    expect(credit).toEqual(['Sep 15, 2026', 'Credit', 'Phlebotomy', '$50.00', 'Scholarship', '', '', '']);
    expect(charge).toEqual(['Sep 1, 2026', 'Charge', 'Phlebotomy', '$800.00', 'Tuition', '', '', '']);

    // Every document that applies to Jane, whatever its scope, in one call, each with where she stands
    await waitFor(() => expect(tableRows('Documents')).toHaveLength(4));
    const [agreement, immunization, handbook, video] = tableRows('Documents');
    expect(agreement?.slice(0, 2)).toEqual(['Enrollment Agreement', 'Individual Students']);
    expect(agreement?.[4]).toBe('Mandatory, signature');
    expect(agreement?.[5]).toMatch(/^Acknowledged Sep 12, 2026, .*, signed "Jane Doe"$/);
    expect(immunization?.slice(4)).toEqual(['Mandatory', 'Not yet acknowledged']);
    expect(handbook).toEqual(['Student Handbook', 'General Resources', 'N/A', 'Sep 10, 2026', 'Mandatory', 'Not yet acknowledged']);
    expect(video?.slice(1)).toEqual(['Program Materials', 'Forms', 'Sep 10, 2026', 'None', 'Not required']);
    expect(calls.filter((c) => c.path.startsWith('/api/documents/')).map((c) => `${c.path}?${c.query}`)).toEqual(['/api/documents/?student=jane.doe']);
    expect(screen.getByRole('link', { name: 'Back to Students' }).getAttribute('href')).toBe('/admin?view=students');
  });

  it("enrolls the student after checking the form with the server's schema, then reads the record again", async () => {
    const answers = { ...demoAnswers(), 'POST /api/students/jane.doe/enrollments/': () => jsonResponse({ program_id: 'ekg' }, 201) };
    const { calls } = await openRecord('jane.doe', answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Enroll in Program' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enroll in Program' });
    // Starts from the student's own program.
    expect((within(dialog).getByLabelText('Program Name', { exact: false }) as HTMLInputElement).value).toBe('Phlebotomy');
    fill(dialog, { 'Amount Due': '12.345' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enroll' }));
    await waitFor(() => expect(fieldProblem(dialog, 'Amount Due')).toBe('Amount Due must be an amount of at least 0 with at most two decimals'));
    expect(posts(calls, '/api/students/jane.doe/enrollments/')).toHaveLength(0);

    fill(dialog, { 'Program Name': 'EKG Technician', 'Amount Due': '800.00', 'Next Due Date': '2027-01-15' });
    const readsBefore = studentReads(calls);
    expect(await sentBody(calls, '/api/students/jane.doe/enrollments/', dialog, 'Enroll', 'Enrollment added successfully')).toEqual({
      program_type: 'certificate',
      program_name: 'EKG Technician',
      amount_due: '800.00',
      next_due_date: '2027-01-15',
    });
    await waitFor(() => expect(studentReads(calls)).toBeGreaterThan(readsBefore));
  });

  it('posts a credit with its reason against one of the programs', async () => {
    const answers = { ...demoAnswers(), 'POST /api/students/jane.doe/charges/': () => jsonResponse({ id: 'c1' }, 201) };
    const { calls } = await openRecord('jane.doe', answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Post Charge or Credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post Charge or Credit' });
    fill(dialog, { Kind: 'credit', Amount: '0', Reason: 'no' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(fieldProblem(dialog, 'Amount')).toBe('Amount must be greater than 0'));
    expect(fieldProblem(dialog, 'Reason')).toBe('Reason must say why (at least 3 characters)');

    fill(dialog, { Amount: '50.00', Reason: 'Scholarship adjustment' });
    expect(await sentBody(calls, '/api/students/jane.doe/charges/', dialog, 'Post', 'Credit posted successfully')).toEqual({
      program_type: 'certificate',
      program_id: 'phlebotomy',
      kind: 'credit',
      amount: '50.00',
      reason: 'Scholarship adjustment',
    });
  });

  it('disables sign-in after a confirmation, then offers to enable it again', async () => {
    let enabled = true;
    const answers = {
      ...demoAnswers(),
      // the record carries its sign-in state; the switch reads the record again
      'GET /api/students/jane.doe/': () => ({ ...jane, sign_in_enabled: enabled }),
      'PUT /api/students/jane.doe/sign-in/': (call: Call) => {
        enabled = (call.body as { enabled: boolean }).enabled;
        return { username: 'jane.doe', sign_in_enabled: enabled };
      },
    };
    const { calls } = await openRecord('jane.doe', answers);
    const disable = await screen.findByRole('button', { name: 'Disable Sign-in' });
    await waitFor(() => expect((disable as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(disable);
    const confirm = await screen.findByRole('dialog', { name: 'Disable Sign-in' });
    expect(confirm.textContent).toContain('Are you sure you want to disable sign-in for Jane Doe (jane.doe)?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(posts(calls, '/api/students/jane.doe/sign-in/')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Disable Sign-in' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Disable Sign-in' })).getByRole('button', { name: 'Disable Sign-in' }));
    expect(await screen.findByText('Sign-in disabled')).toBeTruthy();
    expect(posts(calls, '/api/students/jane.doe/sign-in/')[0]?.body).toEqual({ enabled: false });
    // the confirmation closes with a transition; until it is gone the page behind it is hidden
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Enable Sign-in' })).toBeTruthy();
    expect(facts(section('Profile'))['Sign-in']).toBe('Disabled');
  });

  it('lists the emails sent to the student, newest first, the undelivered ones flagged, a page at a time', async () => {
    const { calls } = await openRecord();
    await waitFor(() => expect(tableRows('Message log')).toHaveLength(3));
    expect(tableRows('Message log').map(([, category, subject, status]) => [category, subject, status])).toEqual([
      ['Billing', 'Your payment failed', 'Bounced'],
      ['Billing', 'Payment received', 'Delivered'],
      ['Billing', 'Your receipt', 'Suppressed'],
    ]);
    expect(tableRows('Message log')[0]?.[0]).toMatch(/^Sep 20, 2026, /);
    const flagged = (status: string) => within(section('Messages')).getByText(status).closest('.MuiChip-root')?.className ?? '';
    expect(flagged('Bounced')).toContain('MuiChip-colorError');
    expect(flagged('Suppressed')).toContain('MuiChip-colorError');
    expect(flagged('Delivered')).not.toContain('MuiChip-colorError');

    fireEvent.click(within(section('Messages')).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(tableRows('Message log')).toHaveLength(4));
    expect(tableRows('Message log')[3]?.slice(1)).toEqual(['Reminder', 'Documents to sign', 'In digest']);
    expect(calls.filter((c) => c.path === '/api/students/jane.doe/messages/').map((c) => c.query.toString())).toEqual(['limit=20', 'limit=20&cursor=m2']);
  });

  it('offers no charge or credit before the student is enrolled', async () => {
    await openRecord('new.student');
    expect(await screen.findByText('No program enrollments found')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Post Charge or Credit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('No documents apply to this student')).toBeTruthy();
    expect(await screen.findByText('No ledger entries yet')).toBeTruthy();
    expect(await screen.findByText('No emails sent to this student yet')).toBeTruthy();
  });

  it('says when there is no such student', async () => {
    await openRecord('nobody');
    expect((await screen.findByRole('alert')).textContent).toBe('Student not found');
  });
});
