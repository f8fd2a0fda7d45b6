/** The school's sign-in switch (PUT /api/students/{username}/sign-in/), checked at login and at every refresh. */
import type { UserInfo } from '../../contract/users.js';
import { Unauthorized } from '../../domain/errors.js';
import { ACCOUNT_DISABLED } from '../../store/cognito.js';
import { isSignInEnabled } from '../../store/students.js';

/**
 * Cognito refuses disabled users itself; the profile flag is the school's record of it (and the local
 * stand-in does not enforce Cognito's flag), so a disabled student is refused here too. Staff roles
 * have no student profile.
 */
export async function refuseDisabledStudent(username: string, info: UserInfo): Promise<void> {
  if (info.isAdmin || info.is_staff || info.is_finance) return;
  if (!(await isSignInEnabled(username))) throw new Unauthorized(ACCOUNT_DISABLED);
}
