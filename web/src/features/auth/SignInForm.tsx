import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { brand } from '../../app/brand';
import { TextInput } from '../../components/TextInput';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { login, selectLoginError, selectLoginPending } from './authSlice';

/** Right-hand sign-in panel. No client-side validation (spec section 5): the server decides. */
export function SignInForm() {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectLoginPending);
  const error = useAppSelector(selectLoginError);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) void dispatch(login({ username, password }));
  };

  return (
    <Box component="section" aria-labelledby="sign-in-title" sx={{ p: { xs: 3, md: 5 } }}>
      <Typography id="sign-in-title" variant="h5" component="h2" gutterBottom>
        Sign in
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="sign-in-title">
        <TextInput
          id="login-username"
          name="username"
          label="Username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextInput
          id="login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={pending} aria-busy={pending} sx={{ mt: 2 }}>
          {pending ? 'Loading...' : 'Login'}
        </Button>
      </Box>
      <Typography sx={{ mt: 2 }}>
        <Link href={`mailto:${brand.helpEmail}`}>Need help signing in?</Link>
      </Typography>
    </Box>
  );
}
