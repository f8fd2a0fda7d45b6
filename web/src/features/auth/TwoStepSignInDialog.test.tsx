import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithStore, sampleUser, signedIn, stubApi } from '../../testing/test-utils';
import { TwoStepSignInButton } from './TwoStepSignInButton';

const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';

function openDialog(user = sampleUser(), answers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi(answers);
  // the header's button (app/shell/Header.tsx shows it to students only)
  const view = renderWithStore(<TwoStepSignInButton />, { preloadedState: signedIn(user) });
  fireEvent.click(screen.getByRole('button', { name: 'Two-step sign-in' }));
  return { calls, ...view };
}

describe("a student's own two-step sign-in", { timeout: 20_000 }, () => {
  it('turns it on: QR code and key, then a code; the stored user info says it is on', async () => {
    const { calls, store } = openDialog(sampleUser(), {
      'POST /api/users/totp/': jsonResponse({ secret_code: SECRET }),
      'POST /api/users/totp/verify/': jsonResponse({ mfa_enabled: true }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Two-step sign-in' });
    expect(within(dialog).getByText(/Protect your account with a second step/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeTruthy();
    expect(within(dialog).getByText('KRSX G5CT MVRX EZLU KRSX G5CT MVRX EZLU')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('6-digit code'), { target: { value: '246810' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and turn on' }));
    expect(await within(dialog).findByText('Two-step sign-in is now on.')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/users/totp/', 'POST /api/users/totp/verify/']);
    expect(calls[1]!.body).toEqual({ code: '246810' });
    expect(store.getState().auth.userInfo?.mfa_enabled).toBe(true);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toMatchObject({ mfa_enabled: true });
  });

  it("shows the server's sentence for a wrong code and lets the student try again", async () => {
    const wrong = 'That code is not right. Check that the time on your phone is set automatically, then enter the newest code your authenticator app shows.';
    openDialog(sampleUser(), {
      'POST /api/users/totp/': jsonResponse({ secret_code: SECRET }),
      'POST /api/users/totp/verify/': jsonResponse({ error: wrong }, 400),
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    fireEvent.change(await within(dialog).findByLabelText('6-digit code'), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and turn on' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(wrong);
    expect(within(dialog).getByRole('button', { name: 'Verify and turn on' })).toBeTruthy();
  });

  it('says when it is already on, and who turns it off', async () => {
    openDialog(sampleUser({ mfa_enabled: true }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Two-step sign-in is on\./)).toBeTruthy();
    expect(within(dialog).getByText(/Contact the school office/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Turn on' })).toBeNull();
  });
});
