/**
 * POST /api/users/new-password/ — finishes a first sign-in by replacing the temporary password; answers
 * the user info, or the TOTP step an admin, finance or staff account needs next, as login does.
 */
import { NewPasswordRequest } from '../../contract/student-admin.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { completeNewPassword } from '../../store/cognito.js';
import { answerSignIn } from '../../sign-in/sign-in-steps.js';

export const handler = route('users-new-password', async (req) => {
  const { username, session, new_password } = parseJsonBody(req, NewPasswordRequest);
  return { body: await answerSignIn(username, await completeNewPassword(username, session, new_password)) };
});
