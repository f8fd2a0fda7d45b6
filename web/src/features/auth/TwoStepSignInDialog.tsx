/**
 * A student's own two-step sign-in: whether it is on, and turning it on with an authenticator
 * app (QR code or key, then a first code). Turning it off is the school office's (an admin resets it),
 * so a stolen session cannot remove it. Lazy: opened from the header.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '#shared/store/hooks';
import { serverErrorOf } from '#shared/lib/serverError';
import { selectUserInfo, sessionRefreshed } from '#shared/session/authSlice';
import { MFA_FAILED } from './mfa';
import { TotpCodeInput } from './TotpCodeInput';
import { ENTER_CODE, TotpSetupSteps } from './TotpSignInForms';
import { useStartTotpMutation, useVerifyTotpMutation } from './totpApi';

export const DIALOG_TITLE = 'Two-step sign-in';
export const IS_ON = 'Two-step sign-in is on. Each time you log in, you also enter the 6-digit code from your authenticator app.';
export const IS_OFF = 'Protect your account with a second step: after your password, you enter a 6-digit code from an authenticator app on your phone.';
export const LOST_DEVICE = 'Lost your phone? Contact the school office to turn two-step sign-in off.';
export const TURNED_ON = 'Two-step sign-in is now on.';

export default function TwoStepSignInDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUserInfo);
  const [start, starting] = useStartTotpMutation();
  const [verify, verifying] = useVerifyTotpMutation();
  const [secret, setSecret] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const on = done || user?.mfa_enabled === true;

  const begin = async () => {
    setError(null);
    try {
      setSecret((await start().unwrap()).secret_code);
    } catch (failure) {
      setError(serverErrorOf(failure) ?? MFA_FAILED);
    }
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifying.isLoading) return;
    if (!/^\d{6}$/.test(code)) {
      setError(ENTER_CODE);
      return;
    }
    setError(null);
    try {
      await verify(code).unwrap();
      if (user) dispatch(sessionRefreshed({ ...user, mfa_enabled: true }));
      setDone(true);
      setSecret(null);
    } catch (failure) {
      setCode('');
      setError(serverErrorOf(failure) ?? MFA_FAILED);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" scroll="body">
      <DialogTitle id={titleId}>{DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        {done && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {TURNED_ON}
          </Alert>
        )}
        {!secret && <Typography sx={{ mb: 1 }}>{on ? IS_ON : IS_OFF}</Typography>}
        {on && <Typography color="text.secondary">{LOST_DEVICE}</Typography>}
        {error && (
          <Alert severity="error" sx={{ my: 2 }}>
            {error}
          </Alert>
        )}
        {secret && user && (
          <Box component="form" id={`${titleId}-form`} noValidate onSubmit={(event) => void confirm(event)} aria-labelledby={titleId}>
            <TotpSetupSteps username={user.username} secret={secret}>
              <TotpCodeInput id="totp-own-code" value={code} onChange={setCode} />
            </TotpSetupSteps>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{on ? 'Close' : 'Cancel'}</Button>
        {!on && !secret && (
          <Button variant="contained" onClick={() => void begin()} disabled={starting.isLoading} aria-busy={starting.isLoading}>
            {starting.isLoading ? 'Loading...' : 'Turn on'}
          </Button>
        )}
        {secret && (
          <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={verifying.isLoading} aria-busy={verifying.isLoading}>
            {verifying.isLoading ? 'Loading...' : 'Verify and turn on'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
