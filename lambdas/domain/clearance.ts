/**
 * Cleared for clinicals: every requirement of the student's program, cohort and clinical site is approved and
 * good through the rotation's last day, the cohort's mandatory documents are acknowledged, and no hold blocks
 * clinicals (domain/financial-holds.ts). Worked out at read time, so a new charge or a payment changes the answer with no
 * write to the rotation. Each reason is a sentence a student, a coordinator or a site can act on.
 */
import type { ComplianceStatus, RequirementStatus } from '../contract/compliance.js';
import { longDate } from './clock.js';
import type { Hold } from './financial-holds.js';

export interface RequirementFact {
  name: string;
  status: ComplianceStatus;
  expires_on: string | null;
  /** The reviewer's reason, for Not approved. */
  reason: string | null;
  /**
   * Good for a season (a flu shot, through 31 March): it ends with its season, when it is no longer asked for and no
   * new one can be had, so a rotation running past that day does not need it to last longer.
   */
  seasonal?: boolean;
}

/** What clearance needs to know of a requirement's status. */
export const requirementFact = (s: RequirementStatus): RequirementFact => ({
  name: s.requirement.name,
  status: s.status,
  expires_on: s.expires_on,
  reason: s.reason,
  seasonal: s.requirement.validity.kind === 'seasonal',
});

export interface ClearanceFacts {
  /** The requirements that apply, each with its status as of today. */
  requirements: readonly RequirementFact[];
  /** The rotation's last day: requirements must be good through it. Without a rotation, today's statuses decide. */
  rotationEndsOn: string | null;
  /** The cohort's documents that ask for an acknowledgement or a signature. */
  documents: ReadonlyArray<{ title: string; acknowledged: boolean }>;
  /** The financial holds that block clinical clearance (domain/financial-holds.ts blocksAction). */
  holds: ReadonlyArray<Pick<Hold, 'reason'>>;
}

export interface Clearance {
  cleared: boolean;
  reasons: string[];
}

/** Dates in reasons are read by people, not parsed. */
export { longDate };

/** Why a requirement does not count today, in words ("BLS / CPR card expired 12 Mar 2026"); null when it does. */
export function requirementReason(r: RequirementFact): string | null {
  switch (r.status) {
    case 'approved':
    case 'expiring':
      return null;
    case 'missing':
      return `${r.name} is missing`;
    case 'pending':
      return `${r.name} is waiting for review`;
    case 'not_approved':
      return `${r.name} was not approved${r.reason ? `: ${r.reason}` : ''}`;
    case 'expired':
      return `${r.name} expired ${r.expires_on ? longDate(r.expires_on) : ''}`.trim();
  }
}

/** Whether a student is cleared, with every reason they are not. */
export function clearance(facts: ClearanceFacts): Clearance {
  const end = facts.rotationEndsOn;
  const reasons = [
    ...facts.requirements.map((r) => {
      const today = requirementReason(r);
      if (today !== null) return today;
      // good today: it must also be good through the rotation's last day
      return end && !r.seasonal && r.expires_on !== null && r.expires_on < end ? `${r.name} expires ${longDate(r.expires_on)}, before the rotation ends ${longDate(end)}` : null;
    }),
    ...facts.documents.map((d) => (d.acknowledged ? null : `${d.title} not acknowledged`)),
    ...facts.holds.map((h) => h.reason),
  ].filter((r): r is string => r !== null);
  return { cleared: reasons.length === 0, reasons };
}
