import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app/router';
import { seasonLabel } from '../../lib/season';
import { jsonResponse, renderRoutes, sampleUser, signedIn } from '../../test-utils';
import { welcomeText } from './welcome';

describe('welcome text', () => {
  it('uses the first name, else the username', () => {
    expect(welcomeText({ first_name: 'Jane', username: 'jdoe' })).toBe('Welcome back, Jane!');
    expect(welcomeText({ first_name: '  ', username: 'jdoe' })).toBe('Welcome back, jdoe!');
  });
});

describe('Dashboard header card', () => {
  it('shows the welcome, email, program from the student record, and the semester chip', async () => {
    const fetchMock = vi.fn(async (_input: unknown) => jsonResponse({ username: 'student', program: 'Practical Nursing Diploma' }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(appRoutes, '/Dashboard', { preloadedState: signedIn(sampleUser({ token: 'tok-9' })) });

    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane!' })).toBeTruthy();
    expect(screen.getByText('student@example.edu')).toBeTruthy();
    expect(await screen.findByText('Practical Nursing Diploma')).toBeTruthy();
    expect(screen.getByText(seasonLabel())).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Course Schedule Editor' }).getAttribute('href')).toBe('/course-schedule-editor');

    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.url).toMatch(/\/api\/students\/student\/$/);
    expect(request.headers.get('Authorization')).toBe('Bearer tok-9');
  });

  it('omits the program when the user has no student record (404)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ error: 'Not found' }, 404)));
    const warn = vi.spyOn(console, 'warn');
    renderRoutes(appRoutes, '/Dashboard', { preloadedState: signedIn(sampleUser({ username: 'admin', first_name: '', isAdmin: true })) });
    expect(await screen.findByRole('heading', { name: 'Welcome back, admin!' })).toBeTruthy();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends anonymous visitors to the login screen at /', async () => {
    const { router } = renderRoutes(appRoutes, '/Dashboard');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/');
  });
});
