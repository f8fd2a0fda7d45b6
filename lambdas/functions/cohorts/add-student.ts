/** POST /api/cohorts/{id}/students/ (admin) — moves a student into this cohort (from any other). */
import { AddStudentToCohort } from '../../contract/cohorts.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { moveStudentToCohort } from '../../store/cohort.js';
import { RecordIdParams } from '../../contract/params.js';

export const handler = route('cohorts-add-student', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const { username } = parseJsonBody(req, AddStudentToCohort);
  await moveStudentToCohort(username, id, callerOf(req).username);
  return { body: { message: 'Student moved to the cohort', username, cohort_id: id } };
});
