/**
 * GET /api/compliance/students/{username}/ — a student's requirements with their statuses, whether they are
 * cleared for clinicals and why not, and their rotations, each with its own clearance (clinical/standing.ts).
 * The student sees their own; the compliance group and admins anyone's; other staff only whether the student is
 * cleared. Every read of another person's record is in the audit log before it is answered.
 */
import type { StudentCompliance } from '../../contract/compliance.js';
import { ClinicalReads, clinicalStanding } from '../../clinical/standing.js';
import { studentSubject } from '../../domain/audit-subjects.js';
import { now, schoolDay } from '../../domain/clock.js';
import { NotFound } from '../../domain/errors.js';
import { seesHealthRecords } from '../../domain/roles.js';
import { route } from '../../http/route.js';
import { studentRecordRequest } from '../../http/student-record.js';
import { presentStudentCompliance, retiredHistory } from '../../presenters/compliance.js';
import { recordStudentRead } from '../../store/audit.js';
import { toRequirement } from '../../store/compliance.js';

export const handler = route('compliance-student', async (req) => {
  const { username, caller, own } = studentRecordRequest(req);
  const full = own || seesHealthRecords(caller.roles);
  const reads = new ClinicalReads();
  const standing = await clinicalStanding(username, schoolDay(now()), reads);
  if (!standing) throw new NotFound('Student not found');
  await recordStudentRead(caller.username, username, 'compliance.read', {
    subject: studentSubject(standing.ledger.profile),
    after: { view: full ? 'statuses' : 'cleared only' },
  });
  const retired = retiredHistory((await reads.allRequirements()).filter((r) => r.retired).map(toRequirement), standing.submissions);
  const body: StudentCompliance = presentStudentCompliance(username, standing, full, retired);
  return { body };
});
