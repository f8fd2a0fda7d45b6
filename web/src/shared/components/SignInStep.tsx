import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';
import { TextInput } from './TextInput';

interface Props {
  /** Names the section and its form. */
  titleId: string;
  title: string;
  /** The server's message that led to this step ("Please choose a new password ..."). */
  message?: string;
  /** Shown above the form (the TOTP setup's steps). */
  intro?: ReactNode;
  error: string | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Who signs in, for password managers, on the steps after the password. */
  username?: string;
  /** Back to the password form, on the steps after it. */
  onBack?: () => void;
  /** Below the form (the help link). */
  footer?: ReactNode;
  sx?: SxProps<Theme>;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * One form of the sign-in (the password, a new password, a TOTP code): its h2, the server's message,
 * the error, then the fields and the submit button, which reads "Loading..." while the answer is awaited.
 * The kernel holds it although only the sign-in uses it: the login page and the steps it lazy-loads
 * share it, and from here the build keeps it with the login page's dependencies rather than in a
 * chunk of its own, one more file to fetch on the login route (web/vite.config.ts).
 */
export function SignInStep({ titleId, title, message, intro, error, pending, submitLabel, onSubmit, username, onBack, footer, sx, children }: Props) {
  return (
    <Box component="section" aria-labelledby={titleId} sx={sx}>
      <Typography id={titleId} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {message && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      {intro}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={titleId}>
        {username !== undefined && <input type="hidden" name="username" autoComplete="username" value={username} />}
        {children}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={pending} aria-busy={pending} sx={{ mt: 2 }}>
          {pending ? 'Loading...' : submitLabel}
        </Button>
        {onBack && (
          <Button fullWidth disabled={pending} onClick={onBack} sx={{ mt: 1 }}>
            Back to sign in
          </Button>
        )}
      </Box>
      {footer}
    </Box>
  );
}

/** A text box of the sign-in: `name` and `autoComplete` are what password managers look for. */
export function SignInInput({
  onValue,
  ...props
}: {
  id: string;
  name: string;
  label: string;
  type?: 'password';
  autoComplete: string;
  autoFocus?: boolean;
  value: string;
  onValue: (value: string) => void;
}) {
  return <TextInput {...props} onChange={(event) => onValue(event.target.value)} />;
}
