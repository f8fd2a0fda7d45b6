/** POST /api/students/{username}/enrollments/ (admin) — enrolls the student with the program's opening charge. */
import { EnrollRequest } from '../../contract/student-admin.js';
import { dollarsToCents } from '../../domain/money.js';
import { slug } from '../../domain/slug.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { addEnrollment } from '../../store/student-ledger.js';
import { UsernameParams } from '../../contract/params.js';

export const handler = route('students-enroll', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const input = parseJsonBody(req, EnrollRequest);
  const enrollment = await addEnrollment(
    username,
    {
      programType: input.program_type,
      programId: input.program_id ?? slug(input.program_name, 'program', 64),
      programName: input.program_name,
      nextDueDate: input.next_due_date ?? null,
      amountDueCents: dollarsToCents(input.amount_due),
    },
    callerOf(req).username,
  );
  return {
    status: 201,
    body: {
      program_type: enrollment.programType,
      program_id: enrollment.programId,
      program_name: enrollment.programName,
      next_due_date: enrollment.nextDueDate,
      enrolled_at: enrollment.enrolledAt,
    },
  };
});
