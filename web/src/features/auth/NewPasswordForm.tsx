import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '#shared/store/hooks';
import { login } from '#shared/session/authSlice';
import { completeNewPassword, PASSWORDS_DIFFER } from './newPassword';
import { SignInInput, SignInStep } from '#shared/components/SignInStep';

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
    <SignInStep
      titleId="new-password-title"
      title="Choose a new password"
      message={challenge.message}
      error={error}
      pending={pending}
      submitLabel="Set Password and Login"
      onSubmit={submit}
      username={challenge.username}
      onBack={onCancel}
    >
      <SignInInput id="new-password" name="new-password" label="New password" type="password" autoComplete="new-password" autoFocus value={password} onValue={setPassword} />
      <SignInInput
        id="new-password-confirmation"
        name="new-password-confirmation"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onValue={setConfirmation}
      />
    </SignInStep>
  );
}
