/** The school's sign-in switch (PUT /api/students/{username}/sign-in/), checked at every sign-in step and at every refresh. */
import type { UserInfo } from '../contract/users.js';
import { Unauthorized } from '../domain/errors.js';
import { ACCOUNT_DISABLED } from '../store/cognito.js';
import { studentSignIn } from '../store/student.js';

/** A student-group sign-in without a student record: refused, never taken as enabled. */
export const NO_STUDENT_RECORD = 'This account has no student record. Please contact the school office.';

/**
 * Cognito refuses disabled users itself; the profile flag is the school's record of it (and the local
 * stand-in does not enforce Cognito's flag at refresh), so a disabled student is refused here too.
 * `username` must be the identity Cognito answered for the session (canonical), never a name from the
 * request. Admin, finance, staff and compliance accounts have no student profile and pass; a user in none of those
 * groups is a student, and one without a profile is refused.
 */
export async function refuseDisabledStudent(username: string, info: UserInfo): Promise<void> {
  if (info.isAdmin || info.is_staff || info.is_finance || info.is_compliance) return;
  const state = await studentSignIn(username);
  if (state === 'disabled') throw new Unauthorized(ACCOUNT_DISABLED);
  if (state === 'missing') throw new Unauthorized(NO_STUDENT_RECORD);
}
