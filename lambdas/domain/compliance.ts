/**
 * Clinical compliance rules, pure: which requirements apply to a student, when an approval expires,
 * and the status of each requirement, worked out at read time from the school-local date (domain/clock.ts
 * schoolDay) so nothing stored goes stale and a student can never set one.
 *
 * Dates are calendar days, `YYYY-MM-DD`, compared as strings. An approval is good through its expiry day:
 * it is Expired from the day after, and Expiring from 30 days before (the expiry day itself included).
 */
import type { ComplianceRequirement, ComplianceStatus, ComplianceSubmission, Validity } from '../contract/compliance.js';

export const EXPIRING_WITHIN_DAYS = 30;

const DAY_MS = 86_400_000;
const parseDay = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const formatDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` plus `days` calendar days. */
export const addDays = (day: string, days: number) => formatDay(parseDay(day) + days * DAY_MS);

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((parseDay(to) - parseDay(from)) / DAY_MS);

/** The ISO 8601 week of a day, `2026-W48`: weeks start on Monday, and the week's Thursday decides its year. */
export function isoWeek(day: string): string {
  const date = new Date(parseDay(day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The reminder threshold `daysLeft` has reached: the smallest of `thresholds` not below it (30 days left reaches the
 * 30-day one, 20 still that one, 14 the 14-day one); none before the largest, nor once the day has passed.
 */
export const thresholdReached = (thresholds: readonly number[], daysLeft: number) =>
  daysLeft < 0 ? null : ([...thresholds].sort((a, b) => a - b).find((t) => daysLeft <= t) ?? null);

/** `day` plus `months` calendar months, on the same day of the month or the month's last day (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonths(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const target = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return formatDay(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(Number(day.slice(8, 10)), lastDay)));
}

/**
 * The expiry a reviewer is offered for an item completed on `completedOn`: months after it, the next
 * seasonal end on or after it (a flu shot of October is good through 31 March), or none.
 */
export function suggestedExpiry(validity: Validity, completedOn: string): string | null {
  if (validity.kind === 'none') return null;
  if (validity.kind === 'months') return addMonths(completedOn, validity.months);
  const year = Number(completedOn.slice(0, 4));
  const end = (y: number) => `${y}-${String(validity.month).padStart(2, '0')}-${String(validity.day).padStart(2, '0')}`;
  return end(year) >= completedOn ? end(year) : end(year + 1);
}

/** A student's place in the school: what decides which requirements are theirs. */
export interface StudentPlacement {
  programType: string | null;
  cohortId: string | null;
}

/**
 * The requirements that apply to a student: their program type's, their cohort's, and those the clinical sites of
 * their rotations ask for (`siteRequirementIds`: the sites' lists, whatever each template's own audience).
 */
export function requirementsFor(
  requirements: readonly ComplianceRequirement[],
  student: StudentPlacement,
  siteRequirementIds: ReadonlySet<string> = new Set(),
): ComplianceRequirement[] {
  return requirements.filter((r) => {
    if (siteRequirementIds.has(r.id)) return true;
    switch (r.applies_to.kind) {
      case 'program_type':
        return r.applies_to.program_type === student.programType;
      case 'cohort':
        return r.applies_to.cohort_id === student.cohortId && student.cohortId !== null;
      case 'site':
        return false;
    }
  });
}

export interface RequirementState {
  status: ComplianceStatus;
  /** The approval that counts (its expiry), if any. */
  approved: ComplianceSubmission | null;
  /** A submission waiting for review: the first one, or a renewal of one still counting. */
  pending: ComplianceSubmission | null;
  /** The reviewer's reason, when the latest decision was Not approved and nothing approved counts. */
  reason: string | null;
  expiresOn: string | null;
}

const bySubmitted = (a: ComplianceSubmission, b: ComplianceSubmission) => (a.submitted_at < b.submitted_at ? -1 : a.submitted_at > b.submitted_at ? 1 : 0);

/**
 * The status of one requirement from its submissions, as of the school-local day `today`:
 *  - an approval that has not expired counts (Approved, or Expiring within 30 days), whatever came after it;
 *    a renewal waiting for review is reported beside it;
 *  - without one: a submission waiting for review is Pending review; else the latest decision, if it was
 *    Not approved (with its reason); else an expired approval is Expired; else Missing.
 */
export function requirementState(submissions: readonly ComplianceSubmission[], today: string): RequirementState {
  const sorted = [...submissions].sort(bySubmitted);
  const approved = sorted.filter((s) => s.status === 'approved').at(-1) ?? null;
  const pending = sorted.filter((s) => s.status === 'pending' && (!approved || s.submitted_at > approved.submitted_at)).at(-1) ?? null;
  const decided = sorted.filter((s) => s.status !== 'pending').at(-1) ?? null;
  const expiresOn = approved?.expires_on ?? null;
  const state = (status: ComplianceStatus, reason: string | null = null): RequirementState => ({ status, approved, pending, reason, expiresOn });
  if (approved && (expiresOn === null || expiresOn >= today)) {
    return state(expiresOn !== null && expiresOn <= addDays(today, EXPIRING_WITHIN_DAYS) ? 'expiring' : 'approved');
  }
  if (pending) return state('pending');
  if (decided?.status === 'not_approved') return state('not_approved', decided.reason ?? null);
  if (approved) return state('expired');
  return state('missing');
}

/** Whether a requirement counts as met on `day` (cleared for a rotation ending that day: approved and not expired by then). */
export const validThrough = (state: Pick<RequirementState, 'status' | 'expiresOn'>, day: string) =>
  (state.status === 'approved' || state.status === 'expiring') && (state.expiresOn === null || state.expiresOn >= day);
