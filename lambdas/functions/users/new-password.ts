/** POST /api/users/new-password/ — finishes a first sign-in by replacing the temporary password; answers the user info. */
import { NewPasswordRequest } from '../../contract/student-admin.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { completeNewPassword } from '../../store/cognito.js';
import { userInfoFrom } from './user-info.js';

export const handler = route('users-new-password', async (req) => {
  const { username, session, new_password } = parseJsonBody(req, NewPasswordRequest);
  return { body: userInfoFrom(username, await completeNewPassword(username, session, new_password)) };
});
