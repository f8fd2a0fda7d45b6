/** GET /api/cohorts/ (admin, staff) — every cohort with its member count, ordered by year and number. */
import { route } from '../../http/route.js';
import { listCohorts } from '../../store/cohort.js';
import { presentCohort } from '../../presenters/cohort.js';

export const handler = route('cohorts-list', async () => ({ body: (await listCohorts()).map(presentCohort) }));
