import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '#shared/store/hooks';
import { TextInput } from '#shared/components/TextInput';
import { login } from '#shared/session/authSlice';
import { completeNewPassword, PASSWORDS_DIFFER } from './newPassword';

/** What the refused login handed over: who is signing in, and the server's session for the new password. */
export interface NewPasswordChallenge {
  username: string;
  session: string;
  /** The server's message ("Please choose a new password to finish signing in."). */
  message: string;
}

/**
 * First sign-in with a temporary password: the student chooses a new one, and the answer
 * is stored exactly like a login's (login.fulfilled), so the login page says "Login successful!"
 * and opens /Dashboard. Lazy: only this case loads it.
 */
export default function NewPasswordForm({ challenge, onCancel }: { challenge: NewPasswordChallenge; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // The only check here: the server cannot know what was typed twice. The password policy is the server's.
    if (password !== confirmation) {
      setError(PASSWORDS_DIFFER);
      return;
    }
    setPending(true);
    setError(null);
    const answer = await completeNewPassword(challenge.username, challenge.session, password);
    if ('user' in answer) {
      dispatch(login.fulfilled(answer.user, 'new-password', { username: challenge.username, password: '' }));
      return;
    }
    setPending(false);
    setError(answer.error);
  };

  return (
    <Box component="section" aria-labelledby="new-password-title">
      <Typography id="new-password-title" variant="h5" component="h2" gutterBottom>
        Choose a new password
      </Typography>
      {challenge.message && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {challenge.message}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="new-password-title">
        <input type="hidden" name="username" autoComplete="username" value={challenge.username} />
        <TextInput
          id="new-password"
          name="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextInput
          id="new-password-confirmation"
          name="new-password-confirmation"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={pending} aria-busy={pending} sx={{ mt: 2 }}>
          {pending ? 'Loading...' : 'Set Password and Login'}
        </Button>
        <Button fullWidth disabled={pending} onClick={onCancel} sx={{ mt: 1 }}>
          Back to sign in
        </Button>
      </Box>
    </Box>
  );
}
