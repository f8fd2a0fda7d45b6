/**
 * What an audit entry is about, in words a person reads ("course Physics (40101)"), not a record id.
 * Writers store the label on the entry when they write it, so a later rename or deletion of the
 * subject does not change what the log says. Entries written before labels existed get one from the
 * snapshot they already carry (before / after), or "<kind> <short id>": never an extra read per row.
 */

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const courseSubject = (c: { name: string; crn: string }) => `course ${c.name} (${c.crn})`;

export const documentSubject = (d: { title: string }) => `document ${d.title}`;

type CohortNaming = { academicYear: string; cohortNumber: number; programName?: string | null };

/** "2025-2026 Cohort 1 (Practical Nursing)", as the Cohorts screen names a cohort. */
export const cohortName = (c: CohortNaming) => `${c.academicYear} Cohort ${c.cohortNumber}${c.programName ? ` (${c.programName})` : ''}`;

export const cohortSubject = (c: CohortNaming) => `cohort ${cohortName(c)}`;

/** "student Ben Nguyen (ben)"; a student whose name is not at hand is named by their username. */
export const studentSubject = (s: { username: string; firstName?: string | null; lastName?: string | null }) => {
  const name = [s.firstName, s.lastName].filter(Boolean).join(' ');
  return name ? `student ${name} (${s.username})` : `student ${s.username}`;
};

/** "payment pi_123 $120.00 for ben": the intent id is what finance and Stripe's dashboard search by. */
export const paymentSubject = (p: { intentId: string; amountCents: number; username: string }) => `payment ${p.intentId} ${dollars(p.amountCents)} for ${p.username}`;

/** "compliance-submission BLS card of Ben Nguyen (ben)": the requirement, never the evidence's contents. */
export const complianceSubmissionSubject = (requirementName: string, s: { username: string; firstName?: string | null; lastName?: string | null }) =>
  `compliance-submission ${requirementName} of ${studentSubject(s).slice('student '.length)}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id as a person can still tell it apart: the first 8 characters of a UUID, any other id whole. */
export const shortId = (id: string) => (UUID.test(id) ? id.slice(0, 8) : id);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * The label of an entry without one of its own: from the snapshot the entry holds (the newer side
 * first: an update's after names the subject as it became), else the kind and a short id.
 */
export function subjectFromEntry(entry: { entityType: string; entityId: string; before?: unknown; after?: unknown }): string {
  for (const snapshot of [entry.after, entry.before]) {
    if (!isRecord(snapshot)) continue;
    const s = snapshot;
    if (entry.entityType === 'course' && text(s.name) && text(s.crn)) return courseSubject({ name: s.name, crn: s.crn });
    if (entry.entityType === 'document' && text(s.title)) return documentSubject({ title: s.title });
    if (entry.entityType === 'cohort' && text(s.academicYear) && typeof s.cohortNumber === 'number') {
      return cohortSubject({ academicYear: s.academicYear, cohortNumber: s.cohortNumber, programName: text(s.programName) ? s.programName : null });
    }
    if (entry.entityType === 'student' && (text(s.firstName) || text(s.lastName))) {
      return studentSubject({ username: entry.entityId, firstName: s.firstName as string, lastName: s.lastName as string });
    }
  }
  return `${entry.entityType} ${shortId(entry.entityId)}`;
}
