/**
 * The second step of a sign-in with an authenticator app, loaded only when the server asks
 * for it (the login page stays within its size budget):
 *  - a code, for an account with TOTP on ("mfa_required");
 *  - the setup, for an admin, finance or staff account without it ("mfa_setup_required"): the QR code
 *    (and the key as text), then the first code.
 * The answer is stored exactly like a login's (login.fulfilled): "Login successful!" and /Dashboard.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useAppDispatch } from '#shared/store/hooks';
import { login } from '#shared/session/authSlice';
import { answerTotpChallenge, finishTotpSetup, groupedSecret, otpauthUri, type MfaAnswer } from './mfa';
import { TotpCodeInput } from './TotpCodeInput';
import { SignInStep } from '#shared/components/SignInStep';
import { TotpQrCode } from './TotpQrCode';

/** What the refused login handed over. `secret` only for a setup. */
export interface TotpStep {
  kind: 'code' | 'setup';
  username: string;
  session: string;
  secret?: string;
  /** The server's message. */
  message: string;
}

export const CODE_TITLE = 'Two-step sign-in';
export const SETUP_TITLE = 'Set up two-step sign-in';
export const ENTER_CODE = 'Enter the 6-digit code.';

interface Props {
  step: TotpStep;
  /** Back to the password form; with the server's message when this sign-in attempt is over. */
  onRestart: (message?: string) => void;
}

export default function TotpSignInForms({ step, onRestart }: Props) {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!/^\d{6}$/.test(code)) {
      setError(ENTER_CODE);
      return;
    }
    setPending(true);
    setError(null);
    const send = step.kind === 'setup' ? finishTotpSetup : answerTotpChallenge;
    const answer: MfaAnswer = await send(step.username, step.session, code);
    if ('user' in answer) {
      dispatch(login.fulfilled(answer.user, `totp-${step.kind}`, { username: step.username, password: '' }));
      return;
    }
    if (answer.restart) {
      onRestart(answer.error);
      return;
    }
    setPending(false);
    setCode('');
    setError(answer.error);
  };

  return (
    <SignInStep
      titleId={`totp-${step.kind}-title`}
      title={step.kind === 'setup' ? SETUP_TITLE : CODE_TITLE}
      message={step.message}
      intro={step.kind === 'setup' && step.secret && <TotpSetupSteps username={step.username} secret={step.secret} />}
      error={error}
      pending={pending}
      submitLabel="Verify and Login"
      onSubmit={submit}
      username={step.username}
      onBack={() => onRestart()}
    >
      <TotpCodeInput id={`totp-${step.kind}-code`} value={code} onChange={setCode} autoFocus={step.kind === 'code'} />
    </SignInStep>
  );
}

/** Scan (or type) the key into an app, then enter its code: shared with the student's own setup dialog. */
export function TotpSetupSteps({ username, secret, children }: { username: string; secret: string; children?: ReactNode }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Typography component="p" sx={{ mb: 1 }}>
        1. Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
        <TotpQrCode uri={otpauthUri(username, secret)} />
      </Box>
      <Typography component="p" variant="body2" color="text.secondary">
        Cannot scan it? Add an account by hand with this key (time-based):
      </Typography>
      <Typography
        component="code"
        data-totp-secret={secret}
        aria-label={`Setup key ${secret.split('').join(' ')}`}
        sx={{ display: 'block', fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', my: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1 }}
      >
        {groupedSecret(secret)}
      </Typography>
      <Typography component="p" sx={{ mt: 2 }}>
        2. Enter the 6-digit code the app shows.
      </Typography>
      {children}
    </Box>
  );
}
