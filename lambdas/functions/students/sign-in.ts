/** PUT /api/students/{username}/sign-in/ (admin) — `{ "enabled": false }` disables the student's sign-in; records stay. */
import * as z from '../../contract/zod.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { setStudentSignIn } from '../../store/student-account.js';
import { UsernameParams } from '../../contract/params.js';

const Body = z.object({ enabled: z.boolean({ error: 'must be true or false' }) });

export const handler = route('students-sign-in', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const { enabled } = parseJsonBody(req, Body);
  await setStudentSignIn(username, enabled, callerOf(req).username);
  return { body: { username, sign_in_enabled: enabled } };
});
