import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { brand } from '#shared/brand';
import { jsonResponse, requestUrl, sampleUser, signedIn } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';

/** Answers the login call with `login`, and the dashboard's student call with 404 (an admin-like user). */
function stubApi(login: () => Promise<Response>) {
  const fetchMock = vi.fn((input: unknown) => (requestUrl(input).includes('/api/users/login/') ? login() : Promise.resolve(jsonResponse({ error: 'Not found' }, 404))));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openLogin(path = '/') {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in' });
  return rendered;
}

function signIn(username = 'student', password = 'Student!2345') {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login screen', () => {
  it('shows the welcome panel, the sign-in form, the help link and the copyright footer', async () => {
    await openLogin();
    const welcome = screen.getByRole('region', { name: `Welcome to ${brand.collegeName}` });
    for (const feature of ['Tracking academic progress', 'Managing tuition and financial aid', 'Accessing course materials and schedules']) {
      expect(within(welcome).getByText(feature)).toBeTruthy();
    }
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('link', { name: 'Need help signing in?' }).getAttribute('href')).toBe(`mailto:${brand.helpEmail}`);
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()} ${brand.collegeName}`);
  });

  it('shows "Loading..." while the request is pending', async () => {
    stubApi(() => new Promise<Response>(() => {}));
    await openLogin();
    signIn();
    const button = await screen.findByRole('button', { name: 'Loading...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's detail message on failure", async () => {
    stubApi(async () => jsonResponse({ detail: 'Incorrect username or password.', error: 'NotAuthorizedException' }, 401));
    await openLogin();
    signIn('student', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('does no client-side validation: empty fields still go to the server', async () => {
    const fetchMock = stubApi(async () => jsonResponse({ detail: 'username is required' }, 400));
    await openLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('username is required')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('on success says "Login successful!" and goes to /Dashboard', async () => {
    const user = sampleUser({ first_name: 'Jane' });
    stubApi(async () => jsonResponse(user));
    const { router } = await openLogin();
    signIn();
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane!' })).toBeTruthy();
  });

  it('sends a signed-in visitor straight to /Dashboard', async () => {
    stubApi(() => new Promise<Response>(() => {}));
    const { router } = renderApp('/', { preloadedState: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
  });

  it('/login leads to the login screen at /, keeping the redirect target in the query', async () => {
    const { router } = await openLogin('/login?redirect=%2Fadmin');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?redirect=%2Fadmin');
  });

  it('always goes to /Dashboard, whatever the redirect target', async () => {
    stubApi(async () => jsonResponse(sampleUser()));
    const { router } = await openLogin('/login?redirect=%2Fcart');
    signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
  });
});
