/**
 * GET /api/cohorts/{id}/students/ (admin, staff) — the roster with every member's payment_details,
 * from one Query over the cohort's collection (never one request per student). Every bill on it is
 * another person's record: one audit entry names the cohort and the students shown.
 */
import { cohortSubject } from '../../domain/audit-subjects.js';
import { NotFound } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { recordRosterRead } from '../../store/audit.js';
import { getCohort } from '../../store/cohort.js';
import { getCohortLedgers } from '../../store/student.js';
import { presentStudent } from '../../presenters/student.js';
import { RecordIdParams } from '../../contract/params.js';

export const handler = route('cohorts-students', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const [cohort, members] = await Promise.all([getCohort(id), getCohortLedgers(id)]);
  if (!cohort) throw new NotFound('Cohort not found');
  const shown = members.map((m) => m.profile.username);
  await recordRosterRead(callerOf(req).username, 'cohort.roster.read', { entityType: 'cohort', entityId: id, subject: cohortSubject(cohort) }, shown);
  return { body: members.map(presentStudent) };
});
