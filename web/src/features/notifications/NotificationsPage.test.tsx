import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '#contract/notifications';
import { jsonResponse, signedIn, stubApi, toastText, type Answer, type ApiCall } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { notice, page } from './notificationTestData';

const first = [
  notice(1, { title: 'Payment received', category: 'billing', body: 'We received **$250.00**.', link: '/payments' }),
  notice(2, { title: 'Clinical schedule', body: 'Read it:\n- Monday\n- Tuesday' }),
];
const second = [notice(3, { title: 'Welcome', category: 'account', read: true })];
const PREFERENCES: NotificationPreferences = { announcement: 'email', reminder: 'in_app' };

/** The inbox in two pages (the second by its cursor), 3 unread, and the preferences. */
const inboxAnswers = (): Record<string, Answer> => ({
  'GET /api/notifications/': (call) => jsonResponse(call.path.includes('cursor=p2') ? page(second, null, 3) : page(first, call.path.includes('limit=20') ? 'p2' : null, 3)),
  'GET /api/users/me/notification-preferences/': jsonResponse(PREFERENCES),
});

function openInbox(answers: Record<string, Answer> = {}) {
  const calls = stubApi({ ...inboxAnswers(), ...answers });
  const view = renderApp('/notifications', { preloadedState: signedIn() });
  return { calls, ...view };
}

const inbox = () => screen.getByRole('list', { name: 'Notifications' });
// the notices are the list's own items (a body's bullets are items of lists inside them)
const entries = () => Array.from(inbox().children) as HTMLElement[];
const inboxReads = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/notifications/?limit=20')).map((c) => c.path);

describe('Notifications page (/notifications)', () => {
  it('lists the notices newest first with category, date, title, formatted body and unread mark, a page at a time', async () => {
    const { calls } = openInbox();
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(entries()).toHaveLength(2));
    const [payment, schedule] = entries();
    expect(within(payment!).getByText('Billing')).toBeTruthy();
    expect(within(payment!).getByRole('heading', { level: 3, name: 'Payment received' })).toBeTruthy();
    expect(within(payment!).getByText('$250.00').tagName).toBe('STRONG');
    expect(within(payment!).getByText('Unread:')).toBeTruthy();
    expect(
      within(schedule!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Monday', 'Tuesday']);
    expect(screen.getByText('3 unread notifications')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(within(entries()[2]!).queryByText('Unread:')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(inboxReads(calls)).toEqual(['/api/notifications/?limit=20', '/api/notifications/?limit=20&cursor=p2']);
  });

  it('says so when there are no notices', async () => {
    openInbox({ 'GET /api/notifications/': jsonResponse(page([])) });
    expect(await screen.findByText('You have no notifications yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens a notice: marked read at once, then on to its link in the app', async () => {
    const { calls, router } = openInbox({ [`POST /api/notifications/${first[0]!.id}/read/`]: jsonResponse({ unread_count: 2 }) });
    await waitFor(() => expect(entries()).toHaveLength(2));
    fireEvent.click(within(entries()[0]!).getByRole('button', { name: 'Payment received' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/notifications/${first[0]!.id}/read/`]);
  });

  it('marks a notice without a link read where it is, by a click anywhere on it', async () => {
    const { calls, router } = openInbox({ [`POST /api/notifications/${first[1]!.id}/read/`]: jsonResponse({ unread_count: 2 }) });
    await waitFor(() => expect(entries()).toHaveLength(2));
    fireEvent.click(within(entries()[1]!).getByText('Monday'));
    await waitFor(() => expect(within(entries()[1]!).queryByText('Unread:')).toBeNull());
    expect(screen.getByText('2 unread notifications')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/notifications');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/notifications/${first[1]!.id}/read/`]);
  });

  it('puts the dot back and says so when marking read fails', async () => {
    openInbox({ [`POST /api/notifications/${first[1]!.id}/read/`]: jsonResponse({ error: 'boom' }, 500) });
    await waitFor(() => expect(entries()).toHaveLength(2));
    fireEvent.click(within(entries()[1]!).getByRole('button', { name: 'Clinical schedule' }));
    expect(await toastText()).toBe('The notification could not be marked as read. Please try again.');
    expect(within(entries()[1]!).getByText('Unread:')).toBeTruthy();
  });

  it('marks all as read', async () => {
    const { calls } = openInbox({ 'POST /api/notifications/read-all/': jsonResponse({ unread_count: 0 }) });
    await waitFor(() => expect(entries()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(inbox()).queryByText('Unread:')).toBeNull());
    expect(screen.getByText('0 unread notifications')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/notifications/read-all/']);
  });
});

describe('Email preferences', () => {
  const group = (name: string) => screen.getByRole('radiogroup', { name: new RegExp(`^${name}`) });
  const choice = (name: string, label: string) => within(group(name)).getByRole('radio', { name: label }) as HTMLInputElement;

  it('shows billing, required actions and account as always emailed, locked on, with the reason', async () => {
    openInbox();
    await screen.findByRole('radiogroup', { name: 'Announcements' });
    for (const name of ['Billing', 'Required actions', 'Account']) {
      expect(choice(name, 'Email and in-app').checked).toBe(true);
      expect(choice(name, 'Email and in-app').disabled).toBe(true);
      expect(choice(name, 'In-app only').disabled).toBe(true);
    }
    expect(screen.getByText('Billing and required notices are always emailed.')).toBeTruthy();
    expect(choice('Announcements', 'Email and in-app').checked).toBe(true);
    expect(choice('Reminders', 'In-app only').checked).toBe(true);
  });

  it('saves a change with a toast', async () => {
    const { calls } = openInbox({ 'PUT /api/users/me/notification-preferences/': (call) => jsonResponse(call.body) });
    await screen.findByRole('radiogroup', { name: 'Announcements' });
    const save = screen.getByRole('button', { name: 'Save preferences' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(choice('Announcements', 'In-app only'));
    fireEvent.click(save);
    expect(await toastText()).toBe('Email preferences saved');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ announcement: 'in_app', reminder: 'in_app' }]);
  });

  it('says why a save failed, as a sentence', async () => {
    openInbox({ 'PUT /api/users/me/notification-preferences/': jsonResponse({ error: 'reminder: must be email or in_app' }, 400) });
    await screen.findByRole('radiogroup', { name: 'Announcements' });
    fireEvent.click(choice('Reminders', 'Email and in-app'));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Reminder must be email or in_app.');
  });
});
