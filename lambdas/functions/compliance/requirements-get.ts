/**
 * GET /api/compliance/requirements/ (signed in) — the requirement templates in force (what may be asked of a student is
 * no secret), and the set's version, which an admin's PUT of the set names.
 */
import type { RequirementsResponse } from '../../contract/compliance.js';
import { route } from '../../http/route.js';
import { activeRequirements, requirementSet } from '../../store/compliance.js';

export const handler = route('compliance-requirements-get', async () => {
  const { records, version } = await requirementSet();
  const body: RequirementsResponse = { requirements: activeRequirements(records), version };
  return { body };
});
