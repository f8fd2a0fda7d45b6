import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { brand } from '#shared/brand';
import { jsonResponse, sampleUser, signedIn } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { decideAdminAccess, NOT_ADMIN_MESSAGE, UNVERIFIABLE_SESSION_MESSAGE } from '#shared/session/adminAccess';

describe('admin access decision (spec sections 4 and 6)', () => {
  const admin = sampleUser({ isAdmin: true });

  it('waits while a login is pending', () => {
    expect(decideAdminAccess(null, true)).toEqual({ status: 'loading' });
  });

  it('sends anonymous users to login', () => {
    expect(decideAdminAccess(null, false)).toEqual({ status: 'redirect', to: 'login' });
  });

  it('sends non-admins to the dashboard with the message', () => {
    expect(decideAdminAccess(sampleUser({ isAdmin: false, is_staff: true }), false)).toEqual({
      status: 'redirect',
      to: 'dashboard',
      message: 'You do not have admin privileges to access this area.',
    });
  });

  it('reports a session without a token as an error', () => {
    expect(decideAdminAccess({ ...admin, token: '' }, false)).toEqual({ status: 'error', message: UNVERIFIABLE_SESSION_MESSAGE });
  });

  it('lets admins in', () => {
    expect(decideAdminAccess(admin, false)).toEqual({ status: 'allowed' });
  });
});

describe('AdminGuard on /admin and /cohort-management', () => {
  it.each(['/admin', '/cohort-management'])('redirects a non-admin from %s to /Dashboard with the message', async (path) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Not found' }, 404)),
    );
    const { router } = renderApp(path, { preloadedState: signedIn(sampleUser({ isAdmin: false })) });
    expect((await screen.findByRole('alert')).textContent).toContain(NOT_ADMIN_MESSAGE);
    expect(router.state.location.pathname).toBe('/Dashboard');
  });

  it('sends an anonymous visitor to /login, which shows the login screen at /', async () => {
    const { router } = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?redirect=%2Fadmin');
  });

  it('lets an admin in', async () => {
    renderApp('/admin', { preloadedState: signedIn(sampleUser({ isAdmin: true })) });
    expect(await screen.findByRole('heading', { name: `${brand.collegeName} Admin Dashboard` })).toBeTruthy();
  });

  it('lets an admin into Cohort Management', async () => {
    const { router } = renderApp('/cohort-management', { preloadedState: signedIn(sampleUser({ isAdmin: true })) });
    expect(await screen.findByRole('heading', { name: 'Cohort Management' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cohort-management'));
  });
});
