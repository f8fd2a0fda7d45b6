import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { seasonLabel } from '#shared/lib/season';
import { expectShownFor, jsonResponse, signedIn, tableRows, withFakeTimers } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';

const COLUMNS = ['Course Code', 'Course Name', 'Credits', 'Schedule', 'Location', 'Instructor', 'Status', 'Actions'];

async function openEditor() {
  // Only the dashboard calls the API; answer it like a user without a student record.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ error: 'Not found' }, 404)),
  );
  const rendered = renderApp('/course-schedule-editor', { preloadedState: signedIn() });
  await screen.findByRole('heading', { level: 1, name: 'Course Schedule Editor' });
  return rendered;
}

const rows = () => tableRows('Course schedule');

function summary(label: string): string | null | undefined {
  return within(screen.getByRole('region', { name: 'Schedule summary' })).getByText(label).nextElementSibling?.textContent;
}

/** Picks options in one of the dialog's selects (MUI Select opens on mouse down). */
function choose(dialog: HTMLElement, label: string, ...options: string[]) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  const listbox = screen.getByRole('listbox');
  for (const option of options) fireEvent.click(within(listbox).getByRole('option', { name: option }));
  if (options.length > 1 || label === 'Days') fireEvent.keyDown(listbox, { key: 'Escape' });
}

function type(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

async function addCourse() {
  fireEvent.click(screen.getByRole('button', { name: 'Add Course' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Course' });
  type(dialog, 'Course Code', 'NUR 130');
  type(dialog, 'Course Name', 'Maternal and Newborn Nursing');
  choose(dialog, 'Days', 'Wed', 'Mon');
  choose(dialog, 'Start Time', '08:00 AM');
  choose(dialog, 'End Time', '10:00 AM');
  type(dialog, 'Location', 'Room 310');
  type(dialog, 'Instructor', 'Dr. Lee');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add Course' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

// MUI dialogs and selects are slow in jsdom, more so on a busy 2-core machine.
describe('Course Schedule Editor', { timeout: 20_000 }, () => {
  it('shows the back link, semester chip, summary, columns and the three sample courses', async () => {
    await openEditor();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/Dashboard');
    expect(screen.getByText(seasonLabel())).toBeTruthy();
    expect(summary('Registered Courses')).toBe('3');
    expect(summary('Total Credit Hours')).toBe('10');
    expect(summary('Status')).toBe('Active');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(COLUMNS);
    expect(rows()).toEqual([
      ['NUR 101', 'Fundamentals of Nursing', '4', 'Mon, Wed09:00 AM - 11:00 AM', 'Room 204', 'Dr. Sarah Mitchell', 'Registered', ''],
      ['NUR 112', 'Anatomy and Physiology for Nurses', '3', 'Tue, Thu01:00 PM - 03:00 PM', 'Science Lab 2', 'Prof. David Chen', 'Registered', ''],
      ['NUR 120', 'Introduction to Pharmacology', '3', 'Fri10:00 AM - 01:00 PM', 'Room 118', 'Dr. Angela Brooks', 'Registered', ''],
    ]);
    const chip = screen.getAllByText('Registered')[0].closest('.MuiChip-root');
    expect(chip?.className).toContain('MuiChip-colorSuccess');
    expect(screen.getByRole('button', { name: 'Save Schedule' })).toBeTruthy();
  });

  it('adds a course: Pending with 3 credits by default, id = count + 1, primary chip', async () => {
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add Course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Course' });
    expect((within(dialog).getByLabelText('Credits') as HTMLInputElement).value).toBe('3');
    expect(within(dialog).getByRole('combobox', { name: /^Status/ }).textContent).toBe('Pending');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await addCourse();
    expect(rows()[3]).toEqual(['NUR 130', 'Maternal and Newborn Nursing', '3', 'Mon, Wed08:00 AM - 10:00 AM', 'Room 310', 'Dr. Lee', 'Pending', '']);
    expect(screen.getByText('Pending').closest('.MuiChip-root')?.className).toContain('MuiChip-colorPrimary');
    expect((await screen.findByRole('alert')).textContent).toContain('Course added successfully');
    expect(summary('Registered Courses')).toBe('4');
    expect(summary('Total Credit Hours')).toBe('13');
  });

  it('edits a course in the "Edit Course" dialog', async () => {
    await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Edit NUR 101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
    expect((within(dialog).getByLabelText('Course Name') as HTMLInputElement).value).toBe('Fundamentals of Nursing');
    type(dialog, 'Credits', '5');
    choose(dialog, 'Status', 'Waitlisted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Course' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()[0]).toEqual(['NUR 101', 'Fundamentals of Nursing', '5', 'Mon, Wed09:00 AM - 11:00 AM', 'Room 204', 'Dr. Sarah Mitchell', 'Waitlisted', '']);
    expect((await screen.findByRole('alert')).textContent).toContain('Course updated successfully');
    expect(summary('Total Credit Hours')).toBe('11');
  });

  it('deletes a course and hides the toast after 4000 ms', async () => {
    await openEditor();
    await withFakeTimers(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete NUR 112' }));
      expect(rows().map((row) => row[0])).toEqual(['NUR 101', 'NUR 120']);
      expect(screen.getByRole('alert').textContent).toContain('Course deleted successfully');
      expect(summary('Registered Courses')).toBe('2');
      await expectShownFor(4000, () => screen.queryByRole('alert'));
    });
  });

  it('saves the schedule per user, and a reload restores it', async () => {
    const first = await openEditor();
    await addCourse();
    fireEvent.click(screen.getByRole('button', { name: 'Delete NUR 101' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Schedule saved successfully');
    expect(JSON.parse(localStorage.getItem('schedule_student') ?? '[]')).toHaveLength(3);
    first.unmount();

    await openEditor(); // a fresh store and router, as after a reload
    expect(rows().map((row) => row[0])).toEqual(['NUR 112', 'NUR 120', 'NUR 130']);
  });

  it('does not keep unsaved changes across a reload', async () => {
    const first = await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Delete NUR 101' }));
    first.unmount();
    await openEditor();
    expect(rows()).toHaveLength(3);
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = await openEditor();
    const beforeUnload = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(beforeUnload()).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete NUR 101' }));
    expect(beforeUnload()).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay on Page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/course-schedule-editor');

    fireEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave Page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
  });

  it('leaves without asking once the changes are saved', async () => {
    const { router } = await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Delete NUR 101' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Schedule' }));
    expect(!window.dispatchEvent(new Event('beforeunload', { cancelable: true }))).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('still logs out with unsaved changes (the login screen follows)', async () => {
    const { router, store } = await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Delete NUR 101' }));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth.userInfo).toBeNull();
  });
});
