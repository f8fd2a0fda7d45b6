import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link, useLocation } from 'react-router';
import { loginRedirectTarget } from '#shared/session/loginRedirect';
import { PLEASE_LOG_IN } from './courseMessages';

/** The course screens' routes are open (app/router), but their data needs a signed-in user. */
export function SignInNotice() {
  const location = useLocation();
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" component={Link} to={loginRedirectTarget(location)}>
          Log in
        </Button>
      }
    >
      {PLEASE_LOG_IN}
    </Alert>
  );
}
