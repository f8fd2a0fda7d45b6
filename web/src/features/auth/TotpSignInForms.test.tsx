import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, sampleUser, stubApi, type Answer } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { otpauthUri } from './mfa';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP = {
  error: 'Your account needs two-step sign-in.',
  detail: 'Your account needs two-step sign-in. Add the portal to an authenticator app, then enter the 6-digit code it shows.',
  code: 'mfa_setup_required',
  session: 'enrolment-1',
  secret_code: SECRET,
};
const CHALLENGE = { error: 'x', detail: 'Enter the 6-digit code from your authenticator app to finish signing in.', code: 'mfa_required', session: 'cognito-session-1' };
const admin = sampleUser({ username: 'mfa.admin', first_name: 'Morgan', isAdmin: true, is_staff: true, mfa_enabled: true });

/** The login answers `login`; the second step answers `step`. */
async function signIn(login: object, step: Record<string, Answer>) {
  const calls = stubApi({ 'POST /api/users/login/': jsonResponse(login, 401), ...step });
  const view = renderApp('/');
  await screen.findByRole('heading', { name: 'Sign in' });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'mfa.admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'MfaAdmin!2345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  return { calls, ...view };
}

const enter = (code: string) => {
  fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify and Login' }));
};

describe('setting up two-step sign-in at the first sign-in of an admin, finance or staff account', { timeout: 20_000 }, () => {
  it('shows the QR code of the otpauth URI, the key as text, and asks for a code; no password field', async () => {
    await signIn(SETUP, {});
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(screen.getByText(SETUP.detail)).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('data-otpauth-uri')).toBe(otpauthUri('mfa.admin', SECRET));
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP').getAttribute('data-totp-secret')).toBe(SECRET);
    const code = screen.getByLabelText('6-digit code') as HTMLInputElement;
    expect([code.autocomplete, code.inputMode]).toEqual(['one-time-code', 'numeric']);
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('the otpauth URI names the issuer "Portal" and the username', () => {
    expect(otpauthUri('mfa.admin', SECRET)).toBe(`otpauth://totp/Portal%3Amfa.admin?secret=${SECRET}&issuer=Portal&algorithm=SHA1&digits=6&period=30`);
  });

  it('a right code signs in like a login: stored user info, "Login successful!", /Dashboard', async () => {
    const { calls, router } = await signIn(SETUP, { 'POST /api/users/mfa-setup/': jsonResponse(admin) });
    await screen.findByRole('heading', { name: 'Set up two-step sign-in' });
    enter('123 456');
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
    expect(calls.find((c) => c.path === '/api/users/mfa-setup/')?.body).toEqual({ username: 'mfa.admin', session: 'enrolment-1', code: '123456' });
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toMatchObject({ username: 'mfa.admin', mfa_enabled: true });
  });

  it("a wrong code shows the server's sentence and keeps the form for another try", async () => {
    const wrong = 'That code is not right. Check that the time on your phone is set automatically, then enter the newest code your authenticator app shows.';
    await signIn(SETUP, { 'POST /api/users/mfa-setup/': jsonResponse({ error: wrong }, 400) });
    await screen.findByRole('heading', { name: 'Set up two-step sign-in' });
    enter('000000');
    expect((await screen.findByRole('alert')).textContent).toBe(wrong);
    expect(screen.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('');
  });

  it('asks for six digits before calling the server', async () => {
    const { calls } = await signIn(SETUP, {});
    await screen.findByRole('heading', { name: 'Set up two-step sign-in' });
    enter('12a');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code.');
    expect(calls.filter((c) => c.path === '/api/users/mfa-setup/')).toHaveLength(0);
  });

  it('an expired enrolment goes back to the sign-in form with the message', async () => {
    await signIn(SETUP, { 'POST /api/users/mfa-setup/': jsonResponse({ error: 'x', detail: 'Your sign-in session expired. Please sign in again.' }, 401) });
    await screen.findByRole('heading', { name: 'Set up two-step sign-in' });
    enter('123456');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Your sign-in session expired. Please sign in again.');
  });
});

describe('signing in with a code when two-step sign-in is on', { timeout: 20_000 }, () => {
  it('asks for the code (no QR code) and signs in with it', async () => {
    const { calls, router } = await signIn(CHALLENGE, { 'POST /api/users/mfa/': jsonResponse(admin) });
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeTruthy();
    expect(screen.getByText(CHALLENGE.detail)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    enter('654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
    expect(calls.find((c) => c.path === '/api/users/mfa/')?.body).toEqual({ username: 'mfa.admin', session: 'cognito-session-1', code: '654321' });
  });

  it('a wrong code ends the attempt: back to the password form, with the reason', async () => {
    const refused = 'That code is not right. Please sign in again and enter the current code from your authenticator app.';
    await signIn(CHALLENGE, { 'POST /api/users/mfa/': jsonResponse({ error: refused, detail: refused, code: 'mfa_code_refused' }, 401) });
    await screen.findByRole('heading', { name: 'Two-step sign-in' });
    enter('111111');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(refused);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('"Back to sign in" returns to the password form', async () => {
    await signIn(CHALLENGE, {});
    await screen.findByRole('heading', { name: 'Two-step sign-in' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
