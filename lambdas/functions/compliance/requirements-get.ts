/** GET /api/compliance/requirements/ (signed in) — the requirement templates in force (what may be asked of a student is no secret). */
import type { ComplianceRequirement } from '../../contract/compliance.js';
import { route } from '../../http/route.js';
import { activeRequirements, listRequirements } from '../../store/compliance.js';

export const handler = route('compliance-requirements-get', async () => {
  const body: { requirements: ComplianceRequirement[] } = { requirements: activeRequirements(await listRequirements()) };
  return { body };
});
