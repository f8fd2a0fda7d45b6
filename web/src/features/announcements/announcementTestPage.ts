import { fireEvent, screen, within } from '@testing-library/react';
import { jsonResponse, passTime, sampleUser, signedIn, stubApi, withFakeTimers, type Answer } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { cohorts, searchStudents, scheduled, sent } from './announcementTestData';

/** The announcements page as the announcement tests open it: signed in as staff, the API stubbed. */

export const asStaff = () => signedIn(sampleUser({ username: 'staff', first_name: 'Sam', is_staff: true }));

export function openPage(path = '/admin/announcements', answers: Record<string, Answer> = {}, preloadedState = asStaff()) {
  const calls = stubApi({
    'GET /api/announcements/': (call) => jsonResponse(call.path.includes('cursor=') ? { results: [], next: null, count: 2 } : { results: [sent, scheduled], next: null, count: 2 }),
    'GET /api/cohorts/': jsonResponse(cohorts),
    'GET /api/students/': searchStudents,
    ...answers,
  });
  const view = renderApp(path, { preloadedState });
  return { calls, ...view };
}

export async function openComposer() {
  fireEvent.click(await screen.findByRole('button', { name: 'New Announcement' }));
  return screen.findByRole('dialog', { name: 'New Announcement' });
}

/** Types into a search box as a person does: in the box first (the picker takes only a focused box's typing). */
export function typeIn(input: HTMLElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
}

/** How long the student picker waits for typing to pause before it searches (useStudentSearch's debounce). */
const SEARCH_PAUSE_MS = 300;

/** On fake timers (withFakeTimers): lets the picker's typing pause pass at once instead of in real time. */
export const typingPauses = () => passTime(SEARCH_PAUSE_MS);

/** Types `text` into the student picker named `label` in `scope`, then, once typing has paused, chooses the match `option` names. */
export async function pickStudent(scope: HTMLElement, label: string, text: string, option: RegExp) {
  await withFakeTimers(async () => {
    typeIn(within(scope).getByRole('combobox', { name: new RegExp(`^${label}`) }), text);
    await typingPauses();
    fireEvent.click(await screen.findByRole('option', { name: option }));
  });
}
