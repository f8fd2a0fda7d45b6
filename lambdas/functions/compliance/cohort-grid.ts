/**
 * GET /api/cohorts/{id}/compliance/ (compliance, admin) — the cohort's students × the requirements that apply to
 * them, each cell a status as of today, with counts of Pending, Expiring (within 30 days), Expired and Missing.
 * Three Queries (the roster's profiles, the cohort's submissions on gsi1, the templates) and the cohort's item;
 * audited as a read of every student shown.
 */
import type { CohortCompliance } from '../../contract/compliance.js';
import { RecordIdParams } from '../../contract/params.js';
import { cohortSubject } from '../../domain/audit-subjects.js';
import { now, schoolDay } from '../../domain/clock.js';
import { NotFound } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { requirementStatuses } from '../../presenters/compliance.js';
import { recordRosterRead } from '../../store/audit.js';
import { getCohort } from '../../store/cohort.js';
import { activeRequirements, cohortSubmissions, listRequirements } from '../../store/compliance.js';
import { listStudentsOfCohort } from '../../store/student.js';

export const handler = route('cohorts-compliance', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const [cohort, students, submissions, all] = await Promise.all([getCohort(id), listStudentsOfCohort(id), cohortSubmissions(id), listRequirements()]);
  if (!cohort) throw new NotFound('Cohort not found');
  const shown = students.map((s) => s.username);
  await recordRosterRead(callerOf(req).username, 'cohort.compliance.read', { entityType: 'cohort', entityId: id, subject: cohortSubject(cohort) }, shown);
  const requirements = activeRequirements(all);
  const today = schoolDay(now());
  const counts = { pending: 0, expiring: 0, expired: 0, missing: 0 };
  const applying = new Map<string, string>();
  const rows = students.map((student) => {
    const statuses = requirementStatuses(
      requirements,
      submissions.filter((s) => s.username === student.username),
      { ...student, cohortStart: cohort.startDate },
      today,
    );
    for (const s of statuses) {
      applying.set(s.requirement.id, s.requirement.name);
      if (s.status === 'pending' || s.status === 'expiring' || s.status === 'expired' || s.status === 'missing') counts[s.status]++;
    }
    return {
      username: student.username,
      first_name: student.firstName,
      last_name: student.lastName,
      statuses: Object.fromEntries(statuses.map((s) => [s.requirement.id, { status: s.status, expires_on: s.expires_on }])),
    };
  });
  const body: CohortCompliance = { cohort_id: id, requirements: [...applying].map(([rid, name]) => ({ id: rid, name })), students: rows, counts };
  return { body };
});
