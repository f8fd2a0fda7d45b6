/**
 * The last step of every sign-in (password, new password, TOTP code, TOTP enrolment): the spec's user
 * info, unless the school disabled the student, or the account must turn TOTP on first.
 */
import { canonicalUsername } from '../contract/username.js';
import type { UserInfo } from '../contract/users.js';
import { MFA_SETUP_REQUIRED_CODE } from '../contract/mfa-codes.js';
import { AppError } from '../domain/errors.js';
import { associateTotp, type SignedIn } from '../store/cognito.js';
import { startEnrolment } from '../store/mfa-enrolment.js';
import { mustEnrolTotp } from './mfa-policy.js';
import { refuseDisabledStudent } from './sign-in-enabled.js';
import { userInfoFrom } from './user-info.js';

export const MFA_SETUP_REQUIRED = 'Your account needs two-step sign-in. Add the portal to an authenticator app, then enter the 6-digit code it shows.';

/**
 * Answers the user info of a fresh Cognito session. An admin, finance or staff account without TOTP
 * gets none: Cognito's tokens stay on the server (an enrolment), and the answer is 401 with
 * `code: "mfa_setup_required"`, the enrolment id as `session` and the new TOTP secret as `secret_code`.
 */
export async function answerSignIn(requested: string, session: SignedIn): Promise<UserInfo> {
  // the identity is the session's own user as Cognito answers it, canonical; the name the
  // person typed (already canonical) is only a fallback should Cognito name none
  const username = canonicalUsername(session.username || requested);
  const info = userInfoFrom(username, session);
  await refuseDisabledStudent(username, info);
  if (mustEnrolTotp({ username, groups: session.groups, mfaEnabled: session.mfaEnabled })) {
    const secret = await associateTotp(session.accessToken);
    const id = await startEnrolment(username, session);
    throw new AppError(401, MFA_SETUP_REQUIRED, { detail: MFA_SETUP_REQUIRED, code: MFA_SETUP_REQUIRED_CODE, session: id, secret_code: secret });
  }
  return info;
}
