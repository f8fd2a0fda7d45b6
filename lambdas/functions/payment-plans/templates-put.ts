/**
 * PUT /api/payment-plan-templates/ (finance, admin) — replaces the plan templates and the hold rules: kept
 * templates by id, new ones without, those left out removed (a plan keeps the terms it was made with). One
 * transaction, audited, held only if the settings are still at the version their editor read (else 409).
 */
import { PlanTemplatesRequest, type PlanTemplatesResponse } from '../../contract/payment-plans.js';
import { nowIso } from '../../domain/clock.js';
import { Invalid } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { holdRulesFromInput, presentHoldRules, presentTemplate, templateFromInput } from '../../presenters/payment-plan.js';
import { getPlanSettings, replacePlanSettings } from '../../store/plan-template.js';

export const handler = route('payment-plan-templates-put', async (req) => {
  const { templates, hold_rules, version } = parseJsonBody(req, PlanTemplatesRequest);
  const names = new Set<string>();
  for (const [i, t] of templates.entries()) {
    const name = t.name.toLowerCase();
    if (names.has(name)) throw new Invalid(`templates.${i}.name: ${t.name} is listed twice`);
    names.add(name);
  }
  const read = await getPlanSettings();
  const saved = await replacePlanSettings(templates.map(templateFromInput), holdRulesFromInput(hold_rules), version, callerOf(req).username, nowIso(), read);
  const body: PlanTemplatesResponse = { templates: saved.templates.map(presentTemplate), hold_rules: presentHoldRules(saved.holdRules), version: saved.version };
  return { body };
});
