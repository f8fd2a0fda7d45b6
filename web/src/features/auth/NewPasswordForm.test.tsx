import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestUrl, sampleUser } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';

const CHALLENGE = { detail: 'Please choose a new password to finish signing in.', code: 'new_password_required', session: 'session-abc' };

/** Login asks for a new password; new-password answers with `newPassword`; the dashboard's student call 404s. */
function stubApi(newPassword: () => Response) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init?: RequestInit) => {
      const url = requestUrl(input);
      calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (url.includes('/api/users/login/')) return jsonResponse({ error: CHALLENGE.detail, ...CHALLENGE }, 401);
      if (url.includes('/api/users/new-password/')) return newPassword();
      return jsonResponse({ error: 'Not found' }, 404);
    }),
  );
  return calls;
}

async function signInWithTemporaryPassword(newPassword: () => Response = () => jsonResponse(sampleUser({ username: 'new.student', first_name: 'New' }))) {
  const calls = stubApi(newPassword);
  const view = renderApp('/');
  await screen.findByRole('heading', { name: 'Sign in' });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'new.student' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Temp!2345x' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('heading', { name: 'Choose a new password' });
  return { calls, ...view };
}

function choose(password: string, confirmation = password) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Set Password and Login' }));
}

const newPasswordCalls = <T extends { url: string }>(calls: T[]) => calls.filter((c) => c.url.includes('/api/users/new-password/'));

describe('First sign-in with a temporary password', { timeout: 20_000 }, () => {
  it("asks for a new password with the server's message instead of showing an error", async () => {
    await signInWithTemporaryPassword();
    expect(screen.getByText(CHALLENGE.detail)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('New password') as HTMLInputElement).type).toBe('password');
    expect((screen.getByLabelText('Confirm new password') as HTMLInputElement).type).toBe('password');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('completes the login like a normal one: stored user info, "Login successful!", /Dashboard', async () => {
    const { calls, router } = await signInWithTemporaryPassword();
    choose('Chosen!2345');
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
    expect(newPasswordCalls(calls)[0]?.body).toEqual({ username: 'new.student', session: 'session-abc', new_password: 'Chosen!2345' });
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toMatchObject({ username: 'new.student', token: 'token-123' });
  });

  it('says when the two passwords differ, without asking the server', async () => {
    const { calls } = await signInWithTemporaryPassword();
    choose('Chosen!2345', 'Chosen!2346');
    expect((await screen.findByRole('alert')).textContent).toBe('The two passwords do not match.');
    expect(newPasswordCalls(calls)).toHaveLength(0);
  });

  it("shows the server's message for a refused password, and goes back to the sign-in form on request", async () => {
    const refusal = () => jsonResponse({ error: 'new_password: Password does not conform to policy: Password must have symbol characters' }, 400);
    await signInWithTemporaryPassword(refusal);
    choose('simplepassword');
    expect((await screen.findByRole('alert')).textContent).toBe('Password does not conform to policy: Password must have symbol characters');
    expect(screen.getByRole('button', { name: 'Set Password and Login' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows an expired session as the server words it', async () => {
    const expired = () => jsonResponse({ error: 'x', detail: 'Your sign-in session expired. Please sign in again with your temporary password.' }, 401);
    await signInWithTemporaryPassword(expired);
    choose('Chosen!2345');
    expect((await screen.findByRole('alert')).textContent).toBe('Your sign-in session expired. Please sign in again with your temporary password.');
  });
});
