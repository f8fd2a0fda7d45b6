import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { paths } from '../app/paths';
import { loggedOut, selectLoginPending, selectUserInfo } from '../features/auth/authSlice';
import { decideAdminAccess } from './adminAccess';
import { PageLoading } from './PageLoading';
import { noticeState } from './redirectNotice';
import { loginRedirectTarget } from './RequireAuth';

/**
 * Route wrapper for admin-only screens (/cohort-management, /admin). Lazy-loaded with them
 * (app/router), so students never download it.
 */
export function AdminGuard() {
  const user = useAppSelector(selectUserInfo);
  const loginPending = useAppSelector(selectLoginPending);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const access = decideAdminAccess(user, loginPending);

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
      return access.to === 'login' ? (
        <Navigate to={loginRedirectTarget(location)} replace />
      ) : (
        <Navigate to={paths.dashboard} replace state={noticeState(access.message)} />
      );
    case 'allowed':
      return <Outlet />;
  }
}

export default AdminGuard;
