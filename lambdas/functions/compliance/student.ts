/**
 * GET /api/compliance/students/{username}/ — a student's requirements with their statuses, whether they are
 * cleared for clinicals and why not, and their rotations, each with its own clearance (clinical/standing.ts).
 * The student sees their own; the compliance group and admins anyone's; other staff only whether the student is
 * cleared. Every read of another person's record is in the audit log before it is answered.
 */
import { UsernameParams } from '../../contract/params.js';
import type { StudentCompliance } from '../../contract/compliance.js';
import { ClinicalReads, clinicalStanding } from '../../clinical/standing.js';
import { studentSubject } from '../../domain/audit-subjects.js';
import { now, schoolDay } from '../../domain/clock.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { canReadAnyStudent, seesHealthRecords } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { presentStudentCompliance, retiredHistory } from '../../presenters/compliance.js';
import { recordRead } from '../../store/audit.js';
import { toRequirement } from '../../store/compliance.js';

export const handler = route('compliance-student', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const caller = callerOf(req);
  const own = caller.username === username;
  // refused before reading: a student cannot learn whether another username exists
  if (!own && !canReadAnyStudent(caller.roles)) throw new Forbidden();
  const full = own || seesHealthRecords(caller.roles);
  const reads = new ClinicalReads();
  const standing = await clinicalStanding(username, schoolDay(now()), reads);
  if (!standing) throw new NotFound('Student not found');
  if (!own) {
    await recordRead({
      actor: caller.username,
      action: 'compliance.read',
      entityType: 'student',
      entityId: username,
      subject: studentSubject(standing.ledger.profile),
      after: { view: full ? 'statuses' : 'cleared only' },
    });
  }
  const retired = retiredHistory((await reads.allRequirements()).filter((r) => r.retired).map(toRequirement), standing.submissions);
  const body: StudentCompliance = presentStudentCompliance(username, standing, full, retired);
  return { body };
});
