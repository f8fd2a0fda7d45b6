import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asAdmin, fieldProblem, fill, jsonResponse, signedIn, stubApi, tableRows, toastText, type ApiCall } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { announcement, cohorts, nursingCohort } from './announcementTestData';
import { openComposer, openPage, pickStudent } from './announcementTestPage';

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/announcements/');

describe('Announcements (/admin/announcements)', () => {
  it('lists sent and scheduled announcements: subject, audience, status, recipients, time, and a warning for addresses that took no email', async () => {
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeTruthy();
    await waitFor(() => expect(tableRows('Announcements')).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Subject', 'Audience', 'Status', 'Recipients', 'Sent / Scheduled', 'Actions']);
    await waitFor(() => expect(tableRows('Announcements')[0]![1]).toBe('Cohort: 2025-2026 Cohort 1 (Nursing Assistant)'));
    const [first, second] = tableRows('Announcements');
    expect(first!.slice(0, 5)).toEqual(['Clinical badges', 'Cohort: 2025-2026 Cohort 1 (Nursing Assistant)', 'Sent2 not emailed', '24', 'Mar 2, 2026, 9:00 AM CST']);
    expect(second!.slice(0, 5)).toEqual(['Make-up exam', 'Students: aisha.khan, ben.nguyen, carla.diaz and 1 more', 'Scheduled', '4', 'Jul 1, 2026, 5:30 PM CDT']);
  });

  it('shows whom email missed in the details', async () => {
    openPage();
    await waitFor(() => expect(tableRows('Announcements')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'View Clinical badges' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clinical badges' });
    const warning = within(dialog).getByRole('alert');
    expect(within(warning).getByText("2 recipients' addresses no longer take email; they got the notice in-app.")).toBeTruthy();
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Maria Lopez (maria.lopez): Bounced', 'Ben Nguyen (ben.nguyen): Marked as spam']);
  });

  it('says so when there are none yet', async () => {
    openPage('/admin/announcements', { 'GET /api/announcements/': jsonResponse({ results: [], next: null, count: 0 }) });
    expect(await screen.findByText('No announcements yet. Press New Announcement to send the first.')).toBeTruthy();
  });

  it('is for staff and admins only: a student is sent to the dashboard with the reason', async () => {
    const { router } = openPage('/admin/announcements', {}, signedIn());
    expect((await screen.findByText('You do not have staff privileges to access this area.')).textContent).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Dashboard');
  });
});

describe('Announcement composer', () => {
  it('requires a subject and a message, and a cohort for a cohort audience', async () => {
    const { calls } = openPage();
    const dialog = await openComposer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fieldProblem(dialog, 'Subject')).toBe('Subject is required'));
    expect(fieldProblem(dialog, 'Message')).toBe('Message is required');
    fill(dialog, { Audience: 'cohort' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fieldProblem(dialog, 'Cohort')).toBe('Cohort is required for a cohort audience'));
    fill(dialog, { Audience: 'students' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fieldProblem(dialog, 'Students')).toBe('Choose at least one student.'));
    expect(posts(calls)).toEqual([]);
  });

  it('previews the message as recipients read it: bold, bullets and links as elements, markup as text', async () => {
    openPage();
    const dialog = await openComposer();
    fill(dialog, { Message: '**Bring** your badge:\n- Scrubs\n- Stethoscope\n\nSee https://example.edu/clinicals <script>alert(1)</script>' });
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Bring').tagName).toBe('STRONG');
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Scrubs', 'Stethoscope']);
    expect(within(preview).getByRole('link', { name: 'https://example.edu/clinicals' }).getAttribute('href')).toBe('https://example.edu/clinicals');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.textContent).toContain('<script>alert(1)</script>');
  });

  it('sends now to everyone, with email, then says so and reads the list again', async () => {
    const { calls } = openPage('/admin/announcements', { 'POST /api/announcements/': (call) => jsonResponse(announcement({ id: 'a-3', ...(call.body as object) }), 201) });
    await waitFor(() => expect(tableRows('Announcements')).toHaveLength(2));
    const dialog = await openComposer();
    fill(dialog, { Subject: 'Campus closed Monday', Message: 'The campus is closed **Monday**.' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await toastText()).toBe('Announcement sent');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls).map((c) => c.body)).toEqual([{ subject: 'Campus closed Monday', body: 'The campus is closed **Monday**.', audience: 'general', send_email: true }]);
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/announcements/'))).toHaveLength(2));
  });

  it('schedules one for named students in-app only, at a Chicago time sent with its offset', async () => {
    const { calls } = openPage('/admin/announcements', {
      'POST /api/announcements/': (call) => jsonResponse(announcement({ id: 'a-4', ...(call.body as object), status: 'scheduled', sent_at: null }), 201),
    });
    const dialog = await openComposer();
    fill(dialog, { Subject: 'Make-up exam', Message: 'Room 204.', Audience: 'students' });
    await pickStudent(dialog, 'Students', 'aisha', /^Aisha Khan aisha\.khan/);
    await pickStudent(dialog, 'Students', 'jane.d', /^Jane Doe jane\.doe/);
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Also send by email' }));
    fill(dialog, { 'Send later': '2030-07-01T17:30' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await toastText()).toBe('Announcement scheduled for Jul 1, 2030, 5:30 PM CDT');
    expect(posts(calls).map((c) => c.body)).toEqual([
      {
        subject: 'Make-up exam',
        body: 'Room 204.',
        audience: 'students',
        usernames: ['aisha.khan', 'jane.doe'],
        send_email: false,
        send_at: '2030-07-01T17:30:00-05:00',
      },
    ]);
  });

  it('refuses a send-later time already past', async () => {
    const { calls } = openPage();
    const dialog = await openComposer();
    fill(dialog, { Subject: 'Late', Message: 'Too late.', 'Send later': '2020-01-01T09:00' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(fieldProblem(dialog, 'Send later')).toBe('Send later must be a time still to come'));
    expect(posts(calls)).toEqual([]);
  });

  it("keeps the dialog open with the server's refusal as a sentence", async () => {
    openPage('/admin/announcements', { 'POST /api/announcements/': jsonResponse({ error: 'cohort_id: no such cohort' }, 400) });
    const dialog = await openComposer();
    fill(dialog, { Subject: 'Hello', Message: 'Hi.', Audience: 'cohort' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: '2026-2027 Cohort 2 (Ultrasound Program)' })).toBeTruthy());
    fill(dialog, { Cohort: 'cohort-2026-dipl-2' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No such cohort.');
  });

  it("opens preset to a cohort from a cohort's Email All link, and forgets the preset once closed", async () => {
    const { router } = openPage(`/admin/announcements?compose=cohort&cohort_id=${nursingCohort.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'New Announcement' });
    expect((within(dialog).getByRole('combobox', { name: 'Audience' }) as HTMLSelectElement).value).toBe('cohort');
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Cohort' }) as HTMLSelectElement).value).toBe(nursingCohort.id));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("is where a cohort roster's Email All leads (admins)", async () => {
    stubApi({
      'GET /api/cohorts/': jsonResponse(cohorts),
      [`GET /api/cohorts/${nursingCohort.id}/students/`]: jsonResponse([]),
      'GET /api/announcements/': jsonResponse({ results: [], next: null, count: 0 }),
    });
    const { router } = renderApp(`/cohort-management/${nursingCohort.id}`, { preloadedState: asAdmin() });
    fireEvent.click(await screen.findByRole('link', { name: 'Email All' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Announcement' });
    expect(router.state.location.pathname).toBe('/admin/announcements');
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Cohort' }) as HTMLSelectElement).value).toBe(nursingCohort.id));
  });
});
