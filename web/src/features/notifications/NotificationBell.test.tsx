import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, signedIn, stubApi, type ApiCall } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { bellLabel } from './NotificationBell';
import { notice, page } from './notificationTestData';

// a page of the app that reads nothing else from the API
const PAGE = '/course-schedule-editor';

const latest = [
  notice(1, { title: 'Tuition receipt', category: 'billing', link: '/payments', created_at: new Date(Date.now() - 5 * 60_000).toISOString() }),
  notice(2, { title: 'Orientation moved' }),
  notice(3, { title: 'Sign the handbook', category: 'required_action', read: true }),
];

const notificationReads = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/notifications/'));

function openWithBell(answers = {}) {
  const calls = stubApi({
    'GET /api/notifications/': jsonResponse(page(latest)),
    'POST /api/notifications/read-all/': jsonResponse({ unread_count: 0 }),
    [`POST /api/notifications/${latest[0]!.id}/read/`]: jsonResponse({ unread_count: 1 }),
    ...answers,
  });
  const view = renderApp(PAGE, { preloadedState: signedIn() });
  return { calls, ...view };
}

describe('the header bell', () => {
  it('names the unread count, as the badge shows it (99+ above 99)', () => {
    expect([0, 3, 99, 120].map(bellLabel)).toEqual(['Notifications', 'Notifications, 3 unread', 'Notifications, 99 unread', 'Notifications, 99+ unread']);
  });

  it('shows the unread count of the latest notices to a signed-in person', async () => {
    const { calls } = openWithBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.textContent).toBe('2');
    expect(notificationReads(calls).map((c) => c.path)).toEqual(['/api/notifications/?limit=5']);
  });

  it('is not there for anonymous visitors, who never ask for notifications', async () => {
    const calls = stubApi({});
    renderApp('/courses');
    await screen.findByRole('heading', { level: 1, name: 'Courses Catalog' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(notificationReads(calls)).toEqual([]);
  });

  it('opens a menu of the latest notices: title, how long ago, unread mark; See all and Mark all read', async () => {
    openWithBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const menu = await screen.findByRole('menu', { name: 'Latest notifications' });
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Unread:Tuition receipt5 minutes ago', 'Unread:Orientation moved2 hours ago', 'Sign the handbook3 hours ago', 'See all', 'Mark all read']);
    expect(within(menu).getByRole('menuitem', { name: 'See all' }).getAttribute('href')).toBe('/notifications');
  });

  it('marks every notice read from the menu', async () => {
    const { calls } = openWithBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Mark all read' }));
    // the dots go at once, and the menu stays open to show it
    await waitFor(() => expect(within(menu).queryByText('Unread:')).toBeNull());
    expect(within(menu).getByRole('menuitem', { name: 'Mark all read' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/notifications/read-all/']);
  });

  it('opens a notice: marked read, the count down by one, and on to its subject', async () => {
    const { calls, router } = openWithBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Tuition receipt/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/notifications/${latest[0]!.id}/read/`]);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('reads the count again when the window regains focus', async () => {
    const { calls } = openWithBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.focus(window);
    await waitFor(() => expect(notificationReads(calls)).toHaveLength(2));
  });

  it('stays a plain bell, with no alert, when the notices cannot be read', async () => {
    openWithBell({ 'GET /api/notifications/': jsonResponse({ error: 'boom' }, 500) });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(within(await screen.findByRole('menu')).getByText('Unable to load your notifications')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
