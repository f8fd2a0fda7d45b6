/**
 * GET /api/students/{username}/ — a student's record with their bill computed from the ledger.
 * A student may read only their own record; staff, finance and admin may read anyone's, and each
 * such read is in the audit log before it is answered.
 */
import { studentSubject } from '../../domain/audit-subjects.js';
import { NotFound } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { studentRecordRequest } from '../../http/student-record.js';
import { recordStudentRead } from '../../store/audit.js';
import { getStudentLedger } from '../../store/student.js';
import { presentStudentDetail } from '../../presenters/student.js';

export const handler = route('students-get', async (req) => {
  const { username, caller } = studentRecordRequest(req);
  const ledger = await getStudentLedger(username);
  if (!ledger) throw new NotFound('Student not found');
  await recordStudentRead(caller.username, username, 'student.read', { subject: studentSubject(ledger.profile) });
  return { body: presentStudentDetail(ledger) };
});
