/**
 * POST /api/students/ (admin) — creates the student's sign-in and profile together: 201, or 409 when
 * the username or email is taken, with nothing half-created (store/student-account.ts).
 */
import { CreateStudentRequest } from '../../contract/new-student.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { createStudentAccount, newStudentOf } from '../../store/student-account.js';
import { noticePut, welcomeNotice } from '../../notify/events.js';
import { presentSummary } from '../../presenters/student-summary.js';

export const handler = route('students-create', async (req) => {
  const input = parseJsonBody(req, CreateStudentRequest);
  const student = newStudentOf(input);
  const profile = await createStudentAccount(student, callerOf(req).username, [noticePut(welcomeNotice([student.username]))]);
  return { status: 201, body: presentSummary(profile) };
});
