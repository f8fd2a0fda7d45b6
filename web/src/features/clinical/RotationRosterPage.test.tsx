import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RosterEntry } from '#contract/clinical';
import { asAdmin, fill, jsonResponse, stubApi, tableRows, type Answer } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { asCoordinator, entry, roster, rotation } from './clinicalTestData';

const SHARE = 'POST /api/rotations/rot-1/share/';
const cohorts = [
  {
    id: 'c-1',
    academic_year: '2026-2027',
    cohort_number: 1,
    program_type: 'diploma',
    program_name: 'Practical Nursing',
    student_count: 10,
    is_active: true,
    start_date: null,
    end_date: null,
  },
];

function open(students?: RosterEntry[], answers: Record<string, Answer> = {}) {
  const calls = stubApi({
    'GET /api/rotations/rot-1/roster/': jsonResponse(roster(students)),
    'GET /api/cohorts/': jsonResponse(cohorts),
    [SHARE]: jsonResponse({ id: 's-1', path: '/shared/rosters/tok', expires_at: '2026-12-01T15:00:00.000Z', overridden: false }, 201),
    ...answers,
  });
  renderApp('/rotations/rot-1', { preloadedState: asCoordinator() });
  return calls;
}

const shareDialog = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Share with site' }));
  return screen.findByRole('dialog', { name: 'Share with site' });
};

describe("A rotation's roster", { timeout: 20_000 }, () => {
  it('shows the details and who is cleared, with the reasons of those who are not', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mercy General, ICU' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Details' })).toBeTruthy();
    expect(screen.getByText('Dana Cruz (dana@school.test)')).toBeTruthy();
    expect(tableRows('Roster')).toEqual([
      ['Jane Doe', 'jdoe', 'Cleared', 'Remove'],
      ['Bob Smith', 'bsmith', 'Not clearedBLS card expires Feb 1, 2027, before the rotation ends', 'Remove'],
    ]);
    expect(screen.getByText('1 of 2 students are not cleared.')).toBeTruthy();
  });

  it('adds students by username, and says so in a sentence when the rotation is full', async () => {
    const calls = open(undefined, {
      'POST /api/rotations/rot-1/students/': ({ body }) =>
        (body as { usernames?: string[] }).usernames?.length === 1
          ? jsonResponse(rotation())
          : jsonResponse({ error: 'This rotation has room for 1 more student; 2 were asked' }, 409),
    });
    const form = await screen.findByRole('form', { name: 'Add students by username' });
    fill(form, { Usernames: 'amy, ben' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add students' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This rotation has room for 1 more student; 2 were asked');
    fill(form, { Usernames: 'amy' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add students' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/rotations/rot-1/students/').map((c) => c.body)).toEqual([{ usernames: ['amy', 'ben'] }, { usernames: ['amy'] }]);
  });

  it('adds a whole cohort and takes a student off', async () => {
    const calls = open(undefined, {
      'POST /api/rotations/rot-1/students/': jsonResponse(rotation()),
      'DELETE /api/rotations/rot-1/students/bsmith/': new Response(null, { status: 204 }),
    });
    const form = await screen.findByRole('form', { name: 'Add a cohort' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Practical Nursing 2026-2027 #1' })).toBeTruthy());
    fill(form, { Cohort: 'c-1' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add cohort' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ cohort_id: 'c-1' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob Smith' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove this student?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/rotations/rot-1/students/bsmith/')).toBe(true));
  });

  it('asks for a reason to share only when someone is not cleared, then shows the whole link to copy', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = open();
    const dialog = await shareDialog();
    expect(within(dialog).getByText(/1 of 2 students are not cleared for this rotation/)).toBeTruthy();
    expect((within(dialog).getByLabelText('Days the link works', { exact: false }) as HTMLInputElement).value).toBe('7');
    fill(dialog, { Recipient: 'Pat Lee' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share roster' }));
    expect(await within(dialog).findByText('Give a reason to share a roster with students who are not cleared.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fill(dialog, { 'Reason to share anyway': 'The site agreed to orient him on day one' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share roster' }));
    const done = await screen.findByRole('dialog', { name: 'Roster shared' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ recipient: 'Pat Lee', expires_in_days: 7, override_reason: 'The site agreed to orient him on day one' });
    const link = `${window.location.origin}/shared/rosters/tok`;
    expect((within(done).getByLabelText('Link') as HTMLInputElement).value).toBe(link);
    expect(within(done).getByText(/It works until Dec 1, 2026/)).toBeTruthy();
    fireEvent.click(within(done).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    expect(await within(done).findByText('Link copied.')).toBeTruthy();
  });

  it('shares without a reason when everyone is cleared', async () => {
    const calls = open([entry()]);
    const dialog = await shareDialog();
    expect(within(dialog).queryByLabelText('Reason to share anyway', { exact: false })).toBeNull();
    expect(within(dialog).queryByText(/not cleared/)).toBeNull();
    fill(dialog, { Recipient: 'Pat Lee', 'Days the link works': '3' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share roster' }));
    await screen.findByRole('dialog', { name: 'Roster shared' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ recipient: 'Pat Lee', expires_in_days: 3 });
  });

  it('is open to admins too, and says when the rotation is gone', async () => {
    stubApi({ 'GET /api/rotations/rot-1/roster/': jsonResponse({ error: 'Rotation not found' }, 404) });
    renderApp('/rotations/rot-1', { preloadedState: asAdmin() });
    expect(await screen.findByText('Unable to load the roster: Rotation not found')).toBeTruthy();
  });
});
