/**
 * POST /api/compliance/submissions/ (student, compliance, admin) — evidence for one requirement.
 * A student hands in their own, waiting for review. Compliance staff and admins may hand one in for a student
 * (`username`): it is approved by them at once, so it needs its completion date and, unless the requirement
 * never expires, its expiry. Files come from the caller's presigned uploads (POST /api/compliance/upload-url/):
 * their bytes are checked, then copied to the submission's own keys before the record is written.
 */
import { complianceSubmissionSubject } from '../../domain/audit-subjects.js';
import { randomUUID } from 'node:crypto';
import { SubmissionRequest, type ComplianceRequirement, type ComplianceSubmission } from '../../contract/compliance.js';
import { now, schoolDay } from '../../domain/clock.js';
import { AppError, Forbidden, Invalid, NotFound } from '../../domain/errors.js';
import { requirementsFor } from '../../domain/compliance.js';
import { seesHealthRecords } from '../../domain/roles.js';
import { checkUpload, displayFileName } from '../../domain/uploads.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { presentSubmission } from '../../presenters/compliance.js';
import { activeRequirements, createSubmission, listRequirements, type SubmissionRecord } from '../../store/compliance.js';
import { copyFile, deleteFileQuietly, fileSize, ownsUpload, readFile } from '../../store/document-files.js';
import { listSites } from '../../store/clinical-site.js';
import { studentPlacements } from '../../store/rotation.js';
import { getStudentSummary } from '../../store/student.js';

const complianceFileKey = (username: string, submissionId: string, index: number, name: string) => `compliance/${encodeURIComponent(username)}/${submissionId}/${index}-${name}`;

/** checkUpload names the field `file`; here the file is one of `upload_keys`, so the answer names which one. */
function checkedUpload(index: number, name: string, bytes: Uint8Array) {
  try {
    return checkUpload(name, bytes);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.status, error.message.replace(/^file(?=:)/, `upload_keys.${index}`), error.extra);
    throw error;
  }
}

/** The templates the sites of a student's current and coming rotations ask for (two Queries: their rotations, the sites). */
async function siteRequirementsOf(username: string, active: readonly ComplianceRequirement[]): Promise<ComplianceRequirement[]> {
  const today = schoolDay(now());
  const placements = (await studentPlacements(username)).filter((p) => p.ends_on >= today);
  if (!placements.length) return [];
  const sites = new Set(placements.map((p) => p.site_id));
  const asked = new Set((await listSites()).filter((s) => sites.has(s.id)).flatMap((s) => s.requirement_ids));
  return active.filter((r) => asked.has(r.id));
}

export const handler = route('compliance-submit', async (req) => {
  const caller = callerOf(req);
  const input = parseJsonBody(req, SubmissionRequest);
  const username = input.username ?? caller.username;
  // a reviewer's hand-in for a student is approved by them; their own (a reviewer who is also a student) waits for another reviewer
  const byStaff = seesHealthRecords(caller.roles) && username !== caller.username;
  if (username !== caller.username && !byStaff) throw new Forbidden('You may hand in only your own compliance items');

  const [student, all] = await Promise.all([getStudentSummary(username), listRequirements()]);
  // a username in the body is a field of the request (400); one's own record missing is a 404
  if (!student) throw input.username !== undefined ? new Invalid('username: is not a student') : new NotFound('Student not found');
  const requirement =
    requirementsFor(activeRequirements(all), student).find((r) => r.id === input.requirement_id) ??
    // a requirement a clinical site asks for: the student's, while they have a rotation there that has not ended
    (await siteRequirementsOf(username, activeRequirements(all))).find((r) => r.id === input.requirement_id);
  if (!requirement) throw new Invalid('requirement_id: is not a requirement of this student');

  const kind = input.kind ?? 'evidence';
  if (kind === 'alternative' && (input.alternative === undefined || input.alternative >= requirement.alternatives.length)) {
    throw new Invalid('alternative: must name one of the requirement’s alternatives');
  }
  if (kind === 'exemption' && !requirement.exemption_allowed) throw new Invalid('kind: this requirement allows no exemption');
  if (kind === 'exemption' && !input.note) throw new Invalid('note: is required to ask for an exemption');
  const keys = input.upload_keys ?? [];
  if (kind !== 'exemption') {
    if (requirement.evidence === 'file_and_dates' && keys.length === 0) throw new Invalid('upload_keys: at least one file is required');
    if (requirement.evidence !== 'attestation' && !input.completed_on) throw new Invalid('completed_on: is required');
    if (requirement.evidence === 'attestation' && input.attested !== true) throw new Invalid('attested: must be true');
  }
  if (byStaff && !input.completed_on) throw new Invalid('completed_on: is required to approve');
  if (byStaff && requirement.validity.kind !== 'none' && !input.expires_on) throw new Invalid('expires_on: is required to approve');
  if (input.completed_on && input.completed_on > schoolDay(now())) throw new Invalid('completed_on: must not be in the future');
  const foreign = keys.find((key) => !ownsUpload(key, caller.username));
  if (foreign !== undefined) throw new Invalid('upload_keys: must be uploads of yours (POST /api/compliance/upload-url/)');

  const id = randomUUID();
  const at = now().toISOString();
  const files: SubmissionRecord['files'] = [];
  try {
    for (const [index, key] of keys.entries()) {
      const name = displayFileName(key.slice(key.lastIndexOf('/') + 1));
      if ((await fileSize(key)) === null) throw new Invalid(`upload_keys.${index}: no such upload (it may have expired)`);
      const checked = checkedUpload(index, name, await readFile(key));
      const target = complianceFileKey(username, id, index, key.slice(key.lastIndexOf('/') + 1));
      files.push({ key: target, name, size: checked.size, content_type: checked.contentType });
      await copyFile(key, target, checked.contentType);
    }
    const record: SubmissionRecord = {
      id,
      username,
      lastName: student.lastName,
      cohortId: student.cohortId,
      requirement_id: requirement.id,
      kind,
      alternative: kind === 'alternative' ? (input.alternative ?? null) : null,
      files,
      completed_on: input.completed_on ?? null,
      expires_on: byStaff ? (input.expires_on ?? null) : null,
      attested: input.attested === true,
      note: input.note ?? '',
      status: byStaff ? 'approved' : 'pending',
      reason: null,
      submitted_by: caller.username,
      submitted_at: at,
      decided_by: byStaff ? caller.username : null,
      decided_at: byStaff ? at : null,
    };
    await createSubmission(record, {
      actor: caller.username,
      action: 'compliance.submit',
      entityType: 'compliance-submission',
      entityId: id,
      subject: complianceSubmissionSubject(requirement.name, student),
      // what happened, never the health details themselves
      after: { requirement: requirement.id, kind, files: files.length, status: record.status },
    });
    // adopted: the upload goes, as POST /api/documents/ does, so one upload cannot be handed in twice
    await Promise.all(keys.map((key) => deleteFileQuietly(key)));
    const body: ComplianceSubmission = presentSubmission(record);
    return { status: 201, body };
  } catch (error) {
    await Promise.all(files.map((f) => deleteFileQuietly(f.key)));
    throw error;
  }
});
