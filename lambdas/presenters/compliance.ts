/** Compliance records as the API shows them, with each requirement's status as of the school's today. */
import { STATUS_LABELS, type ComplianceRequirement, type ComplianceSubmission, type RequirementStatus, type StudentCompliance } from '../contract/compliance.js';
import { addDays, requirementState, requirementsFor, type StudentPlacement } from '../domain/compliance.js';
import type { StudentRotation } from '../contract/clinical.js';
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
  /** What the clinical sites of the student's rotations ask for. */
  siteRequirementIds: ReadonlySet<string> = new Set(),
): RequirementStatus[] {
  const mine = submissions.map(presentSubmission);
  return requirementsFor(requirements, student, siteRequirementIds).map((requirement) => {
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

/** The history of retired templates the student handed something in for (a retired template asks nothing of anyone). */
export function retiredHistory(retired: readonly ComplianceRequirement[], submissions: readonly SubmissionRecord[]): NonNullable<StudentCompliance['retired']> {
  const mine = submissions.map(presentSubmission);
  return retired.map((requirement) => ({ requirement, history: mine.filter((s) => s.requirement_id === requirement.id).sort(newestFirst) })).filter((r) => r.history.length > 0);
}

/**
 * The answer of GET /api/compliance/students/{username}/; `full`: with the statuses, the reasons and the rotations (the
 * student, compliance staff, admins). Other staff learn only whether the student is cleared.
 */
export function presentStudentCompliance(
  username: string,
  standing: { statuses: RequirementStatus[]; cleared: boolean; reasons: string[]; rotations: StudentRotation[] },
  full: boolean,
  retired: StudentCompliance['retired'] = [],
): StudentCompliance {
  if (!full) return { username, cleared: standing.cleared, reasons: [] };
  const rotations = standing.rotations.map(({ id, site_name, unit, course_name, instructor, starts_on, ends_on, cleared, reasons }) => ({
    id,
    site_name,
    unit,
    course_name,
    instructor,
    starts_on,
    ends_on,
    cleared,
    reasons,
  }));
  return { username, cleared: standing.cleared, reasons: standing.reasons, requirements: standing.statuses, retired, rotations };
}
