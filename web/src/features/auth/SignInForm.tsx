import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { brand } from '#shared/brand';
import { useAppDispatch, useAppSelector } from '#shared/store/hooks';
import { MFA_REQUIRED_CODE, MFA_SETUP_REQUIRED_CODE } from '#contract/mfa-codes';
import { login, selectLoginError, selectLoginPending, type LoginRefusal } from '#shared/session/authSlice';
import type { NewPasswordChallenge } from './NewPasswordForm';
import { SignInInput, SignInStep } from '#shared/components/SignInStep';
import type { TotpStep } from './TotpSignInForms';

// Loaded only when the server asks for a new password or a TOTP code: the login page is within a size budget.
const NewPasswordForm = lazy(() => import('./NewPasswordForm'));
const TotpSignInForms = lazy(() => import('./TotpSignInForms'));

/** Right-hand sign-in panel. No client-side validation, as the spec says: the server decides. */
export function SignInForm() {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectLoginPending);
  const error = useAppSelector(selectLoginError);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<NewPasswordChallenge | null>(null);
  const [totp, setTotp] = useState<TotpStep | null>(null);
  /** Why the password form is back (a TOTP step that ended), shown until the next attempt. */
  const [restarted, setRestarted] = useState<string | null>(null);
  /** The login's 401 that led to the TOTP step is not an error to show on the way back. */
  const [stepped, setStepped] = useState(false);
  const shownError = restarted ?? (stepped ? null : error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setRestarted(null);
    setStepped(false);
    const result = await dispatch(login({ username, password }));
    // An account with a temporary password: the server wants a new one before signing in.
    if (!login.rejected.match(result) || !result.meta.rejectedWithValue) return;
    // `meta` is the refusal's body (void only when the server was not reached, which rejects without one).
    const { code, session, secret_code } = result.meta as LoginRefusal;
    if (code === 'new_password_required' && typeof session === 'string') {
      setChallenge({ username, session, message: result.payload ?? '' });
      setPassword('');
    }
    // A code from the authenticator app, or (admin, finance, staff) setting one up first
    if ((code === MFA_REQUIRED_CODE || code === MFA_SETUP_REQUIRED_CODE) && typeof session === 'string') {
      const setup = code === MFA_SETUP_REQUIRED_CODE && typeof secret_code === 'string';
      setTotp({ kind: setup ? 'setup' : 'code', username, session, secret: setup ? secret_code : undefined, message: result.payload ?? '' });
      setStepped(true);
      setPassword('');
    }
  };

  if (totp) {
    const restart = (message?: string) => {
      setTotp(null);
      setRestarted(message ?? null);
    };
    return (
      <LaterStep minWidth={0}>
        <TotpSignInForms step={totp} onRestart={restart} />
      </LaterStep>
    );
  }

  if (challenge) {
    return (
      <LaterStep>
        <NewPasswordForm challenge={challenge} onCancel={() => setChallenge(null)} />
      </LaterStep>
    );
  }

  const help = (
    <Typography sx={{ mt: 2 }}>
      <Link href={`mailto:${brand.helpEmail}`}>Need help signing in?</Link>
    </Typography>
  );
  return (
    <SignInStep titleId="sign-in-title" title="Sign in" error={shownError} pending={pending} submitLabel="Login" onSubmit={submit} footer={help} sx={panel}>
      <SignInInput id="login-username" name="username" label="Username" autoComplete="username" value={username} onValue={setUsername} />
      <SignInInput id="login-password" name="password" label="Password" type="password" autoComplete="current-password" value={password} onValue={setPassword} />
    </SignInStep>
  );
}

const panel = { p: { xs: 3, md: 5 } } as const;

/** A step loaded when the server asks for it, in the panel's place. */
function LaterStep({ minWidth, children }: { minWidth?: number; children: ReactNode }) {
  return (
    <Box sx={{ ...panel, minWidth }}>
      <Suspense fallback={<Typography role="status">Loading...</Typography>}>{children}</Suspense>
    </Box>
  );
}
