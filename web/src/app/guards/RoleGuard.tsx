import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '#shared/store/hooks';
import { paths } from '#shared/paths';
import { loggedOut, selectLoginPending, selectUserInfo } from '#shared/session/authSlice';
import type { UserInfo } from '#contract/users';
import type { AdminAccess } from '#shared/session/adminAccess';
import { PageLoading } from '#shared/components/PageLoading';
import { noticeState } from '#shared/components/redirectNotice';
import { loginRedirectTarget } from '#shared/session/loginRedirect';

/**
 * Route wrapper for screens of one role: `decide` says whether the session may enter (see
 * adminAccess.ts). Lazy-loaded with those screens (app/router), so students never download it.
 */
export function RoleGuard({ decide }: { decide: (user: UserInfo | null, loginPending: boolean) => AdminAccess }) {
  const user = useAppSelector(selectUserInfo);
  const loginPending = useAppSelector(selectLoginPending);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const access = decide(user, loginPending);

  switch (access.status) {
    case 'loading':
      return <PageLoading label="Checking access..." />;
    case 'error': {
      const logInAgain = () => {
        dispatch(loggedOut());
        navigate(loginRedirectTarget(location), { replace: true });
      };
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={logInAgain}>
              Log in again
            </Button>
          }
        >
          {access.message}
        </Alert>
      );
    }
    case 'redirect':
      return access.to === 'login' ? <Navigate to={loginRedirectTarget(location)} replace /> : <Navigate to={paths.dashboard} replace state={noticeState(access.message)} />;
    case 'allowed':
      return <Outlet />;
  }
}
