/**
 * POST /api/compliance/submissions/{id}/decision/ (compliance, admin) — Approved, with the completion date and
 * (unless the requirement never expires) the expiry, which the review screen suggests from the validity rule;
 * or Not approved, with a reason. No one decides their own submission (403); one decided meanwhile is a 409.
 */
import { complianceSubmissionSubject } from '../../domain/audit-subjects.js';
import { DecisionRequest, SubmissionParams, type ComplianceSubmission } from '../../contract/compliance.js';
import { now, schoolDay } from '../../domain/clock.js';
import { Forbidden, Invalid, NotFound } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { presentSubmission } from '../../presenters/compliance.js';
import { decideSubmission, getSubmission, listRequirements, type SubmissionRecord } from '../../store/compliance.js';

export const handler = route('compliance-decide', async (req) => {
  const caller = callerOf(req);
  const { id } = parseParams(req, SubmissionParams);
  const input = parseJsonBody(req, DecisionRequest);
  const [submission, requirements] = await Promise.all([getSubmission(id), listRequirements()]);
  if (!submission) throw new NotFound('Submission not found');
  if (submission.username === caller.username || submission.submitted_by === caller.username) throw new Forbidden('You may not decide your own submission');
  const requirement = requirements.find((r) => r.id === submission.requirement_id);
  if (input.decision === 'approved' && requirement?.validity.kind !== 'none' && !input.expires_on) throw new Invalid('expires_on: is required to approve');
  // as for a hand-in: a completion date ahead of today is a typo, and would push the expiry a reviewer derives from it too far out
  if (input.decision === 'approved' && input.completed_on && input.completed_on > schoolDay(now())) throw new Invalid('completed_on: must not be in the future');
  const at = now().toISOString();
  const decided: SubmissionRecord = {
    ...submission,
    status: input.decision,
    completed_on: input.decision === 'approved' ? (input.completed_on ?? null) : submission.completed_on,
    expires_on: input.decision === 'approved' ? (input.expires_on ?? null) : null,
    reason: input.decision === 'not_approved' ? (input.reason ?? null) : null,
    decided_by: caller.username,
    decided_at: at,
  };
  await decideSubmission(decided, {
    actor: caller.username,
    action: 'compliance.decide',
    entityType: 'compliance-submission',
    entityId: id,
    subject: complianceSubmissionSubject(requirement?.name ?? submission.requirement_id, { username: submission.username }),
    after: { decision: input.decision, completed_on: decided.completed_on, expires_on: decided.expires_on },
  });
  const body: ComplianceSubmission = presentSubmission(decided);
  return { body };
});
