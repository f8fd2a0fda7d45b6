/**
 * GET /api/students/{username}/payment-plans/ — a student's payment plans, newest first, each with its schedule, what
 * is left, what is late and the next debit. The student sees their own; staff anyone's, audited before it is answered.
 */
import type { PaymentPlanView } from '../../contract/payment-plans.js';
import { studentSubject } from '../../domain/audit-subjects.js';
import { NotFound } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { studentRecordRequest } from '../../http/student-record.js';
import { presentPlan } from '../../presenters/payment-plan-view.js';
import { recordStudentRead } from '../../store/audit.js';
import { studentBillAndPlans } from '../../store/payment-plan.js';

export const handler = route('students-payment-plans-list', async (req) => {
  const { username, caller } = studentRecordRequest(req);
  const found = await studentBillAndPlans(username);
  if (!found) throw new NotFound('Student not found');
  await recordStudentRead(caller.username, username, 'student.plans.read', {
    subject: studentSubject(found.ledger.profile),
    detail: { plans: found.plans.map((p) => p.id) },
  });
  const body: { plans: PaymentPlanView[] } = { plans: found.plans.map(presentPlan) };
  return { body };
});
