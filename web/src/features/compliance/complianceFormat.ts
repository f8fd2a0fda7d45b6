import {
  CATEGORY_LABELS,
  STATUS_LABELS,
  type ComplianceCategory,
  type ComplianceRequirement,
  type ComplianceStatus,
  type ComplianceSubmission,
  type EvidenceKind,
  type Validity,
} from '#contract/compliance';
import { formatCalendarDate } from '#shared/lib/dates';

export const EVIDENCE_LABELS: Record<EvidenceKind, string> = {
  file_and_dates: 'A file and its dates',
  date_only: 'A date only',
  attestation: 'An attestation',
};

export const SUBMISSION_STATUS_LABELS: Record<ComplianceSubmission['status'], string> = {
  pending: 'Pending review',
  approved: 'Approved',
  not_approved: 'Not approved',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const monthName = (month: number) => MONTHS[month - 1] ?? String(month);

export const categoryLabel = (category: ComplianceCategory) => CATEGORY_LABELS[category] ?? category;
export const statusLabel = (status: ComplianceStatus) => STATUS_LABELS[status] ?? status;

/** "Valid 24 months", "Valid through 31 March each year", "Does not expire". */
export function validityText(validity: Validity): string {
  if (validity.kind === 'months') return `Valid ${validity.months} month${validity.months === 1 ? '' : 's'} after completion`;
  if (validity.kind === 'seasonal') return `Valid through ${validity.day} ${monthName(validity.month)}`;
  return 'Does not expire';
}

/** A calendar day as the school writes it, or a dash. */
export const dayText = (day: string | null | undefined) => (day ? formatCalendarDate(day) : '—');

/** What a submission was: the evidence, an alternative (named), or an exemption request. */
export function submissionKindText(submission: ComplianceSubmission, requirement?: ComplianceRequirement): string {
  if (submission.kind === 'exemption') return 'Exemption request';
  if (submission.kind === 'alternative') {
    const name = submission.alternative === null ? undefined : requirement?.alternatives[submission.alternative];
    return name ? `Alternative: ${name}` : 'Alternative';
  }
  return 'Evidence';
}

/** A student's name as the queue and the grid show it. */
export const personName = (person: { first_name: string; last_name: string; username: string }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ') || person.username;
