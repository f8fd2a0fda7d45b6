/**
 * A rotation's roster with each student's clearance for it and the requirements it asks of them, as of the
 * school's today: one clinical-file read per student (clinical/standing.ts), the shared reads once.
 */
import type { RequirementStatus } from '../contract/compliance.js';
import type { RosterEntry } from '../contract/clinical.js';
import { ClinicalReads, clinicalStanding } from './standing.js';
import type { MemberRecord, RotationRecord } from '../store/rotation.js';

export interface RosterStanding extends RosterEntry {
  requirements: RequirementStatus[];
}

export async function rosterStandings(rotation: RotationRecord, members: readonly MemberRecord[], today: string): Promise<RosterStanding[]> {
  const reads = new ClinicalReads();
  return Promise.all(
    members.map(async (m): Promise<RosterStanding> => {
      const standing = await clinicalStanding(m.username, today, reads, rotation.id);
      const here = standing?.rotations.find((r) => r.id === rotation.id);
      const base = { username: m.username, first_name: m.first_name, last_name: m.last_name, cohort_id: standing?.ledger.profile.cohortId ?? null };
      // a student deleted since they were assigned, or a copy missing from their record: not cleared, and said so
      if (!standing || !here) return { ...base, cleared: false, reasons: ['No student record for this rotation'], requirements: [] };
      return { ...base, cleared: here.cleared, reasons: here.reasons, requirements: here.requirements };
    }),
  );
}
