import { ConfirmedActionButton } from './ConfirmedActionButton';
import { mfaResetDone } from './studentMessages';
import { useResetMfaMutation } from './studentsAdminApi';

export const RESET_MFA_LABEL = 'Reset Two-step Sign-in';

/**
 * Recovery: a student who turned on two-step sign-in and lost their phone. After a confirmation
 * the admin turns it off (POST /api/users/{username}/mfa/reset/, audited); the student then signs in with
 * their password and may turn it on again with a new app.
 */
export function MfaResetButton({ username, name }: { username: string; name: string }) {
  const [reset, resetting] = useResetMfaMutation();
  return (
    <ConfirmedActionButton
      label={RESET_MFA_LABEL}
      color="warning"
      question={`Are you sure you want to reset two-step sign-in for ${name} (${username})? Do this only when you know it is them: they will sign in with their password alone until they turn it on again.`}
      confirmLabel="Reset"
      busy={resetting.isLoading}
      run={async () => mfaResetDone((await reset(username).unwrap()).reset)}
    />
  );
}
