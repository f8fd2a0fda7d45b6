import { ConfirmedActionButton } from './ConfirmedActionButton';
import { signInChanged } from './studentMessages';
import { useSetSignInMutation } from './studentsAdminApi';

interface Props {
  username: string;
  name: string;
  /** Unknown until the student list answers: the button waits. */
  enabled: boolean | undefined;
}

/** Disable Sign-in / Enable Sign-in, after a confirmation. The student's records stay either way. */
export function SignInToggle({ username, name, enabled }: Props) {
  const [setSignIn, saving] = useSetSignInMutation();
  const enabling = enabled === false;
  const label = enabling ? 'Enable Sign-in' : 'Disable Sign-in';
  return (
    <ConfirmedActionButton
      label={label}
      color={enabling ? 'primary' : 'error'}
      question={
        enabling
          ? `Are you sure you want to enable sign-in for ${name} (${username})? They will be able to log in again.`
          : `Are you sure you want to disable sign-in for ${name} (${username})? They will not be able to log in; their records stay.`
      }
      confirmLabel={label}
      disabled={enabled === undefined}
      busy={saving.isLoading}
      run={async () => {
        await setSignIn({ username, enabled: enabling }).unwrap();
        return signInChanged(enabling);
      }}
    />
  );
}
