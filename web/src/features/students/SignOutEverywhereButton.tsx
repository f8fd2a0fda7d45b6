import type { SignOutEverywhereAnswer } from '#contract/users';
import { ConfirmedActionButton } from './ConfirmedActionButton';
import { studentsAdminApi } from './studentsAdminApi';

export const SIGN_OUT_EVERYWHERE_LABEL = 'Sign Out Everywhere';
export const SIGNED_OUT_EVERYWHERE = 'Signed out everywhere: the student must sign in again on every device within 15 minutes';

/** POST /api/users/{username}/sign-out-everywhere/ (admin, audited). */
const signOutApi = studentsAdminApi.injectEndpoints({
  endpoints: (build) => ({
    signOutEverywhere: build.mutation<SignOutEverywhereAnswer, string>({
      query: (username) => ({ url: `/api/users/${encodeURIComponent(username)}/sign-out-everywhere/`, method: 'POST' }),
    }),
  }),
});
export const { useSignOutEverywhereMutation } = signOutApi;

/**
 * Ends every session of the student at once (a lost or shared device, a suspected break-in).
 * Their refresh tokens die at once; a page already open keeps working until its access token expires
 * (15 minutes at most), then asks them to sign in again. Nothing is disabled: they may sign in again.
 */
export function SignOutEverywhereButton({ username, name }: { username: string; name: string }) {
  const [signOut, signingOut] = useSignOutEverywhereMutation();
  return (
    <ConfirmedActionButton
      label={SIGN_OUT_EVERYWHERE_LABEL}
      color="warning"
      question={`Are you sure you want to sign ${name} (${username}) out on every device? They stay able to sign in again with their password.`}
      confirmLabel="Sign out"
      busy={signingOut.isLoading}
      run={async () => {
        await signOut(username).unwrap();
        return SIGNED_OUT_EVERYWHERE;
      }}
    />
  );
}
