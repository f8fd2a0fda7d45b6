/**
 * GET /api/compliance/students/{username}/ — a student's requirements with their statuses, `cleared` and the
 * reasons. The student sees their own; the compliance group and admins anyone's; other staff only whether the
 * student is cleared. Every read of another person's record is in the audit log before it is answered.
 * One Query for the student's submissions, one for the templates, one GetItem each for the profile and cohort.
 */
import { UsernameParams } from '../../contract/params.js';
import type { StudentCompliance } from '../../contract/compliance.js';
import { studentSubject } from '../../domain/audit-subjects.js';
import { now, schoolDay } from '../../domain/clock.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { canReadAnyStudent, seesHealthRecords } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { presentStudentCompliance, requirementStatuses, retiredHistory } from '../../presenters/compliance.js';
import { recordRead } from '../../store/audit.js';
import { getCohort } from '../../store/cohort.js';
import { activeRequirements, listRequirements, studentSubmissions, toRequirement } from '../../store/compliance.js';
import { getStudentSummary } from '../../store/student.js';

export const handler = route('compliance-student', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const caller = callerOf(req);
  const own = caller.username === username;
  // refused before reading: a student cannot learn whether another username exists
  if (!own && !canReadAnyStudent(caller.roles)) throw new Forbidden();
  const full = own || seesHealthRecords(caller.roles);
  const [student, requirements, submissions] = await Promise.all([getStudentSummary(username), listRequirements(), studentSubmissions(username)]);
  if (!student) throw new NotFound('Student not found');
  const cohort = student.cohortId ? await getCohort(student.cohortId) : null;
  if (!own) {
    await recordRead({
      actor: caller.username,
      action: 'compliance.read',
      entityType: 'student',
      entityId: username,
      subject: studentSubject(student),
      after: { view: full ? 'statuses' : 'cleared only' },
    });
  }
  const statuses = requirementStatuses(activeRequirements(requirements), submissions, { ...student, cohortStart: cohort?.startDate ?? null }, schoolDay(now()));
  const retired = retiredHistory(requirements.filter((r) => r.retired).map(toRequirement), submissions);
  const body: StudentCompliance = presentStudentCompliance(username, statuses, full, retired);
  return { body };
});
