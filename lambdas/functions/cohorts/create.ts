/** POST /api/cohorts/ (admin) — 201; 409 when the number is taken for that year and program type. */
import { CohortInput } from '../../contract/cohorts.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { createCohort } from '../../store/cohort.js';
import { cohortFields, presentCohort } from '../../presenters/cohort.js';

export const handler = route('cohorts-create', async (req) => {
  const cohort = await createCohort(cohortFields(parseJsonBody(req, CohortInput)), callerOf(req).username);
  return { status: 201, body: presentCohort(cohort) };
});
