/**
 * GET /api/students/{username}/payment-plans/ — a student's payment plans, newest first, each with its schedule, what
 * is left, what is late and the next debit. The student sees their own; staff anyone's, audited before it is answered.
 */
import { UsernameParams } from '../../contract/params.js';
import type { PaymentPlanView } from '../../contract/payment-plans.js';
import { studentSubject } from '../../domain/audit-subjects.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { canReadAnyStudent } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { presentPlan } from '../../presenters/payment-plan-view.js';
import { recordRead } from '../../store/audit.js';
import { studentBillAndPlans } from '../../store/payment-plan.js';

export const handler = route('students-payment-plans-list', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const caller = callerOf(req);
  if (caller.username !== username && !canReadAnyStudent(caller.roles)) throw new Forbidden();
  const found = await studentBillAndPlans(username);
  if (!found) throw new NotFound('Student not found');
  if (caller.username !== username) {
    await recordRead({
      actor: caller.username,
      action: 'student.plans.read',
      entityType: 'student',
      entityId: username,
      subject: studentSubject(found.ledger.profile),
      detail: { plans: found.plans.map((p) => p.id) },
    });
  }
  const body: { plans: PaymentPlanView[] } = { plans: found.plans.map(presentPlan) };
  return { body };
});
