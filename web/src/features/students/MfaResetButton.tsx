import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { serverErrorOf } from '../../lib/serverError';
import { mfaResetDone, SAVE_FAILED_FALLBACK } from './studentMessages';
import { useResetMfaMutation } from './studentsAdminApi';
import { useStudentToast } from './useStudentToast';

export const RESET_MFA_LABEL = 'Reset Two-step Sign-in';

/**
 * Issue 19, recovery: a student who turned on two-step sign-in and lost their phone. After a confirmation
 * the admin turns it off (POST /api/users/{username}/mfa/reset/, audited); the student then signs in with
 * their password and may turn it on again with a new app.
 */
export function MfaResetButton({ username, name }: { username: string; name: string }) {
  const [asking, setAsking] = useState(false);
  const [reset, resetting] = useResetMfaMutation();
  const toast = useStudentToast();

  const confirm = async () => {
    setAsking(false);
    try {
      toast(mfaResetDone((await reset(username).unwrap()).reset));
    } catch (error) {
      toast(serverErrorOf(error) ?? SAVE_FAILED_FALLBACK, 'error');
    }
  };

  return (
    <>
      <Button variant="outlined" color="warning" disabled={resetting.isLoading} onClick={() => setAsking(true)}>
        {RESET_MFA_LABEL}
      </Button>
      <ConfirmDialog
        open={asking}
        title={RESET_MFA_LABEL}
        message={`Are you sure you want to reset two-step sign-in for ${name} (${username})? Do this only when you know it is them: they will sign in with their password alone until they turn it on again.`}
        confirmLabel="Reset"
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
