/** PUT /api/cohorts/{id}/ (admin) — edits a cohort; 404 unknown, 409 number taken. */
import { CohortInput } from '../../contract/cohorts.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { updateCohort } from '../../store/cohort.js';
import { cohortFields, presentCohort } from '../../presenters/cohort.js';
import { RecordIdParams } from '../../contract/params.js';

export const handler = route('cohorts-update', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const cohort = await updateCohort(id, cohortFields(parseJsonBody(req, CohortInput)), callerOf(req).username);
  return { body: presentCohort(cohort) };
});
