import Button from '@mui/material/Button';
import { useState } from 'react';
import type { SignOutEverywhereAnswer } from '../../../../lambdas/contract/users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { serverErrorOf } from '../../lib/serverError';
import { SAVE_FAILED_FALLBACK } from './studentMessages';
import { studentsAdminApi } from './studentsAdminApi';
import { useStudentToast } from './useStudentToast';

export const SIGN_OUT_EVERYWHERE_LABEL = 'Sign Out Everywhere';
export const SIGNED_OUT_EVERYWHERE = 'Signed out everywhere: the student must sign in again on every device within 15 minutes';

/** Issue 20: POST /api/users/{username}/sign-out-everywhere/ (admin, audited). */
const signOutApi = studentsAdminApi.injectEndpoints({
  endpoints: (build) => ({
    signOutEverywhere: build.mutation<SignOutEverywhereAnswer, string>({
      query: (username) => ({ url: `/api/users/${encodeURIComponent(username)}/sign-out-everywhere/`, method: 'POST' }),
    }),
  }),
});
export const { useSignOutEverywhereMutation } = signOutApi;

/**
 * Issue 20: ends every session of the student at once (a lost or shared device, a suspected break-in).
 * Their refresh tokens die at once; a page already open keeps working until its access token expires
 * (15 minutes at most), then asks them to sign in again. Nothing is disabled: they may sign in again.
 */
export function SignOutEverywhereButton({ username, name }: { username: string; name: string }) {
  const [asking, setAsking] = useState(false);
  const [signOut, signingOut] = useSignOutEverywhereMutation();
  const toast = useStudentToast();

  const confirm = async () => {
    setAsking(false);
    try {
      await signOut(username).unwrap();
      toast(SIGNED_OUT_EVERYWHERE);
    } catch (error) {
      toast(serverErrorOf(error) ?? SAVE_FAILED_FALLBACK, 'error');
    }
  };

  return (
    <>
      <Button variant="outlined" color="warning" disabled={signingOut.isLoading} onClick={() => setAsking(true)}>
        {SIGN_OUT_EVERYWHERE_LABEL}
      </Button>
      <ConfirmDialog
        open={asking}
        title={SIGN_OUT_EVERYWHERE_LABEL}
        message={`Are you sure you want to sign ${name} (${username}) out on every device? They stay able to sign in again with their password.`}
        confirmLabel="Sign out"
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
