/**
 * GET /api/payment-plan-templates/ (signed in) — the plan templates and the hold rules. A student sees the
 * templates on offer (active); finance and admins every one, to edit the set.
 */
import type { PlanTemplatesResponse } from '../../contract/payment-plans.js';
import { isAdmin, isFinance } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { presentHoldRules, presentTemplate } from '../../presenters/payment-plan.js';
import { getPlanSettings } from '../../store/plan-template.js';

export const handler = route('payment-plan-templates-get', async (req) => {
  const { roles } = callerOf(req);
  const { templates, holdRules, version } = await getPlanSettings();
  const editor = isFinance(roles) || isAdmin(roles);
  const body: PlanTemplatesResponse = { templates: templates.filter((t) => editor || t.active).map(presentTemplate), hold_rules: presentHoldRules(holdRules), version };
  return { body };
});
