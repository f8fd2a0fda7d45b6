/**
 * GET /api/compliance/submissions/{id}/files/{index}/ — a presigned GET of one file of a submission, valid for
 * 5 minutes (`?disposition=inline` for the preview dialog): the student's own, or anyone's for the compliance
 * group and admins, whose reads are audited. Other staff never see the files (403), nor does anyone else (404
 * would tell a student the id exists; 403 is given before reading for those who may read no one's).
 */
import { complianceSubmissionSubject } from '../../domain/audit-subjects.js';
import { DownloadQuery } from '../../contract/document-download.js';
import { SubmissionFileParams } from '../../contract/compliance.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { seesHealthRecords } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams, parseQuery } from '../../http/validate.js';
import { recordRead } from '../../store/audit.js';
import { getSubmission } from '../../store/compliance.js';
import { downloadAnswer } from '../../uploads/download-answer.js';

export const handler = route('compliance-file', async (req) => {
  const { id, index } = parseParams(req, SubmissionFileParams);
  const { disposition } = parseQuery(req, DownloadQuery);
  const caller = callerOf(req);
  const staff = seesHealthRecords(caller.roles);
  const submission = await getSubmission(id);
  // the same answer for "not yours" and "no such submission": an id tells a student nothing
  if (!submission || (!staff && submission.username !== caller.username)) throw staff ? new NotFound('Submission not found') : new Forbidden();
  const file = submission.files[index];
  if (!file) throw new NotFound('This submission has no such file');
  if (submission.username !== caller.username) {
    await recordRead({
      actor: caller.username,
      action: 'compliance.file.read',
      entityType: 'compliance-submission',
      entityId: id,
      subject: complianceSubmissionSubject(submission.requirement_id, { username: submission.username }),
    });
  }
  return { body: await downloadAnswer(req, file, disposition) };
});
