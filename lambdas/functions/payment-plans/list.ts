/**
 * GET /api/payment-plans/ (finance, admin) — the plans of one status (active unless asked), newest first, cursor pages
 * through the status index, each with its student's name, what is left and what is late. A page names students'
 * financial records: it is in the audit log with whose plans it showed.
 */
import { PlanListQuery, type PlanListResponse } from '../../contract/payment-plans.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { callerOf, route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { presentPlan } from '../../presenters/payment-plan-view.js';
import { recordRead, studentsShown } from '../../store/audit.js';
import { listPlans } from '../../store/payment-plan.js';

export const handler = route('payment-plans-list', async (req) => {
  const q = parseQuery(req, PlanListQuery);
  const status = q.status ?? 'active';
  const page = await listPlans(status, q.limit ?? 50, decodeCursor(q.cursor));
  await recordRead({
    actor: callerOf(req).username,
    action: 'payment-plans.read',
    entityType: 'payments',
    entityId: 'payment-plans',
    detail: { status, ...studentsShown(page.plans.map((p) => p.plan.username)) },
  });
  const body: PlanListResponse = { results: page.plans.map(({ plan, studentName }) => ({ ...presentPlan(plan), student_name: studentName })), next: encodeCursor(page.lastKey) };
  return { body };
});
