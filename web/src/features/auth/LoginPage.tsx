import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { brand, copyrightNotice } from '#shared/brand';
import { useAppDispatch, useAppSelector } from '#shared/store/hooks';
import { paths } from '#shared/paths';
import { showToast } from '#shared/toast/toastSlice';
import { selectUserInfo } from '#shared/session/authSlice';
import { SignInForm } from './SignInForm';
import { WelcomePanel } from './WelcomePanel';

export const LOGIN_SUCCESS_MESSAGE = 'Login successful!';
const LOGIN_SUCCESS_TOAST_MS = 4000;

/**
 * Login screen at "/". Once user info exists (fresh login or a stored session) it says
 * "Login successful!" and goes to /Dashboard. A `?redirect=` target is accepted in the URL but,
 * as in the spec, the destination is always /Dashboard.
 */
export default function LoginPage() {
  const user = useAppSelector(selectUserInfo);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const announced = useRef(false); // StrictMode runs effects twice; say it once

  useEffect(() => {
    if (!user || announced.current) return;
    announced.current = true;
    dispatch(showToast(LOGIN_SUCCESS_MESSAGE, { severity: 'success', autoHideMs: LOGIN_SUCCESS_TOAST_MS }));
    navigate(paths.dashboard, { replace: true });
  }, [user, dispatch, navigate]);

  return (
    <Box>
      <title>{`Login · ${brand.productName}`}</title>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <WelcomePanel />
          <SignInForm />
        </Box>
      </Paper>
      <Box component="footer" sx={{ mt: 3, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {copyrightNotice()}
        </Typography>
      </Box>
    </Box>
  );
}
