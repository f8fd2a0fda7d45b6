import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_TIMERS, fieldProblem, fill, jsonResponse, toastText, type ApiCall } from '../../testing/test-utils';
import { announcement } from './announcementTestData';
import { openComposer, openPage, pickStudent, typeIn, typingPauses } from './announcementTestPage';

const searches = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/students/?')).map((c) => c.path);
const sentBodies = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/announcements/').map((c) => c.body);
const picker = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: /^Students/ });
/** The picker's matches as listed (its listbox, outside the dialog). */
const matches = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);

async function composeToStudents() {
  const page = openPage('/admin/announcements', { 'POST /api/announcements/': (call) => jsonResponse(announcement({ id: 'a-5', ...(call.body as object) }), 201) });
  const dialog = await openComposer();
  fill(dialog, { Subject: 'Make-up exam', Message: 'Room 204.', Audience: 'students' });
  return { ...page, dialog };
}

describe('Announcement composer: the student picker', () => {
  // the pause the picker waits for after typing passes at once (typingPauses), not in real time
  beforeEach(() => {
    vi.useFakeTimers(FAKE_TIMERS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches as staff type, once typing pauses, and shows each match with name, username and program', async () => {
    const { calls, dialog } = await composeToStudents();
    for (const text of ['j', 'ja', 'jan']) typeIn(picker(dialog), text);
    await typingPauses();
    await waitFor(() => expect(matches()).toEqual(['Jane Doe jane.doe · Phlebotomy', 'Janet Lee janet.lee · No program']));
    expect(searches(calls)).toEqual(['/api/students/?search=jan']);
  });

  it('sends the chosen students by username, shown as chips with their names', async () => {
    const { calls, dialog } = await composeToStudents();
    await pickStudent(dialog, 'Students', 'jane', /^Jane Doe jane\.doe/);
    await pickStudent(dialog, 'Students', 'khan', /^Aisha Khan/);
    expect([...dialog.querySelectorAll('.MuiChip-label')].map((chip) => chip.textContent)).toEqual(['Jane Doe', 'Aisha Khan']);
    // a chosen student is offered no more
    typeIn(picker(dialog), 'jan');
    await typingPauses();
    await waitFor(() => expect(matches()).toEqual(['Janet Lee janet.lee · No program']));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await toastText()).toBe('Announcement sent');
    expect(sentBodies(calls)).toEqual([{ subject: 'Make-up exam', body: 'Room 204.', audience: 'students', usernames: ['jane.doe', 'aisha.khan'], send_email: true }]);
  });

  it('chooses by keyboard: the first match is highlighted, Enter takes it, Backspace removes the last chip', async () => {
    const { dialog } = await composeToStudents();
    typeIn(picker(dialog), 'aisha');
    await typingPauses();
    await screen.findByRole('option', { name: /^Aisha Khan/ });
    fireEvent.keyDown(picker(dialog), { key: 'Enter' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Aisha Khan' })).toBeTruthy());
    fireEvent.keyDown(picker(dialog), { key: 'Backspace' });
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Aisha Khan' })).toBeNull());
  });

  it('asks for two letters before searching, and says when nobody matches', async () => {
    const { calls, dialog } = await composeToStudents();
    typeIn(picker(dialog), 'j');
    expect(await screen.findByText('Type at least 2 letters of a name or username.')).toBeTruthy();
    typeIn(picker(dialog), 'zz');
    await typingPauses();
    expect(await screen.findByText('No students found.')).toBeTruthy();
    expect(searches(calls)).toEqual(['/api/students/?search=zz']);
  });

  it('says so in a sentence when none is chosen', async () => {
    const { calls, dialog } = await composeToStudents();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fieldProblem(dialog, 'Students')).toBe('Choose at least one student.'));
    expect(sentBodies(calls)).toEqual([]);
  });

  it('says so in a sentence when the search fails', async () => {
    openPage('/admin/announcements', { 'GET /api/students/': jsonResponse({ message: 'Internal Server Error' }, 500) });
    const dialog = await openComposer();
    fill(dialog, { Audience: 'students' });
    typeIn(picker(dialog), 'jane');
    await typingPauses();
    await waitFor(() => expect(fieldProblem(dialog, 'Students')).toBe('Students could not be searched. Please try again.'));
  });
});
