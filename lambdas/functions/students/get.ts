/**
 * GET /api/students/{username}/ — a student's record with their bill computed from the ledger.
 * A student may read only their own record; staff, finance and admin may read anyone's, and each
 * such read is in the audit log before it is answered.
 */
import { studentSubject } from '../../domain/audit-subjects.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { canReadAnyStudent } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { recordRead } from '../../store/audit.js';
import { getStudentLedger } from '../../store/student.js';
import { presentStudentDetail } from '../../presenters/student.js';
import { UsernameParams } from '../../contract/params.js';

export const handler = route('students-get', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const caller = callerOf(req);
  // Refuse before reading, so a student cannot even learn whether another username exists.
  if (caller.username !== username && !canReadAnyStudent(caller.roles)) throw new Forbidden();

  const ledger = await getStudentLedger(username);
  if (!ledger) throw new NotFound('Student not found');
  if (caller.username !== username)
    await recordRead({ actor: caller.username, action: 'student.read', entityType: 'student', entityId: username, subject: studentSubject(ledger.profile) });
  return { body: presentStudentDetail(ledger) };
});
