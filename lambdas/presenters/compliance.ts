/** Compliance records as the API shows them, with each requirement's status as of the school's today. */
import { STATUS_LABELS, type ComplianceRequirement, type ComplianceSubmission, type RequirementStatus, type StudentCompliance } from '../contract/compliance.js';
import { addDays, requirementState, requirementsFor, type StudentPlacement } from '../domain/compliance.js';
import type { SubmissionRecord } from '../store/compliance.js';

export function presentSubmission(s: SubmissionRecord): ComplianceSubmission {
  const { lastName: _lastName, cohortId: _cohortId, ...submission } = s;
  return submission;
}

const newestFirst = (a: ComplianceSubmission, b: ComplianceSubmission) => (a.submitted_at < b.submitted_at ? 1 : a.submitted_at > b.submitted_at ? -1 : 0);

/** Each requirement that applies to the student, with its status, due day and history. */
export function requirementStatuses(
  requirements: readonly ComplianceRequirement[],
  submissions: readonly SubmissionRecord[],
  student: StudentPlacement & { cohortStart: string | null },
  today: string,
): RequirementStatus[] {
  const mine = submissions.map(presentSubmission);
  return requirementsFor(requirements, student).map((requirement) => {
    const history = mine.filter((s) => s.requirement_id === requirement.id).sort(newestFirst);
    const state = requirementState(history, today);
    return {
      requirement,
      status: state.status,
      status_label: STATUS_LABELS[state.status],
      expires_on: state.expiresOn,
      reason: state.reason,
      due_on: student.cohortStart && requirement.due_days_from_cohort_start !== null ? addDays(student.cohortStart, requirement.due_days_from_cohort_start) : null,
      pending: state.pending,
      history,
    };
  });
}

const longDate = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Why a requirement does not count today, in words ("BLS / CPR card expired 12 Mar 2026"). */
export function reasonOf(s: RequirementStatus): string | null {
  const name = s.requirement.name;
  switch (s.status) {
    case 'approved':
    case 'expiring':
      return null;
    case 'missing':
      return `${name} is missing`;
    case 'pending':
      return `${name} is waiting for review`;
    case 'not_approved':
      return `${name} was not approved${s.reason ? `: ${s.reason}` : ''}`;
    case 'expired':
      return `${name} expired ${s.expires_on ? longDate(s.expires_on) : ''}`.trim();
  }
}

/** The history of retired templates the student handed something in for (a retired template asks nothing of anyone). */
export function retiredHistory(retired: readonly ComplianceRequirement[], submissions: readonly SubmissionRecord[]): NonNullable<StudentCompliance['retired']> {
  const mine = submissions.map(presentSubmission);
  return retired.map((requirement) => ({ requirement, history: mine.filter((s) => s.requirement_id === requirement.id).sort(newestFirst) })).filter((r) => r.history.length > 0);
}

/** The answer of GET /api/compliance/students/{username}/; `full`: with the statuses (the student, compliance staff, admins). */
export function presentStudentCompliance(username: string, statuses: RequirementStatus[], full: boolean, retired: StudentCompliance['retired'] = []): StudentCompliance {
  const reasons = statuses.map(reasonOf).filter((r): r is string => r !== null);
  return { username, cleared: reasons.length === 0, reasons: full ? reasons : [], ...(full ? { requirements: statuses, retired } : {}) };
}
