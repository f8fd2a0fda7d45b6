import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { serverErrorOf } from '../../lib/serverError';
import { SAVE_FAILED_FALLBACK, signInChanged } from './studentMessages';
import { useSetSignInMutation } from './studentsAdminApi';
import { useStudentToast } from './useStudentToast';

interface Props {
  username: string;
  name: string;
  /** Unknown until the student list answers: the button waits. */
  enabled: boolean | undefined;
}

/** Disable Sign-in / Enable Sign-in, after a confirmation. The student's records stay either way. */
export function SignInToggle({ username, name, enabled }: Props) {
  const [asking, setAsking] = useState(false);
  const [setSignIn, saving] = useSetSignInMutation();
  const toast = useStudentToast();
  const enabling = enabled === false;

  const confirm = async () => {
    setAsking(false);
    try {
      await setSignIn({ username, enabled: enabling }).unwrap();
      toast(signInChanged(enabling));
    } catch (error) {
      toast(serverErrorOf(error) ?? SAVE_FAILED_FALLBACK, 'error');
    }
  };

  const label = enabling ? 'Enable Sign-in' : 'Disable Sign-in';
  return (
    <>
      <Button variant="outlined" color={enabling ? 'primary' : 'error'} disabled={enabled === undefined || saving.isLoading} onClick={() => setAsking(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={asking}
        title={label}
        message={
          enabling
            ? `Are you sure you want to enable sign-in for ${name} (${username})? They will be able to log in again.`
            : `Are you sure you want to disable sign-in for ${name} (${username})? They will not be able to log in; their records stay.`
        }
        confirmLabel={label}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
