import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { brand } from '#shared/brand';
import { jsonResponse, sampleUser, signedIn, stubMediaQueries } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';

const TITLE = `${brand.collegeName} Admin Dashboard`;
// The spec's six entries, plus Students and the Audit log after Cohorts.
const MENU = ['Overview', 'Documents', 'Cohorts', 'Students', 'Audit log', 'Categories', 'Analytics', 'Settings'];

/** A window as wide (or as narrow) as the theme's md breakpoint says. */
const screenWidth = (wide: boolean) => stubMediaQueries((query) => wide && query.includes('min-width:900px'));

async function openPanel(path = '/admin', wide = true) {
  screenWidth(wide);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse([])),
  );
  const view = renderApp(path, { preloadedState: signedIn(sampleUser({ username: 'admin', first_name: 'Ada', isAdmin: true, is_staff: true })) });
  await screen.findByRole('heading', { level: 1, name: TITLE });
  return view;
}

const menu = () => screen.getByRole('navigation', { name: 'Admin menu' });
const menuItem = (name: string) => within(menu()).getByRole('button', { name });

describe('Admin panel (spec: Admin panel)', { timeout: 20_000 }, () => {
  it("is titled as the college's admin dashboard and opens on Documents", async () => {
    await openPanel();
    expect(
      within(menu())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(MENU);
    expect(menuItem('Documents').getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Document Management' })).toBeTruthy();
  });

  it('switches views from the menu and keeps the view in the URL', async () => {
    const { router } = await openPanel();
    fireEvent.click(menuItem('Overview'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeTruthy();
    expect(screen.getByText(/^Welcome, Ada!/)).toBeTruthy();
    expect(router.state.location.search).toBe('?view=overview');

    for (const name of ['Categories', 'Analytics', 'Settings']) {
      fireEvent.click(menuItem(name));
      expect(await screen.findByText(`The ${name} feature is coming soon.`)).toBeTruthy();
    }

    fireEvent.click(menuItem('Cohorts'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Cohort Management' })).toBeTruthy();
    expect(router.state.location.search).toBe('?view=cohorts');
    expect(await screen.findByText('No cohorts found matching your criteria')).toBeTruthy();

    fireEvent.click(menuItem('Students'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Students' })).toBeTruthy();
    expect(router.state.location.search).toBe('?view=students');
  });

  it('opens the view named in the URL, so a reload keeps it', async () => {
    await openPanel('/admin?view=cohorts');
    expect(await screen.findByRole('heading', { level: 2, name: 'Cohort Management' })).toBeTruthy();
    expect(menuItem('Cohorts').getAttribute('aria-current')).toBe('page');
  });

  it('shows the menu in a 240-wide permanent drawer on wide screens', async () => {
    await openPanel('/admin', true);
    expect(screen.queryByRole('button', { name: 'Open admin menu' })).toBeNull();
    const drawer = menu().parentElement as HTMLElement;
    expect(getComputedStyle(drawer).width).toBe('240px');
  });

  it('hides the menu in a temporary drawer on small screens, closed after a choice', async () => {
    const { router } = await openPanel('/admin', false);
    expect(screen.queryByRole('navigation', { name: 'Admin menu' })).toBeNull();
    const open = screen.getByRole('button', { name: 'Open admin menu' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const drawer = menu().parentElement as HTMLElement;
    expect(getComputedStyle(drawer).width).toBe('240px');
    fireEvent.click(menuItem('Settings'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Admin menu' })).toBeNull());
    expect(router.state.location.search).toBe('?view=settings');
    expect(await screen.findByText('The Settings feature is coming soon.')).toBeTruthy();
  });
});
