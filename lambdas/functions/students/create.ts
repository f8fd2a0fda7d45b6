/**
 * POST /api/students/ (admin) — creates the student's sign-in and profile together: 201, or 409 when
 * the username or email is taken, with nothing half-created (store/student-account.ts).
 */
import { CreateStudentRequest } from '../../contract/new-student.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { createStudentAccount } from '../../store/student-account.js';
import { presentSummary } from '../../presenters/student-summary.js';

export const handler = route('students-create', async (req) => {
  const input = parseJsonBody(req, CreateStudentRequest);
  const profile = await createStudentAccount(
    {
      username: input.username,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phone: input.phone_number || null,
      programType: input.program_type,
      programName: input.program_name,
      cohortId: input.cohort_id,
      onPaymentPlan: input.on_payment_plan,
      temporaryPassword: input.temporary_password,
    },
    callerOf(req).username,
  );
  return { status: 201, body: presentSummary(profile) };
});
